#include <ctype.h>
#include "util.h"

const char *skip_spaces(const char *s) {
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

int parse_int(const char *s, int *out) {
    int sign = 1, value = 0, digits = 0;
    s = skip_spaces(s);
    if (*s == '-') {
        sign = -1;
        s++;
    }
    for (; isdigit((unsigned char)*s); s++, digits++)
        value = 10 * value + (*s - '0');
    *out = sign * value;
    return digits > 0;
}
