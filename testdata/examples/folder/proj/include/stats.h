#ifndef STATS_H
#define STATS_H

struct summary {
    int count;
    int min, max;
    int mean;
};

int sum(const int *xs, int n);
int average(const int *xs, int n);
struct summary summarize(const int *xs, int n);

#endif
