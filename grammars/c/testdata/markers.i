/* gcc -E of a small file whose header was included as a system header
   (-isystem), with a marker added before main: line markers stand
   wherever a macro of the header was expanded. */
# 0 "markers.c"
# 0 "<built-in>"
# 0 "<command-line>"
# 1 "/usr/include/stdc-predef.h" 1 3 4
# 0 "<command-line>" 2
# 1 "markers.c"
# 1 "sys/lib.h" 1 3 4

# 1 "sys/lib.h" 3 4
typedef unsigned long size_t;
typedef int int32_t;
typedef unsigned char uint8_t;







void fail(const char *what, const char *file, int line);
int *err_location(void);
struct lock { int owner, count; struct { int x, y; } spin; };
# 2 "markers.c" 2



# 4 "markers.c"
struct pair { int32_t a; uint8_t b; };
static void *nothing = 
# 5 "markers.c" 3 4
                      ((void *)0)
# 5 "markers.c"
                          ;
static struct lock mu = 
# 6 "markers.c" 3 4
                       { 0, 0, { 0, 0 } }
# 6 "markers.c"
                           ;
int get(struct pair *p, size_t n) {
    if (p == 
# 8 "markers.c" 3 4
            ((void *)0)
# 8 "markers.c"
                )
        return -
# 9 "markers.c" 3 4
               22
# 9 "markers.c"
                     ;
    
# 10 "markers.c" 3 4
   ((
# 10 "markers.c"
   n < 
# 10 "markers.c" 3 4
   (18446744073709551615UL)) ? (void)0 : fail(
# 10 "markers.c"
   "n < LIMIT"
# 10 "markers.c" 3 4
   , "markers.c", 10))
# 10 "markers.c"
                   ;
    return p[n].a + (int)
# 11 "markers.c" 3 4
                        __builtin_offsetof(
# 11 "markers.c"
                        struct pair
# 11 "markers.c" 3 4
                        , 
# 11 "markers.c"
                        b
# 11 "markers.c" 3 4
                        )
# 11 "markers.c"
                                              ;
}
# 13 "markers.c"
int main(void) {
    struct pair ps[2] = { { 1, 2 }, { 3, 4 } };
    
# 15 "markers.c" 3 4
   (*err_location()) 
# 15 "markers.c"
       = 0;
    return get(ps, 1) + (nothing != 
# 16 "markers.c" 3 4
                                   ((void *)0)
# 16 "markers.c"
                                       ) + mu.count;
}
