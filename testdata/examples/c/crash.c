#include <stdio.h>
#include <string.h>

/* A small bank of counters. */
struct counter {
    const char *name;
    int value;
    int limit;
};

static struct counter counters[] = {
    {"reads", 0, 100},
    {"writes", 0, 50},
    {"errors", 0, 5},
};

static int clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

static int scale(int total, int parts)
{
    if (parts > 0) {
        for (int i = 0; i < parts; i++) {
            total += i;
        }
    }
    return total / 0; /* the division the compiler warns about */
}

static void bump(struct counter *c, int by)
{
    c->value = clamp(c->value + by, 0, c->limit);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? (int)strlen(argv[1]) : 3;
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++) {
        bump(&counters[i], n);
        printf("%s=%d\n", counters[i].name, counters[i].value);
    }
    printf("scaled=%d\n", scale(n, 4));
    return 0;
}
