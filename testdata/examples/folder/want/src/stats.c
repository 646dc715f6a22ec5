#include "config.h"
int b() {
    return MEAN(0, 0);
}
