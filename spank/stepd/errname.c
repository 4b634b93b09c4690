#define _GNU_SOURCE
#include "config.h"
#include "errname.h"

#include <errno.h>
#include <string.h>

#if HAVE_STRERRORNAME_NP
const char *hl_errname(int err)
{
    const char *name = strerrorname_np(err);

    return name ? name : "error";
}
#else
/* By their macros, so that each architecture's numbers are its own. */
#define _NAME(e) [e] = #e
static const char *const _names[] = {
    _NAME(EPERM),      _NAME(ENOENT),    _NAME(EINTR),        _NAME(EIO),
    _NAME(ENXIO),      _NAME(EBADF),     _NAME(EAGAIN),       _NAME(ENOMEM),
    _NAME(EACCES),     _NAME(EFAULT),    _NAME(EBUSY),        _NAME(EEXIST),
    _NAME(EXDEV),      _NAME(ENODEV),    _NAME(ENOTDIR),      _NAME(EISDIR),
    _NAME(EINVAL),     _NAME(ENFILE),    _NAME(EMFILE),       _NAME(ETXTBSY),
    _NAME(EFBIG),      _NAME(ENOSPC),    _NAME(ESPIPE),       _NAME(EROFS),
    _NAME(EMLINK),     _NAME(EPIPE),     _NAME(ENAMETOOLONG), _NAME(ENOLCK),
    _NAME(ENOSYS),     _NAME(ENOTEMPTY), _NAME(ELOOP),        _NAME(EOVERFLOW),
    _NAME(EOPNOTSUPP), _NAME(ETIMEDOUT), _NAME(ESTALE),       _NAME(EDQUOT),
    _NAME(ENOTCONN),   _NAME(EREMOTEIO), _NAME(ENOMEDIUM),
};

const char *hl_errname(int err)
{
    if (err > 0 && (size_t)err < sizeof(_names) / sizeof(*_names) &&
        _names[err])
        return _names[err];
    return "error";
}
#endif
