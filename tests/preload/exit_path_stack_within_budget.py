"""The exit path keeps within its stack budget (preload/process/exit_stack.h): the
frames of the library's own functions, summed along the deepest chain of
calls from the exit stack's entry (lifecycle.c's _report_on_exit_stack),
stay within HL_EXIT_STACK_BUDGET bytes, and what runs on the caller's
stack before the switch (from _exit, and from the exit handler or
destructor, which calls _report: process/at_exit.h) within
CALLER_BUDGET. The call graph and the frame sizes are GCC's own
(-fcallgraph-info=su writes them beside each object of the library and
of common/'s writing side); a call into the C library ends a chain (the
exit stack is eight times the budget for them). No function on the path
may have a frame of dynamic size, nor recurse. Skipped when the compiler
wrote no call graph (not GCC 10 or later)."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

CALLER_BUDGET = 256
ENTRY = "process/lifecycle.c:_report_on_exit_stack"
CALLER_ROOTS = ("hl_exit", "process/lifecycle.c:_report")

_NODE = re.compile(r'node: \{ title: "([^"]+)" label: "([^"]*)"')
_EDGE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')
_FRAME = re.compile(r"\\n(\d+) bytes \(([a-z,]+)\)$")

t.require_built()
dirs = os.environ.get("HEAPLINE_TEST_CALLGRAPH", "").split()
# The graphs are beside the objects, in the folders of their sources.
files = [os.path.join(top, f) for d in dirs for top, _, names in os.walk(d)
         for f in names if f.endswith(".ci")]
if not files:
    t.skip("no call graph written (-fcallgraph-info=su): %r" % dirs)
with open(os.environ["HEAPLINE_TEST_EXIT_STACK_H"]) as f:
    budget = int(re.search(r"#define HL_EXIT_STACK_BUDGET (\d+)",
                           f.read()).group(1))


def _name(title):
    """A static function's title names its source as the compiler was
    given it: process/lifecycle.c:_report in the source tree, the whole
    path in a build tree of its own (tests/fallbacks.sh's), a relative
    one (../../src/preload/...) in a build tree that ../configure made:
    the same name for all."""
    return re.sub(r"^(/|\.\./)(.*/)?(preload|common)/", "", title)


frames, kinds, calls = {}, {}, {}
for path in files:
    with open(path) as f:
        for line in f:
            m = _NODE.match(line)
            if m and _FRAME.search(m.group(2)):
                size, kind = _FRAME.search(m.group(2)).groups()
                frames[_name(m.group(1))] = int(size)
                kinds[_name(m.group(1))] = kind
            m = _EDGE.match(line)
            if m:
                calls.setdefault(_name(m.group(1)), set()).add(
                    _name(m.group(2)))


def deepest(fn, stop, chain=()):
    """The bytes of the deepest chain of calls from fn (fn's frame
    included) and that chain; stop: functions not followed."""
    t.check(fn not in chain, "no recursion on the exit path: %s"
            % " -> ".join(chain + (fn,)))
    if fn not in frames or fn in chain:
        return 0, ()  # the C library's, or an indirect call
    t.check(kinds[fn] == "static", "%s: a frame of fixed size, not %s"
            % (fn, kinds[fn]))
    best = (0, ())
    for callee in sorted(calls.get(fn, ())):
        if callee not in stop:
            best = max(best, deepest(callee, stop, chain + (fn,)))
    return frames[fn] + best[0], (fn,) + best[1]


t.check(ENTRY in frames, "the exit stack's entry %s is in the graph" % ENTRY)
used, chain = deepest(ENTRY, ())
print("exit stack: %d bytes of %d: %s" % (used, budget, " -> ".join(chain)))
t.check(used <= budget, "the exit path's frames, %d bytes, within %d"
        % (used, budget))
for root in CALLER_ROOTS:
    used, chain = deepest(root, (ENTRY,))
    print("before the switch, from %s: %d bytes: %s"
          % (root, used, " -> ".join(chain)))
    t.check(root in frames and used <= CALLER_BUDGET,
            "%s: %d bytes on the caller's stack, within %d"
            % (root, used, CALLER_BUDGET))
t.done()
