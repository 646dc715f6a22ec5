/*
 * A file full of comments.
 */
// line comment at the top
#include <string.h> // trailing comment on an include

/* before a declaration */ int x; /* after it */

int f(/* no params */ void) // after the declarator
{
    // first statement
    int a = 1; // trailing
    /* block */ int b = /* inline */ 2;
    a = a// no space
        +b;
    a = a/**/-b;
    return a /* before semicolon */ ;
    // last line comment
}

/* multi
   line
   comment */
int g(int p /* first */, int q /* second */)
{
    return p/q; // division, not a comment
}
// comment at the end without newline