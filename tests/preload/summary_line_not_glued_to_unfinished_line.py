"""The summary line starts a line of its own where stderr is a file whose
last line the program left unfinished (`printf abc >&2`): a newline goes
first then, and only then (a finished line, an empty file, a file opened
for appending). A terminal or a pipe cannot tell where its last line
ends: there the line follows the program's output as it is
(doc/limitations.md)."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
err_path = os.path.join(work, "err")


def stderr_of(script, before="", mode="w"):
    with open(err_path, "w") as f:
        f.write(before)
    with open(err_path, mode) as err:
        subprocess.run(["sh", "-c", script], env=t.preload_env(),
                       stderr=err)
    with open(err_path) as f:
        return f.read()


for script, before, mode, want in (
        ("printf abc >&2", "", "w", "abc\n"),
        ("echo abc >&2", "", "w", "abc\n"),
        ("true", "", "w", ""),
        ("printf abc >&2", "xyz", "a", "xyzabc\n"),
        ("echo abc >&2", "xyz\n", "a", "xyz\nabc\n")):
    text = stderr_of(script, before, mode)
    lines = text[len(want):].splitlines()
    t.check(text.startswith(want) and len(lines) == 1
            and t.SUMMARY.match(lines[0]),
            "%r after %r (%s): %r, want %r then the summary line"
            % (script, before, mode, text, want))
t.done()
