"""An MPI task of the plugin's cluster tests (issue 36): the ranks of a
node pass 100 MB to one another across barriers, as codes hand work from
rank to rank: in each of ROUNDS rounds one rank allocates and touches
100 MB, all meet at a barrier, it frees them, all meet again, and the
next rank takes its turn. At no moment do two ranks hold the 100 MB.

At the end each rank prints "shared-pss BYTES": its PSS of pages that are
not its own anonymous memory (Pss_File and Pss_Shmem of smaps_rollup),
which the kernel may have charged to another cgroup."""
from mpi4py import MPI

ROUNDS = 8
comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
for turn in range(ROUNDS):
    held = None
    if turn % size == rank:
        held = bytearray(100 * 10**6)
        for i in range(0, len(held), 4096):
            held[i] = 1
    comm.Barrier()
    del held
    comm.Barrier()
with open("/proc/self/smaps_rollup") as f:
    kib = sum(int(line.split()[1]) for line in f
              if line.startswith(("Pss_File:", "Pss_Shmem:")))
print("shared-pss %d" % (kib * 1024), flush=True)
