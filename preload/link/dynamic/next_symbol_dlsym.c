/* The next definition, from the libraries loaded after libheapline.so. */
#define _GNU_SOURCE
#include "alloc/next_symbol.h"

#include <dlfcn.h>

void *hl_next_symbol(const char *name)
{
    return dlsym(RTLD_NEXT, name);
}
