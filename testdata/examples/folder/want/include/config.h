#define MEAN(total, count) ((total) / (count))
