"""HEAPLINE_OUTPUT=- or /dev/stdout writes no record into standard output,
which is the program's data (a shell's $(...) reads it): the output is
exactly what it is without heapline, no file is made (not even one named
"-"), and one line on stderr says what to do instead."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
argv = ["sh", "-c", 'x=$(echo data); echo "$x"']
plain = t.run(argv, t.clean_env(), cwd=work)
for output in ("-", "/dev/stdout"):
    res = t.run(argv, t.preload_env(output, HEAPLINE_QUIET=1), cwd=work)
    t.check(res.returncode == plain.returncode, "%s: exit %d" % (output,
                                                          res.returncode))
    t.check(res.stdout == plain.stdout, "%s: stdout %r, %r without heapline"
            % (output, res.stdout, plain.stdout))
    lines = res.stderr.splitlines()
    t.check(len(lines) >= 1 and all(
        l.startswith("heapline: cannot write the record to standard "
                     "output: ") and "/dev/stderr" in l for l in lines),
        "%s: a line that says what to do: %r" % (output, res.stderr))
    t.check(os.listdir(work) == [], "%s: no file made: %r"
            % (output, os.listdir(work)))
t.done()
