"""A statically linked PROGRAM, which LD_PRELOAD cannot reach, is named in
one line (`heapline: PATH is statically linked: LD_PRELOAD cannot
measure it`, PATH as found in PATH, and the way to measure it: linked with
the options of `pkg-config --static --libs heapline`) and run all the
same, with its exit status. A script is judged by its interpreter; a dynamic program, a
script of /bin/sh and the dynamic loader run as a program are not
named."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
static = t.program("exits_with_static")
dynamic = t.program("exits_with")
env = t.clean_env(HEAPLINE_LIBRARY=t.LIB)
in_path = t.clean_env(HEAPLINE_LIBRARY=t.LIB,
                      PATH=t.PROGRAMS + ":/usr/bin:/bin")
said = ("heapline: %s is statically linked: LD_PRELOAD cannot measure it; "
        "linked with the options of `pkg-config --static --libs heapline`, "
        "it is measured\n")


def summaries(stderr):
    return [l for l in stderr.splitlines() if t.SUMMARY.match(l)]


for argv, run_env in (([static, "7"], env),
                      (["exits_with_static", "7"], in_path)):
    res = t.run([t.LAUNCHER] + argv, run_env)
    t.check(res.returncode == 7, "%s: its status 7, got %d"
            % (argv, res.returncode))
    t.check(res.stderr == said % static, "%s: stderr %r, want %r"
            % (argv, res.stderr, said % static))

script = os.path.join(work, "static-script")
with open(script, "w") as f:
    f.write("#!%s 9\n" % static)
os.chmod(script, 0o755)
res = t.run([t.LAUNCHER, script], env)
want = said % ("%s (the interpreter of %s)" % (static, script))
t.check(res.returncode == 9, "script: its status 9, got %d" % res.returncode)
t.check(res.stderr == want, "script: stderr %r, want %r" % (res.stderr, want))

sh_script = os.path.join(work, "sh-script")
with open(sh_script, "w") as f:
    f.write("#!/bin/sh\nexit 4\n")
os.chmod(sh_script, 0o755)
loader = os.path.realpath("/lib64/ld-linux-x86-64.so.2")
cases = [[dynamic, "4"], [sh_script]]
if os.path.exists(loader):
    cases.append([loader, dynamic, "4"])
for argv in cases:
    res = t.run([t.LAUNCHER] + argv, env)
    t.check(res.returncode == 4, "%s: its status 4, got %d"
            % (argv, res.returncode))
    # A shell script is said to be one (each of its processes measured),
    # nothing more.
    others = [l for l in res.stderr.splitlines() if l not in
              summaries(res.stderr) and not (argv == [sh_script] and
                                             " is a sh script: " in l)]
    t.check(len(summaries(res.stderr)) == 1 and not others,
            "%s: measured, nothing said of it unmeasured: %r"
            % (argv, res.stderr))
t.done()
