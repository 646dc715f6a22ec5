int a;
int g(void) { return 1; }
typedef int vec;
  return __extension__ (vec){ x, 0.0 };
extern __inline vec __attribute__((always_inline))
splat (double x)
  return __extension__ (vec){ x, x };
{
  return __extension__ (vec){ y, w };
extern __inline vec __attribute__((always_inline))
pair (double w, double y)
{
  return __extension__ (vec){ w, y };
int c;
struct s { int x; };
