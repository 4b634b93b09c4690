#include "fixed_of.h"

#include <float.h>
#include <stdio.h>
#include <string.h>

#include "decimal.h"

int64_t hl_fixed_of(double v, int digits)
{
    /* The widest "%.*f": DBL_MAX's 309 digits, a point and nine more. */
    char text[DBL_MAX_10_EXP + 16];
    int64_t out;

    if (!(v > 0))
        return 0;
    snprintf(text, sizeof(text), "%.*f", digits, v);
    return hl_parse_fixed(text, strlen(text), digits, &out) ? INT64_MAX : out;
}
