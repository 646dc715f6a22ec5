#include <stdio.h>
#include "config.h"
#include "log.h"
#include "stats.h"
#include "util.h"

int main(int argc, char **argv) {
    int xs[MAX_SERIES];
    int n = 0;
    for (int i = 1; i < argc && n < MAX_SERIES; i++) {
        if (!parse_int(argv[i], &xs[n])) {
            log_message(WARNING, "not a number");
            continue;
        }
        xs[n] = CLAMP(xs[n], -1000, 1000);
        n++;
    }
    struct summary s = summarize(xs, n);
    log_number(INFO, "count", s.count);
    printf("statsdemo %s: min %d, max %d, mean %d\n", VERSION, s.min, s.max, s.mean);
    return 0;
}
