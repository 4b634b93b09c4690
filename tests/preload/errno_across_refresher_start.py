"""The refresher's start (preload/record/refresh.h) leaves the program's
errno alone: the children that start it share the process's memory, and
the thread-local errno of the thread that started them, while that thread
goes on; a failed call of theirs (here, in the build tree, the execve of
where an installed refresher would be) must not reach it. The program
(errno_across_refresher_start.c) watches its errno through the whole of
their work, at its start and in ten forked children."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
res = t.run([t.program("errno_across_refresher_start")],
            t.preload_env(os.path.join(work, "r.%p.csv"), HEAPLINE_QUIET="1"))
if res.returncode == 77:
    t.skip("no system calls that leave errno alone on this processor")
t.check(res.returncode == 0, "exit status 0: %d" % res.returncode)
t.check(res.stdout.splitlines() == ["parent: errno kept"] +
        ["child: errno kept"] * 10,
        "errno kept while the refresher starts, in the process and in ten "
        "forked children: %r" % res.stdout.splitlines())
t.check(len(os.listdir(work)) == 11, "eleven records: %d"
        % len(os.listdir(work)))
t.done()
