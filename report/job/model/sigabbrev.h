/* A signal's name without its SIG prefix ("KILL"), as the report prints
 * why a process ended. */
#ifndef HEAPLINE_SIGABBREV_H
#define HEAPLINE_SIGABBREV_H

/* glibc's (sigabbrev_np, glibc 2.32), or before it the same names of the
 * standard signals; NULL for a number that has none (a real-time signal). */
const char *hl_sigabbrev(int sig);

#endif
