#include <stdio.h>
#include "local.h"

#define ANSWER 42
#define SQUARE(x) ((x) * (x))
#define LONG_MACRO(a, b) \
    do { \
        (a) += (b); \
    } while (0)
#define EMPTY

#ifndef CONFIG_H
#define CONFIG_H 1
#endif

#if defined(DEBUG) && DEBUG > 1
static int debug_level = DEBUG;
#elif defined(NDEBUG)
static int debug_level = 0;
#else
static int debug_level = 1;
#endif

#pragma once

struct opts {
    int verbose;
#ifdef WITH_EXTRA
    int extra;
#endif
    int quiet;
};

int compute(int v)
{
    int r = SQUARE(v);
#ifdef TRACE
    printf("compute %d\n", v);
#endif
    r += ANSWER;
#if ANSWER > 40
    r--;
#else
    r++;
#endif
    LONG_MACRO(r, debug_level);
    return r;
}

#undef SQUARE
#error "not reached"
