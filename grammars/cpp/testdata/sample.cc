namespace ns {
template <typename T, int N = 3>
class Box : public Base<T>, private Other {
public:
  Box() : v_(0), w_{1} {}
  explicit Box(T v) noexcept : v_(v) {}
  virtual ~Box() = default;
  T get() const { return v_; }
  static constexpr int k = N;
  int a = 1, b;
  using value_type = T;
  typedef T* pointer;
  friend class Other;
private:
  [[nodiscard]] int f(int x, int y) override;
  T v_;
  int w_;
};
}
using namespace std;
auto l = [&x, y](int a) mutable -> int { return a + x; };
std::vector<int> v{1, 2, 3};
int main() {
  for (auto &x : v) { x++; }
  try { throw 1; } catch (const std::exception &e) { } catch (...) {}
  if constexpr (true) {}
  auto *p = new int[3];
  delete[] p;
  static_assert(sizeof(int) == 4, "x");
  return foo<int, 3>(1);
}
enum class E : int { A, B };
template <> struct S<int> {};
