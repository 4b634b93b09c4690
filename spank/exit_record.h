/*
 * The exit file of a task, task-ID.exit beside the records, that lets the
 * report tell which tasks did not end normally. doc/admin.md describes it:
 *
 *   # heapline exit 1
 *   task,host,pid,status,exit_code,signal
 *   3,n2,12345,signaled,,9
 *
 * Like the record, readers find columns by name, so later columns can be
 * added at the end.
 */
#ifndef HL_SPANK_EXIT_RECORD_H
#define HL_SPANK_EXIT_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The file name of task's exit file; -1 if out is too small. */
int hl_exit_record_name(uint32_t task, char *out, size_t out_size);

/*
 * The file's text for a task that ended with wait status wstatus; -1 if
 * out is too small.
 */
int hl_exit_record_format(uint32_t task, const char *host, pid_t pid,
                          int wstatus, char *out, size_t out_size);

#endif
