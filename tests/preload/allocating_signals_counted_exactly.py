"""A signal handler that allocates and frees, interrupting the program's
own malloc and free anywhere on the same thread (3,000 times), loses no
update of the counters: allocs, frees and the live heap are exact. On
aarch64 a counter's update is several instructions, and one that a
handler's call came between would overwrite the handler's update. Under
qemu-user (tests/aarch64.sh) a signal is delivered only between the blocks
of code the emulator translated, so the program runs with one instruction
a block (QEMU_SINGLESTEP): a signal can then come between any two. With
the load, add and store of before, the run loses some 30 updates."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
t.check_counted(t.program("allocating_signals"), QEMU_SINGLESTEP=1)
t.done()
