"""Job and host from Slurm's variables: "JOB.STEP" in a step, the job id
alone outside a step, "ARRAYJOB_TASK.STEP" for an array element as sacct
writes it, sacct's names of the batch and extern steps; the node name
(SLURMD_NODENAME) as host inside a job, the host name outside one."""

import os
import socket
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()


def record_with(**variables):
    out = os.path.join(work, "rec.csv")
    if os.path.exists(out):
        os.unlink(out)
    t.run([t.program("counts_malloc"), "baseline"],
          t.preload_env(out, **variables))
    return t.read_record(out)


step = {"SLURM_JOB_ID": "4242", "SLURM_STEP_ID": "3",
        "SLURMD_NODENAME": "n17", "SLURM_PROCID": "1"}
cases = [
    ({}, "", socket.gethostname()),
    (step, "4242.3", "n17"),
    ({"SLURM_JOB_ID": "4242", "SLURMD_NODENAME": "n17"}, "4242", "n17"),
    (dict(step, SLURM_ARRAY_JOB_ID="4200", SLURM_ARRAY_TASK_ID="42"),
     "4200_42.3", "n17"),
    (dict(step, SLURM_STEP_ID="4294967291"), "4242.batch", "n17"),
    (dict(step, SLURM_STEP_ID="4294967292"), "4242.extern", "n17"),
    (dict(step, SLURM_HET_JOB_ID="4240", SLURM_HET_JOB_OFFSET="2"),
     "4240+2.3", "n17"),
    # Older names of the same variables.
    ({"SLURM_JOBID": "77", "SLURM_STEPID": "0"}, "77.0",
     socket.gethostname()),
    # A node name without a job is stale: the host name stands.
    ({"SLURMD_NODENAME": "n17"}, "", socket.gethostname()),
]
for variables, job, host in cases:
    rec = record_with(**variables)
    t.check(rec["job"] == job, "%s: job %r, want %r"
            % (variables, rec["job"], job))
    t.check(rec["host"] == host, "%s: host %r, want %r"
            % (variables, rec["host"], host))
rec = record_with(**step)
t.check(rec["rank"] == 1, "rank from SLURM_PROCID in a step")
t.done()
