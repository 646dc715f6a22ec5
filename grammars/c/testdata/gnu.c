/* GNU C extensions: some of these give tree-sitter ERROR nodes. */
#include <stddef.h>

#define max(a, b) ({ typeof(a) _a = (a); typeof(b) _b = (b); _a > _b ? _a : _b; })

struct __attribute__((packed)) packed {
    char c;
    int i;
};

static inline int __attribute__((always_inline)) twice(int x)
{
    return x * 2;
}

int gnu_features(int n)
{
    int v = ({ int t = n; t * 3; });
    typeof(n) copy = n;
    static void *labels[] = { &&one, &&two };
    switch (n) {
    case 1 ... 5:
        v += 1;
        break;
    default:
        break;
    }
    goto *labels[n & 1];
one:
    v = v ?: 7;
two:
    __asm__ __volatile__("nop" ::: "memory");
    return v + copy + twice(n) + max(n, 3);
}

int zero_len[0];
__extension__ typedef long long int64;
int after_errors(void) { return 0; }
