"""HEAPLINE_OUTPUT expands %p %r %j %s %t %N %u %% (with zero padding such
as %4t), keeps unknown letters, takes a relative path from the starting
directory, and creates no directory. %t is the Slurm task id, but the
rank where an MPI launcher inside the step gave one (mpirun's ranks all
inherit the task id of its daemon)."""

import os
import pwd
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
slurm = {"SLURM_JOB_ID": "812", "SLURM_STEP_ID": "2", "SLURM_PROCID": "7",
         "SLURMD_NODENAME": "n03", "PMI_RANK": "9"}
user = pwd.getpwuid(os.getuid()).pw_name


def run_with(pattern, cwd=work, **variables):
    proc = subprocess.Popen([t.program("counts_malloc"), "baseline"],
                            env=t.preload_env(pattern, **variables),
                            cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    _, err = proc.communicate()
    return proc.pid, err


pid, _ = run_with("j%j-s%s-t%t-N%N-r%r-p%p-u%u-%%-%4t-%x.csv", **slurm)
name = "j812-s2-t9-Nn03-r9-p%d-u%s-%%-0009-%%x.csv" % (pid, user)
t.check(os.path.isfile(os.path.join(work, name)),
        "expanded name %r among %r" % (name, os.listdir(work)))
if os.path.isfile(os.path.join(work, name)):
    t.read_record(os.path.join(work, name))

# A Slurm task without an MPI launcher: %t is its task id.
task = dict(slurm)
del task["PMI_RANK"]
pid, _ = run_with("task-%t.%p.csv", **task)
t.check(os.path.isfile(os.path.join(work, "task-7.%d.csv" % pid)),
        "%%t the task id: %r" % os.listdir(work))

# Outside Slurm the ids are empty and the rank is -1.
pid, _ = run_with("out.%j.%r.%p.csv")
t.check(os.path.isfile(os.path.join(work, "out..-1.%d.csv" % pid)),
        "empty ids outside Slurm: %r" % os.listdir(work))

# Relative to the starting directory; no directory is created.
sub = os.path.join(work, "sub")
os.mkdir(sub)
pid, err = run_with("rel.csv", cwd=sub)
t.check(os.path.isfile(os.path.join(sub, "rel.csv")), "relative path")
pid, err = run_with("missing/%p/rec.csv")
t.check(not os.path.exists(os.path.join(work, "missing")),
        "no directory created")
t.check(len([l for l in err.splitlines() if "cannot write" in l]) == 1,
        "one warning for the missing directory: %r" % err)
t.done()
