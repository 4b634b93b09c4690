/* libunwind's pipe, made where the program's descriptors are not.
 * libunwind (1.6 to 1.8, x86-64) checks an address it is not sure of by
 * writing the byte there into a pipe of its own and reading it back. It
 * makes the pipe when it is set up, at the first sample, with the lowest
 * free descriptors (3 and 4 in an MPI rank), and keeps their numbers for
 * good. A program that closes descriptors it did not open, and opens
 * others (a daemon; a child between fork and exec), gets those numbers:
 * libunwind's checks then read bytes from, and write bytes into, the
 * program's own files, pipes and sockets. */
#ifndef HEAPLINE_UNWINDER_PIPE_H
#define HEAPLINE_UNWINDER_PIPE_H

#pragma GCC visibility push(hidden)

typedef int hl_pipe_fn(int fds[2], int flags);

/* libunwind's call of pipe2: the pipe made by make, its two descriptors
 * moved to the top of the first 1024 (below the soft limit), where a
 * program's files come last, or left where they are if there is no room
 * there. make's result, with its errno. */
int hl_unwinder_pipe(int fds[2], int flags, hl_pipe_fn *make);

#pragma GCC visibility pop

#endif
