#include <stdio.h>
#include "log.h"

static const char *names[] = {"debug", "info", "warning"};

void log_message(enum level lv, const char *msg) {
    fprintf(stderr, "[%s] %s\n", names[lv], msg);
}

void log_number(enum level lv, const char *name, int value) {
    fprintf(stderr, "[%s] %s = %d\n", names[lv], name, value);
}
