#include "config.h"
#include "stats.h"

int sum(const int *xs, int n) {
    int total = 0;
    for (int i = 0; i < n; i++)
        total += xs[i];
    return total;
}

int average(const int *xs, int n) {
    int total = sum(xs, n);
    if (n == 0)
        return MEAN(total, EMPTY);
    return MEAN(total, n);
}

struct summary summarize(const int *xs, int n) {
    struct summary s = {n, 0, 0, 0};
    if (n > 0) {
        s.min = s.max = xs[0];
        for (int i = 1; i < n; i++) {
            s.min = xs[i] < s.min ? xs[i] : s.min;
            s.max = xs[i] > s.max ? xs[i] : s.max;
        }
    }
    s.mean = average(xs, n);
    return s;
}
