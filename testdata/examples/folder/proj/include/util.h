#ifndef UTIL_H
#define UTIL_H

int parse_int(const char *s, int *out);
const char *skip_spaces(const char *s);

#endif
