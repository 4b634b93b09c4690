#include "natural_order.h"

#include <stddef.h>
#include <string.h>

static int _is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static size_t _digit_run(const char *s)
{
    size_t n = 0;

    while (_is_digit(s[n]))
        n++;
    return n;
}

int hl_natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (_is_digit(*a) && _is_digit(*b)) {
            size_t za = 0, zb = 0, na, nb;
            int c;

            while (a[za] == '0' && _is_digit(a[za + 1]))
                za++;
            while (b[zb] == '0' && _is_digit(b[zb + 1]))
                zb++;
            na = _digit_run(a + za);
            nb = _digit_run(b + zb);
            if (na != nb)
                return na < nb ? -1 : 1;
            c = memcmp(a + za, b + zb, na);
            if (c)
                return c;
            /* Equal values: fewer leading zeros first, so n1 < n01. */
            if (za != zb)
                return za < zb ? -1 : 1;
            a += za + na;
            b += zb + nb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}
