int printf(const char *fmt, ...);
int add3(int a, int b, int c);

int a = 1, b, *c = &a, d[2] = { 3, 4 };

struct config {
    const char *name;
    int flags[3];
    struct { int lo, hi; } range;
};

struct config configs[] = {
    { "first", { 1, 2, 3 }, { 0, 10 } },
    { .name = "second", .flags = { [2] = 7 }, .range.hi = 5 },
    { "third", /* no flags */ {0}, { -1, /* hi */ 1 } },
};

enum mode {
    MODE_READ,  /* read */
    MODE_WRITE, /* write */
    MODE_BOTH = MODE_READ | MODE_WRITE,
};

int add3(int a, int b, int c)
{
    return a + b + c;
}

int use(int x, int y, int z)
{
    int r = add3(x, y, z), s = add3(1, /* two */ 2, 3);
    printf("%d %d %s\n", r, s, configs[0].name);
    printf("%d\n",
           add3(r,
                s, // the second
                z));
    return r, s;
}
