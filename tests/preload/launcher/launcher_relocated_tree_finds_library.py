"""The launcher finds the library beside it, in ../lib, wherever the tree
(an installed prefix, an unpacked binary archive) has been moved, even when
it is started through a symlink; in a build tree, beside it."""

import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
tree = os.path.join(t.tmpdir(), "moved prefix")
os.makedirs(os.path.join(tree, "bin"))
os.makedirs(os.path.join(tree, "lib"))
shutil.copy(t.LAUNCHER, os.path.join(tree, "bin", "heapline"))
shutil.copy(t.LIB, os.path.join(tree, "lib", "libheapline.so"))
res = t.run([os.path.join(tree, "bin", "heapline"), "true"], t.clean_env())
t.check(res.returncode == 1 and "space" in res.stderr,
        "a library path with a space is refused: %r" % res.stderr)

tree2 = os.path.join(t.tmpdir(), "prefix")
shutil.copytree(tree, tree2)
link = os.path.join(tree2, "heapline-link")
os.symlink(os.path.join(tree2, "bin", "heapline"), link)
script = "import os; print(os.environ['LD_PRELOAD'])"
for launcher in (os.path.join(tree2, "bin", "heapline"), link):
    res = t.run([launcher, t.PYTHON3, "-c", script], t.clean_env())
    t.check(res.returncode == 0, "%s: exit 0: %s" % (launcher, res.stderr))
    t.check(res.stdout.strip() == os.path.realpath(
        os.path.join(tree2, "lib", "libheapline.so")),
        "%s: the moved library: %r" % (launcher, res.stdout))
    t.check(len(t.summary_lines(res.stderr)) == 1, "measured")

res = t.run([t.LAUNCHER, t.PYTHON3, "-c", script], t.clean_env())
t.check(res.stdout.strip() == os.path.realpath(t.LIB),
        "the build tree's launcher finds the build tree's library: %r"
        % res.stdout)
t.done()
