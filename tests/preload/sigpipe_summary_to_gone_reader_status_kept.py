"""A summary line written to a pipe whose reader has gone (`heapline prog
2>&1 | true`) changes nothing: the program exits with its own status, not
killed by SIGPIPE (141), a C program and a shell alike (the shell's child
as well). (write_nosigpipe_keeps_program_signals: the library's writer
keeps the program's own SIGPIPEs.)"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
# Each program ends when its stdin does: the reader of its stderr is gone
# by then, whatever the machine's load.
for argv, status in (([t.program("exits_at_eof"), "0"], 0),
                     ([t.program("exits_at_eof"), "5"], 5),
                     (["sh", "-c", "cat > /dev/null; exit 0"], 0),
                     (["sh", "-c", "cat > /dev/null; exit 7"], 7)):
    proc = subprocess.Popen(argv, env=t.preload_env(), stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    proc.stderr.close()  # the reader is gone before the program ends
    proc.stdin.close()
    proc.wait()
    t.check(proc.returncode == status, "%s: exit status %d, want %d"
            % (argv, proc.returncode, status))
t.done()
