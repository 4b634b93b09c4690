/* When the report is written at a normal exit: after the program's own
 * exit handlers and destructors, before those of the runtimes that it was
 * linked with (libgfortran releases its units' buffers in its destructor),
 * so that a program gives the same record linked either way.
 * libheapline.so's destructor runs then (link/dynamic/at_exit_destructor.c):
 * the loader runs the program's destructors first, and the libraries' that were
 * loaded before heapline's last. In a static program there is one list of
 * destructors, the runtimes' after heapline's: the report is an exit handler
 * there (link/static/at_exit_handler.c), registered by heapline's constructor,
 * which runs first, so that the handler runs last of them, and before any
 * destructor. */
#ifndef HEAPLINE_AT_EXIT_H
#define HEAPLINE_AT_EXIT_H

#pragma GCC visibility push(hidden)

void hl_report_at_exit(void (*report)(void));

#pragma GCC visibility pop

#endif
