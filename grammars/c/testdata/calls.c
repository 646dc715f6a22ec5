#include <stdio.h>

int helper(int a, int b, int unused);
static int twice(int x, int y) { return x * 2; }
int *ptr(int n);
int apply(int (*fn)(int), int v) { return fn(v); }

int helper(int a, int b, int unused)
{
    int r = a + b;
    if (r > 10)
        return r;
    return 0;
}

static int square(int v) { return v * v; }

int logf_(const char *fmt, ...) { return 0; }

int main(void)
{
    int total = 0, count;
    count = helper(1, 2, 3);
    total = twice(count, total);
    helper(square(total), count, 0);
    total += square(count);
    logf_("%d", total, count);
    for (count = 0; count < 3; count = count + twice(1, 2))
        printf("%d\n", square(count));
    return apply(square, total);
}
