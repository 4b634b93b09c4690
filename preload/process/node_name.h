/* The Slurm node that this process runs on.
 *
 * slurmstepd puts SLURMD_NODENAME into the environment of each task it
 * starts, and every process the task starts inherits it. But a launcher
 * that forwards its own environment to the processes it starts on other
 * nodes (MPICH's mpiexec.hydra: its proxy on n2 runs the ranks there with
 * the batch script's variables) brings the batch node's name with it. So
 * the variable is believed when it is this host's name, or when no task
 * of a slurmstepd is found among the ancestors of this process (a process
 * that left its task's tree, /proc out of reach); otherwise the node is
 * read from the environment that the task on this node started with: the
 * nearest ancestor whose parent is slurmstepd. */
#ifndef HEAPLINE_NODE_NAME_H
#define HEAPLINE_NODE_NAME_H

#include <stddef.h>

/* Writes into out[0..cap) the node's name, as above, where inherited is
 * the value of SLURMD_NODENAME here; the host name when it is NULL or
 * empty. */
void hl_node_name(const char *inherited, char *out, size_t cap);

#endif
