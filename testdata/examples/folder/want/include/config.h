#ifndef CONFIG_H
#define MEAN(total, count) ((total) / (count))
#endif
