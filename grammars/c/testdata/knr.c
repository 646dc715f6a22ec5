/* K&R-style definitions and macro-heavy code. */
#define DECLARE(type, name) type name
#define FOR_EACH(i, n) for (i = 0; i < (n); i++)
#define STR(x) #x
#define CAT(a, b) a##b

int old_style(a, b, c)
    int a;
    char *b;
    double c;
{
    return a + (int)c;
}

long legacy(n)
long n;
{
    register long r = 1;
    while (n > 1)
        r *= n--;
    return r;
}

DECLARE(int, global_counter);

int macro_user(int n)
{
    int i, total = 0;
    FOR_EACH(i, n) {
        total += i;
    }
    total += CAT(glob, al_counter);
    return total + sizeof(STR(hello));
}
