"""The host of a record is the node the process runs on. A launcher that
forwards its environment to other nodes (mpiexec.hydra) gives a rank on
n2 the batch node's SLURMD_NODENAME=n1; the library then takes the name
from the environment the task on its own node started with, the nearest
ancestor whose parent is slurmstepd (here a shell named slurmstepd, the
task a shell with SLURMD_NODENAME=n2). The task itself keeps its own
name, and outside a slurmstepd's tree the variable stands
(env_slurm_job_and_host.py)."""

import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
stepd = os.path.join(work, "slurmstepd")
os.symlink("/bin/sh", stepd)


def host_of(task_node, rank_node):
    """The host in the record of a program run as a rank with rank_node,
    started by a task with task_node under the fake slurmstepd; with
    rank_node None, the task itself is measured."""
    out = os.path.join(work, "rec.csv")
    measured = ["env", "SLURMD_NODENAME=" + (rank_node or task_node),
                "LD_PRELOAD=" + t.LIB, "HEAPLINE_OUTPUT=" + out,
                t.program("counts_malloc"), "baseline"]
    task = measured if rank_node is None else \
        ["sh", "-c", shlex.join(measured) + "; true"]
    argv = [stepd, "-c", shlex.join(["env", "SLURMD_NODENAME=" + task_node]
                                    + task) + "; true"]
    subprocess.run(argv, env=t.clean_env(SLURM_JOB_ID="42",
                                         SLURM_STEP_ID="0"),
                   stdout=subprocess.DEVNULL)
    return t.read_record(out)["host"]


host = host_of("n2", "n1")
t.check(host == "n2", "a rank with the batch node's variable: %r, want n2"
        % host)
host = host_of("n2", None)
t.check(host == "n2", "the task itself: %r, want n2" % host)
t.done()
