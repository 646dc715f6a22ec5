typedef unsigned long size_type;
typedef struct node node_t, *node_p;

struct node {
    int value;
    struct node *next, *prev;
    unsigned flag : 1, kind : 3;
    union {
        double d;
        char bytes[sizeof(double)];
    } u;
    void (*visit)(struct node *, void *ctx);
};

enum color { RED, GREEN = 4, BLUE = GREEN << 1, };

union pun {
    float f;
    unsigned int i;
};

enum { ANON_A, ANON_B };

struct point { int x, y; };

static const struct point origin = { 0, 0 };
volatile int *const volatile_ptr = 0;
int (*handlers[3])(int, char **);
char matrix[3][4];

size_type node_count(const node_t *n)
{
    size_type c = 0;
    struct local { int a; };
    for (; n; n = n->next)
        c++;
    return c;
}

float as_float(unsigned int bits)
{
    union pun p;
    p.i = bits;
    return p.f;
}

enum color next_color(enum color c)
{
    return c == RED ? GREEN : c == GREEN ? BLUE : RED;
}
