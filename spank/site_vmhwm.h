/*
 * The sum of VmHWM of a step's records on a node, for the site's line:
 * read from the folder the tasks wrote them in (the step folder, or the
 * node-local one with layout=node), which the user owns, so read with the
 * user's rights in a child, each record parsed as untrusted input with
 * bounded reads; only the sum comes back.
 */
#ifndef HL_SPANK_SITE_VMHWM_H
#define HL_SPANK_SITE_VMHWM_H

#include <stddef.h>
#include <stdint.h>

#include "as_user.h"

/* At most this many records are read, each of at most this many bytes. */
#define HL_SITE_MAX_RECORDS 4096
#define HL_SITE_MAX_RECORD_BYTES (1u << 20)

/*
 * Sums the vmhwm_bytes of the records task-R.*.csv in the folder dirfd
 * whose R, and rank column, is one of ranks[0..nranks) (sorted). Returns
 * 0 with *sum and *records (how many had a VmHWM), or -1 when the child
 * failed or did not finish in timeout_ms.
 */
int hl_site_vmhwm_sum(const struct hl_user *user, int dirfd,
                      const uint32_t *ranks, size_t nranks, unsigned timeout_ms,
                      uint64_t *sum, uint32_t *records);

#endif
