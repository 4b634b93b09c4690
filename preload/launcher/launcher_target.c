#define _GNU_SOURCE
#include "launcher_target.h"
#include "launcher_elf.h"

#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <unistd.h>

int hl_target_resolve(const char *name, char path[PATH_MAX])
{
    const char *dirs = getenv("PATH");
    struct stat st;

    if (strchr(name, '/'))
        return snprintf(path, PATH_MAX, "%s", name) < PATH_MAX ? 0 : -1;
    if (!*name)
        return -1;
    if (!dirs)
        dirs = "/bin:/usr/bin";
    for (const char *dir = dirs;; dir++) {
        const char *end = strchrnul(dir, ':');
        int len = (int)(end - dir);
        int n = snprintf(path, PATH_MAX, "%.*s/%s", len ? len : 1,
                         len ? dir : ".", name);

        if (n < PATH_MAX && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
            eaccess(path, X_OK) == 0)
            return 0;
        if (!*end)
            return -1;
        dir = end;
    }
}

/* The kernel honours setuid, setgid and file capabilities, and then runs
 * the loader in secure mode (which ignores an LD_PRELOAD path), unless
 * the file system is mounted nosuid or the process has no_new_privs. */
static const char *_secure_mode(const char *path, const struct stat *st)
{
    struct statvfs fs;

    if ((statvfs(path, &fs) == 0 && (fs.f_flag & ST_NOSUID)) ||
        prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1)
        return NULL;
    if ((st->st_mode & S_ISUID) && st->st_uid != getuid())
        return "is setuid";
    /* setgid without group execution marks mandatory locking instead */
    if ((st->st_mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP) &&
        st->st_gid != getgid())
        return "is setgid";
    /* for root, file capabilities grant nothing it lacks */
    if (getuid() != 0 && getxattr(path, "security.capability", NULL, 0) > 0)
        return "has file capabilities";
    return NULL;
}

/* The dynamic loader run as a program (ld.so PROGRAM) has no PT_INTERP,
 * but loads PROGRAM, and LD_PRELOAD with it. */
static int _is_own_loader(const struct stat *st)
{
    const char *interp = hl_elf_own_interp();
    struct stat own;

    return interp && stat(interp, &own) == 0 && own.st_dev == st->st_dev &&
           own.st_ino == st->st_ino;
}

/* A static program is measured when it was linked with heapline
 * (doc/limitations.md): the launcher says how. */
static const char *_elf_why(const struct hl_elf *elf, const struct stat *st,
                            const char **hint)
{
    static char foreign[64];

    if (elf->foreign) {
        snprintf(foreign, sizeof(foreign), "is %s", elf->why);
        return foreign;
    }
    if (!elf->has_interp && (elf->type == ET_EXEC || elf->type == ET_DYN) &&
        !elf->heapline_linked && !_is_own_loader(st)) {
        *hint = "; linked with the options of `pkg-config --static --libs "
                "heapline`, it is measured";
        return "is statically linked";
    }
    return NULL;
}

/* Why LD_PRELOAD cannot reach the program in the file at path (open as
 * fd, or -1 when it cannot be read), named as who in the message. */
static int _binary_why(int fd, const char *path, const char *who, char *msg,
                       size_t cap)
{
    struct hl_elf elf;
    struct stat st;
    const char *why, *hint = "";

    if (stat(path, &st))
        return 0;
    why = _secure_mode(path, &st);
    if (!why && fd >= 0 && hl_elf_read(fd, &elf) == 0 && elf.is_elf)
        why = _elf_why(&elf, &st, &hint);
    if (!why)
        return 0;
    snprintf(msg, cap, "%s %s: LD_PRELOAD cannot measure it%s", who, why, hint);
    return 1;
}

/* The interpreter of a script, as the kernel reads it: the first word
 * after "#!" on the first line (which the kernel reads 256 bytes of). */
static int _interpreter(int fd, char interp[PATH_MAX])
{
    char head[257];
    ssize_t n = pread(fd, head, sizeof(head) - 1, 0);
    size_t start, len;

    if (n < 2 || head[0] != '#' || head[1] != '!')
        return -1;
    head[n] = '\0';
    start = 2 + strspn(head + 2, " \t");
    len = strcspn(head + start, " \t\n");
    if (len == 0 || len >= PATH_MAX)
        return -1;
    memcpy(interp, head + start, len);
    interp[len] = '\0';
    return 0;
}

int hl_target_unmeasurable(const char *path, char *msg, size_t cap)
{
    char interp[PATH_MAX], who[2 * PATH_MAX + 32];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    int found;

    if (fd >= 0 && _interpreter(fd, interp) == 0) {
        close(fd);
        /* The script's own setuid bit is ignored: only its interpreter
         * counts, with the same rules. */
        fd = open(interp, O_RDONLY | O_CLOEXEC);
        snprintf(who, sizeof(who), "%s (the interpreter of %s)", interp, path);
        found = _binary_why(fd, interp, who, msg, cap);
    } else {
        found = _binary_why(fd, path, path, msg, cap);
    }
    if (fd >= 0)
        close(fd);
    return found;
}

/* The word of line at *p, its end NUL-terminated; NULL at the end. */
static char *_word(char **p)
{
    char *start = *p + strspn(*p, " \t"), *end;

    if (!*start || *start == '\n')
        return NULL;
    end = start + strcspn(start, " \t\n");
    *p = *end ? end + 1 : end;
    *end = '\0';
    return start;
}

int hl_target_shell_script(const char *path, char *shell, size_t cap)
{
    static const char *const shells[] = {"sh",   "bash", "dash", "ksh",
                                         "mksh", "zsh",  "ash",  "csh",
                                         "tcsh", "fish", NULL};
    char head[257], *p = head + 2, *word, *name;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd < 0 ? -1 : pread(fd, head, sizeof(head) - 1, 0);

    if (fd >= 0)
        close(fd);
    if (n < 2 || head[0] != '#' || head[1] != '!')
        return 0;
    head[n] = '\0';
    word = _word(&p);
    /* "#!/usr/bin/env bash", as pyenv's shims and many scripts begin. */
    if (word && strcmp(basename(word), "env") == 0)
        while ((word = _word(&p)) && word[0] == '-')
            ;
    if (!word)
        return 0;
    name = basename(word);
    for (int i = 0; shells[i]; i++)
        if (strcmp(name, shells[i]) == 0) {
            snprintf(shell, cap, "%s", name);
            return 1;
        }
    return 0;
}

const char *hl_library_unusable(const char *path)
{
    struct hl_elf elf;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    int failed;

    if (fd < 0)
        return NULL;
    failed = hl_elf_read(fd, &elf);
    close(fd);
    if (failed)
        return NULL;
    if (!elf.is_elf || elf.foreign)
        return elf.why;
    if (elf.type == ET_DYN)
        return NULL;
    return elf.type == ET_EXEC ? "an ELF executable"
                               : "an ELF file of another type";
}
