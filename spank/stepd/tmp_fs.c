/* The node's TmpFS (see tmp_fs.h). */
#define _GNU_SOURCE
#include "tmp_fs.h"

#include <dlfcn.h>
#include <stdio.h>

/* Slurm's TmpFS when slurm.conf names none. */
#define _DEFAULT_TMP_FS "/tmp"

typedef char *(*_get_fn)(char *node);
typedef void (*_free_fn)(void *p);

int hl_tmp_fs(const char *node, char *out, size_t size)
{
    _get_fn get = (_get_fn)dlsym(RTLD_DEFAULT, "slurm_get_tmp_fs");
    _free_fn release = (_free_fn)dlsym(RTLD_DEFAULT, "slurm_xfree_ptr");
    char *tmp_fs = get && release ? get((char *)node) : NULL;
    int n = snprintf(out, size, "%s", tmp_fs ? tmp_fs : _DEFAULT_TMP_FS);

    if (tmp_fs)
        release(tmp_fs);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}
