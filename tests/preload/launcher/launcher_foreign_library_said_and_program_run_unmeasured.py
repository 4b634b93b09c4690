"""A library (HEAPLINE_LIBRARY) that is not a shared object of this
machine is named in one line, with what it is, and PROGRAM runs all the
same, unmeasured, with its exit status: the library is not put in
LD_PRELOAD, so the dynamic loader has no error of its own to print. Tried
with crafted ELF headers (32-bit i386, 64-bit AArch64), a text file and a
static executable."""

import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()


def write(name, data):
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(data)
    return os.path.realpath(path)


ET_DYN, EM_386, EM_AARCH64 = 3, 3, 183
ident32 = b"\x7fELF" + bytes([1, 1, 1]) + bytes(9)
ident64 = b"\x7fELF" + bytes([2, 1, 1]) + bytes(9)
i386 = write("lib32.so", ident32 + struct.pack(
    "<HHIIIIIHHHHHH", ET_DYN, EM_386, 1, 0, 0, 0, 0, 52, 32, 0, 40, 0, 0))
arm = write("libarm.so", ident64 + struct.pack(
    "<HHIQQQIHHHHHH", ET_DYN, EM_AARCH64, 1, 0, 0, 0, 0, 64, 56, 0, 64, 0,
    0))
text = write("libtext.so", b"not a library\n")
static = os.path.realpath(t.program("exits_with_static"))

for lib, what in ((i386, "a 32-bit ELF file"),
                  (arm, "an ELF file for another machine"),
                  (text, "not an ELF file"),
                  (static, "an ELF executable")):
    res = t.run([t.LAUNCHER, "sh", "-c", 'echo "[${LD_PRELOAD-}]"; exit 4'],
                t.clean_env(HEAPLINE_LIBRARY=lib))
    want = ("heapline: library %s is %s, not a shared object of this "
            "machine: running sh unmeasured\n" % (lib, what))
    t.check(res.returncode == 4, "%s: the program's status 4, got %d"
            % (what, res.returncode))
    t.check(res.stderr == want, "%s: stderr %r, want %r"
            % (what, res.stderr, want))
    t.check(res.stdout == "[]\n", "%s: not in LD_PRELOAD: %r"
            % (what, res.stdout))
t.done()
