// histogram.cc: the source of the C++ case. gen.sh preprocesses it with
// libstdc++'s headers into a translation unit of about 560 KB.
#include <map>
#include <vector>

// histogram counts how often each value occurs.
std::map<int, int> histogram(const std::vector<int> &values) {
  std::map<int, int> counts;
  for (int i = 0; i < values.size(); ++i)
    counts[values[i]]++;
  return counts;
}

int main() {
  std::vector<int> v{1, 2, 2, 3};
  return histogram(v).size() == 3 ? 0 : 1;
}
