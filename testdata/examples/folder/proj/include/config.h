#ifndef CONFIG_H
#define CONFIG_H

/* Build settings for statsdemo. */
#define VERSION "1.4.2"
#define MAX_SERIES 64
#define EMPTY 0

/* MEAN(total, count): the mean of count values adding up to total. */
#define MEAN(total, count) ((total) / (count))
#define CLAMP(x, lo, hi) ((x) < (lo) ? (lo) : (x) > (hi) ? (hi) : (x))

#endif
