"""Rank comes from each launcher's own variable (PMIx, PMI, Open MPI,
MPICH/Hydra, MVAPICH, Slurm); an MPI launcher's rank wins over
SLURM_PROCID, which under mpirun numbers the daemons; no variable: -1."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()


def rank_with(**variables):
    out = os.path.join(work, "rec.csv")
    if os.path.exists(out):
        os.unlink(out)
    t.run([t.program("counts_malloc"), "baseline"],
          t.preload_env(out, **variables))
    return t.read_record(out)["rank"]


cases = [
    ({}, -1),
    ({"PMIX_RANK": "3"}, 3),
    ({"PMI_RANK": "4"}, 4),
    ({"OMPI_COMM_WORLD_RANK": "5"}, 5),
    ({"MV2_COMM_WORLD_RANK": "6"}, 6),
    ({"MPIRUN_RANK": "7"}, 7),
    ({"SLURM_PROCID": "8", "SLURM_JOB_ID": "1", "SLURM_STEP_ID": "0"}, 8),
    # mpirun inside an allocation: the MPI rank wins.
    ({"SLURM_PROCID": "0", "OMPI_COMM_WORLD_RANK": "11", "PMIX_RANK": "11"},
     11),
    ({"SLURM_PROCID": "0", "PMI_RANK": "12"}, 12),
    ({"SLURM_PROCID": "0", "PMIX_RANK": "13"}, 13),
    ({"SLURM_PROCID": "1", "MV2_COMM_WORLD_RANK": "14"}, 14),
    # Not a number: ignored, the next variable speaks.
    ({"PMI_RANK": "x", "SLURM_PROCID": "2"}, 2),
]
for variables, want in cases:
    got = rank_with(**variables)
    t.check(got == want, "%s: rank %d, want %d" % (variables, got, want))
t.done()
