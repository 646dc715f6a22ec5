#include <stdio.h>

#define TWICE(x) ((x) * 2)

// CRLF file
int main(int argc, char **argv)
{
    int n = argc;
    if (n > 1) {
        n = TWICE(n);
    }
#ifdef VERBOSE
    printf("%d\n", n);
#endif
    /* done */
    return n;
}
