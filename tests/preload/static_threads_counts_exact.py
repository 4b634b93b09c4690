"""A static program linked with heapline whose threads allocate at the
same time (threads_at_once_exact.c) gets exact counts, whether it starts
them with pthread_create or with C11's thrd_create: the library knows that
the process has threads, from glibc's __libc_single_threaded or, before
glibc 2.32, from the link's wrap of both (heapline-static.opts). Not
knowing it, it would sum the threads' counts as one thread's, unguarded,
and lose some where the threads run on two CPUs or more."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import static_link  # noqa: E402

work = t.tmpdir()
source = os.path.join(static_link.SRCDIR, "threads_at_once_exact.c")
for name, flags in (("threads_at_once_exact", []),
                    ("threads_c11_at_once_exact", ["-DTHREADS_C11=1"])):
    exe = os.path.join(work, name)
    res = t.run(["gcc", "-static", "-O2"] + flags + ["-o", exe, source]
                + static_link.link_flags(), t.clean_env())
    if not t.check(res.returncode == 0 and not res.stderr,
                   "%s links statically with heapline, with no warning: %r"
                   % (name, res.stderr)):
        t.done()
    t.check_counted(exe)
t.done()
