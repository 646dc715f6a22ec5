#include <stdlib.h>

static int counter;

int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

int sum(const int *a, int n)
{
    int s = 0, i;
    for (i = 0; i < n; i++) {
        if (a[i] < 0) {
            continue;
        } else if (a[i] > 100) {
            s += 100;
        } else {
            s += a[i];
        }
    }
    return s;
}

void loops(int n)
{
    int i = 0;
    while (i < n) {
        i++;
        if (i == 3)
            break;
    }
    do {
        --i;
    } while (i > 0);
    for (;;) {
        if (++i > 10) goto out;
    }
out:
    switch (i) {
    case 0:
    case 1:
        counter = i * 2;
        break;
    case 2: {
        int k = i << 1;
        counter += k;
        break;
    }
    default:
        counter = -1;
    }
}

int main(void)
{
    int arr[4] = {1, -2, 300, 4};
    int *p = malloc(sizeof *p * 4);
    if (!p)
        return 1;
    loops(sum(arr, 4));
    p[0] = fib(10) ? arr[1] : arr[2];
    free(p);
    return counter > 0 && counter != 7 ? 0 : 1;
}
