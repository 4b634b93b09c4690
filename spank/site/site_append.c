/* Appending to the site folder (see site_append.h). */
#include "site_append.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stepd/as_user.h"
#include "child.h"

/* Whether st is root's and only root may write it. */
static int _roots(const struct stat *st)
{
    return st->st_uid == 0 && !(st->st_mode & (S_IWGRP | S_IWOTH));
}

static int _write_once(int fd, const char *text)
{
    size_t len = strlen(text);
    ssize_t n;

    do
        n = write(fd, text, len);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return errno;
    return (size_t)n == len ? 0 : EIO;
}

/* The line of the form whose header fd's file starts with; NULL when
 * none. */
static const char *_line_for(int fd, const struct hl_site_text *forms,
                             size_t nforms)
{
    char head[HL_SITE_HEAD_MAX];
    ssize_t n;

    do
        n = pread(fd, head, sizeof(head), 0);
    while (n < 0 && errno == EINTR);
    for (size_t i = 0; n > 0 && i < nforms; i++) {
        size_t len = strlen(forms[i].with_header) - strlen(forms[i].line);

        if (len <= (size_t)n && memcmp(head, forms[i].with_header, len) == 0)
            return forms[i].line;
    }
    return NULL;
}

/*
 * In the child: only calls that are safe after fork() in a threaded
 * slurmstepd. O_NONBLOCK: a FIFO planted as the name cannot block the
 * open, and is refused by fstat() before anything is written.
 */
static int _child(const char *dir, const char *name,
                  const struct hl_site_text *forms, size_t nforms)
{
    const char *text;
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    int fd, err;

    if (dfd < 0)
        return errno == ENOTDIR ? HL_SITE_NOT_REGULAR : errno;
    if (fstat(dfd, &st) < 0)
        return errno;
    if (!_roots(&st))
        return HL_SITE_NOT_ROOTS;
    fd = openat(dfd, name,
                O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
                    O_CLOEXEC,
                0600);
    if (fd < 0)
        return errno == ELOOP || errno == ENXIO ? HL_SITE_NOT_REGULAR : errno;
    if (fstat(fd, &st) < 0)
        return errno;
    if (!S_ISREG(st.st_mode))
        return HL_SITE_NOT_REGULAR;
    if (!_roots(&st) || st.st_nlink != 1)
        return HL_SITE_NOT_ROOTS;
    if (flock(fd, LOCK_EX) < 0 || fstat(fd, &st) < 0)
        return errno;
    text =
        st.st_size == 0 ? forms[0].with_header : _line_for(fd, forms, nforms);
    err = text ? _write_once(fd, text) : HL_SITE_OTHER_HEADER;
    if (close(fd) < 0 && !err)
        err = errno;
    return err;
}

int hl_site_append(const char *dir, const char *name,
                   const struct hl_site_text *forms, size_t nforms,
                   unsigned timeout_ms)
{
    pid_t pid = fork();

    if (pid < 0)
        return errno;
    if (pid == 0) {
        hl_child_close_fds(NULL, 0);
        _exit(_child(dir, name, forms, nforms));
    }
    return hl_child_errno(pid, timeout_ms);
}

const char *hl_site_append_strerror(int err)
{
    switch (err) {
    case HL_SITE_NOT_ROOTS:
        return "not root's alone (owned by root, not writable by group or "
               "others): refused";
    case HL_SITE_NOT_REGULAR:
        return "a symbolic link or something else than a regular file is "
               "there: refused";
    case HL_SITE_TOO_LONG:
        return "the line is too long";
    case HL_SITE_OTHER_HEADER:
        return "the file starts with another header than heapline's: "
               "refused";
    default:
        return hl_as_user_strerror(err);
    }
}
