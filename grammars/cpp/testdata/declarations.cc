class A { public: int x; };
struct B;
class C : public A {} c;
void f(int a = 3);
template <typename T = int, class... U> void g(T t = T{}, U... u) {}
int x = f<1>(2), y[3] {};
struct D { int a : 3, b : 4; int c = 1, d{2}; };
auto [p, q] = std::pair{1, 2};
namespace a::b { }
