#include "config.h"
int average() {
    int total;
    return MEAN(total, EMPTY);
}
