#ifndef CONFIG_H
#define EMPTY 0
#define MEAN(total, count) ((total) / (count))
#endif
