/* What the launcher checks before exec: the program that PATH gives, and
 * whether LD_PRELOAD can reach it; whether the library is a shared object
 * of this machine. heapline cannot measure what the dynamic loader does
 * not preload into, and the user is told so instead of getting silence. */
#ifndef HEAPLINE_LAUNCHER_TARGET_H
#define HEAPLINE_LAUNCHER_TARGET_H

#include <limits.h>
#include <stddef.h>

/* The file that execvp runs for name: name itself if it holds a '/', else
 * the first executable regular file of that name in PATH (glibc's default
 * path if PATH is unset). Returns 0, or -1 when there is none: execvp will
 * then say why. */
int hl_target_resolve(const char *name, char path[PATH_MAX]);

/* Whether LD_PRELOAD cannot reach the program at path: writes why into msg
 * ("/bin/busybox is statically linked") and returns 1; returns 0 when it
 * can, or when the file cannot be read to tell. A script (#!) is judged by
 * its interpreter, which the message then names. */
int hl_target_unmeasurable(const char *path, char *msg, size_t cap);

/* Whether the program at path is a shell script ("#!/bin/sh", or
 * "#!/usr/bin/env bash" as pyenv's shims): 1 with the shell's name in
 * shell[0..cap), else 0. Its shell and each program it runs are measured,
 * each with a record of its own. */
int hl_target_shell_script(const char *path, char *shell, size_t cap);

/* What the file at path is when it is not a shared object of this machine
 * ("a 32-bit ELF file"), or NULL when it is one (or cannot be read: the
 * dynamic loader then says why). */
const char *hl_library_unusable(const char *path);

#endif
