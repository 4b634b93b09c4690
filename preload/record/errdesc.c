#define _GNU_SOURCE
#include "config.h"
#include "errdesc.h"

#include <errno.h>
#include <string.h>

#if HAVE_STRERRORDESC_NP
const char *hl_errdesc(int err)
{
    const char *desc = strerrordesc_np(err);

    return desc ? desc : "unknown error";
}
#else
/* glibc's texts (strerror in the C locale, which may lock and allocate
 * to translate). */
#define _DESC(e, text) [e] = text
static const char *const _texts[] = {
    _DESC(EPERM, "Operation not permitted"),
    _DESC(ENOENT, "No such file or directory"),
    _DESC(EINTR, "Interrupted system call"),
    _DESC(EIO, "Input/output error"),
    _DESC(ENXIO, "No such device or address"),
    _DESC(EBADF, "Bad file descriptor"),
    _DESC(EAGAIN, "Resource temporarily unavailable"),
    _DESC(ENOMEM, "Cannot allocate memory"),
    _DESC(EACCES, "Permission denied"),
    _DESC(EFAULT, "Bad address"),
    _DESC(EBUSY, "Device or resource busy"),
    _DESC(EEXIST, "File exists"),
    _DESC(EXDEV, "Invalid cross-device link"),
    _DESC(ENODEV, "No such device"),
    _DESC(ENOTDIR, "Not a directory"),
    _DESC(EISDIR, "Is a directory"),
    _DESC(EINVAL, "Invalid argument"),
    _DESC(ENFILE, "Too many open files in system"),
    _DESC(EMFILE, "Too many open files"),
    _DESC(ETXTBSY, "Text file busy"),
    _DESC(EFBIG, "File too large"),
    _DESC(ENOSPC, "No space left on device"),
    _DESC(ESPIPE, "Illegal seek"),
    _DESC(EROFS, "Read-only file system"),
    _DESC(EMLINK, "Too many links"),
    _DESC(EPIPE, "Broken pipe"),
    _DESC(ENAMETOOLONG, "File name too long"),
    _DESC(ENOLCK, "No locks available"),
    _DESC(ENOSYS, "Function not implemented"),
    _DESC(ELOOP, "Too many levels of symbolic links"),
    _DESC(EOVERFLOW, "Value too large for defined data type"),
    _DESC(EOPNOTSUPP, "Operation not supported"),
    _DESC(ETIMEDOUT, "Connection timed out"),
    _DESC(ESTALE, "Stale file handle"),
    _DESC(EDQUOT, "Disk quota exceeded"),
    _DESC(ECONNREFUSED, "Connection refused"),
    _DESC(EHOSTDOWN, "Host is down"),
    _DESC(ENOTCONN, "Transport endpoint is not connected"),
    _DESC(EREMOTEIO, "Remote I/O error"),
    _DESC(ENOMEDIUM, "No medium found"),
};

const char *hl_errdesc(int err)
{
    if (err > 0 && (size_t)err < sizeof(_texts) / sizeof(*_texts) &&
        _texts[err])
        return _texts[err];
    return "unknown error";
}
#endif
