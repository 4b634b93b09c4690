#!/usr/bin/env python3
"""Run the runnable blocks of a Markdown page and compare their output with
the text blocks the page shows after them.  Prints TAP, one test per block.

The conventions (markers, options, matching rules) are in README.md beside
this file; the matching rules are also stated in match_lines' docstring.
"""

import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

MARKER = re.compile(r"^<!--\s*doc-(test|file)\b(.*?)-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)")
HEADING = re.compile(r"^#{1,6}\s")

DEFAULTS = {"sizes": "5%", "counts": "15%", "decimals": "10%"}
SIZE_UNITS = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30,
              "TiB": 1 << 40}
SLURM_UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
NUM = r"-?\d+(?:\.\d+)?"
ANY = r"[^\s,|]+"
# A record's timeline field (doc/format.md): of version 3, the word v3 and
# points of eleven figures; of version 2, v2 and nine; of version 1,
# t:heap:rss points a space apart.
TIMELINE = (r"(?:v3(?: +\d+:\d+(?::\d*){9})*"
            r"|v2(?: +\d+:\d+(?::\d*){7})*"
            r"|\d+:\d+:\d*(?: +\d+:\d+:\d*)*)")
# A record's sites and modules fields (doc/format.md, Allocation sites):
# stacks of sampled allocations, and the files of their frames. Each ends
# its field: a timeline of version 1 is not taken for one.
_STACK = r"\d+:\d+:\d+:[0-9a-f?+;]*"
SITES = r"(?:" + _STACK + r"(?: +" + _STACK + r")*)?(?=,|$)"
MODULES = (r"(?:[0-9a-f]*:(?:/[^\s,\"]*)?(?: +[0-9a-f]*:(?:/[^\s,\"]*)?)*)?"
           r"(?=,|$)")
# A row of heapline-report --timeline's chart: one block character a column.
SPARK = r"[\u2581-\u2588]+"
# A token of expected output: spaces, a number with its unit if it has one,
# a word, or one other character.
TOKEN = re.compile(
    r"(?P<ws>\s+)"
    r"|(?P<size>(?P<snum>" + NUM + r") +(?P<unit>B|KiB|MiB|GiB|TiB)\b)"
    r"|(?P<slurm>(?P<lnum>\d+(?:\.\d+)?)(?P<lunit>[KMGT])(?![\w.]))"
    r"|(?P<time>(?P<tnum>" + NUM + r") +(?P<tunit>m?s)\b)"
    r"|(?P<num>" + NUM + r")(?![\w])"
    r"|(?P<word>[A-Za-z_][\w]*)"
    r"|(?P<other>.)")


class Block:
    """One runnable block: its commands (or file), options and expected text."""

    def __init__(self, kind, line, heading, options):
        self.kind = kind  # "test" or "file"
        self.line = line
        self.heading = heading
        self.options = options
        self.body = []
        self.expected = []  # list of blocks, each a list of lines

    def title(self, path):
        name = os.path.basename(path)
        where = f"{name}:{self.line}"
        return f"{where} {self.heading}".rstrip()


def read_fence(lines, i):
    """Return (info, body lines, index after the closing fence) for the fence
    opening at lines[i]."""
    m = FENCE.match(lines[i])
    indent, fence, info = m.group(1), m.group(2), m.group(3)
    body = []
    i += 1
    while i < len(lines):
        if lines[i].strip().startswith(fence[0] * len(fence)) and \
                lines[i].strip().strip(fence[0]) == "":
            return info, body, i + 1
        body.append(lines[i][len(indent):] if lines[i].startswith(indent)
                    else lines[i])
        i += 1
    raise ValueError("unclosed code fence")


def parse_page(text):
    """Find the marked blocks of a page; return (blocks, errors)."""
    lines = text.split("\n")
    blocks, errors = [], []
    heading = ""
    current = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if HEADING.match(line):
            heading = line.strip()
            current = None
            i += 1
            continue
        m = MARKER.match(line.strip())
        if m:
            current = None
            j = i + 1
            if j >= len(lines) or not FENCE.match(lines[j]):
                errors.append(f"line {i + 1}: a doc-{m.group(1)} marker must "
                              "be followed at once by a fenced block")
                i += 1
                continue
            try:
                options = shlex.split(m.group(2))
                _, body, after = read_fence(lines, j)
            except ValueError as e:
                errors.append(f"line {i + 1}: {e}")
                i += 1
                continue
            if m.group(1) == "file" and len(options) != 1:
                errors.append(f"line {i + 1}: doc-file needs one file name")
                i = after
                continue
            block = Block(m.group(1), i + 1, heading, options)
            block.body = body
            blocks.append(block)
            current = block if block.kind == "test" else None
            i = after
            continue
        if FENCE.match(line):
            info, body, after = read_fence(lines, i)
            if current is not None and info == "text":
                current.expected.append(body)
            else:
                current = None
            i = after
            continue
        i += 1
    return blocks, errors


class Options:
    """The options of a doc-test marker, checked."""

    def __init__(self, words):
        self.excerpt = False
        self.drop = []
        self.any = set()
        self.tol = {}
        self.wall = set()
        self.status = 0
        self.quiet = False
        self.timeline = False
        self.sites = False
        self.spark = False
        self.wrapped = False
        self.wait = None
        self.defaults = {k: parse_tol(v) for k, v in DEFAULTS.items()}
        for w in words:
            key, _, value = w.partition("=")
            if key == "excerpt" and not value:
                self.excerpt = True
            elif key == "drop" and value:
                self.drop.append(re.compile(value))
            elif key == "any" and value:
                self.any.update(value.split(","))
            elif key == "wall" and value:
                self.wall.update(value.split(","))
            elif key == "tol" and value:
                for item in value.split(","):
                    figure, sep, spec = item.rpartition(":")
                    if not sep:
                        raise ValueError(f"tol item {item!r} is not FIGURE:SPEC")
                    self.tol[figure] = parse_tol(spec)
            elif key in DEFAULTS and value:
                self.defaults[key] = parse_tol(value)
            elif key == "status" and value.isdigit():
                self.status = int(value)
            elif key == "quiet" and not value:
                self.quiet = True
            elif key == "timeline" and not value:
                self.timeline = True
            elif key == "sites" and not value:
                self.sites = True
            elif key == "spark" and not value:
                self.spark = True
            elif key == "wrapped" and not value:
                self.wrapped = True
            elif key == "wait" and value:
                self.wait = value
            else:
                raise ValueError(f"unknown or malformed option {w!r}")


def parse_tol(spec):
    """'15%' -> ('rel', 0.15); '0.5' -> ('abs', 0.5)."""
    if spec.endswith("%"):
        return ("rel", float(spec[:-1]) / 100)
    return ("abs", float(spec))


class Figure:
    """A figure of expected output and the tolerance it is matched with."""

    def __init__(self, text, value, scale, kind, tol):
        self.text = text
        self.value = value * scale
        self.scale = scale
        # one unit of the last printed digit: rounding is never a mismatch
        decimals = len(text.split(".")[1]) if "." in text else 0
        self.rounding = (10 ** -decimals) * scale if decimals else 0
        mode, amount = tol
        self.slack = (abs(self.value) * amount if mode == "rel"
                      else amount * scale)
        self.tol_text = (f"±{amount * 100:g}%" if mode == "rel"
                         else f"±{amount:g}")
        self.kind = kind

    def accepts(self, actual):
        slack = max(self.slack, self.rounding) + 1e-9
        return abs(actual - self.value) <= slack


def compile_line(line, opts):
    """Return (regex, figures) for one line of expected output."""
    indent = len(line) - len(line.lstrip(" "))
    pattern = [" " * indent]
    figures = []
    pos = indent
    body = line.rstrip()
    prev = ""
    while pos < len(body):
        field = None
        for regex in (SITES, MODULES) if opts.sites and prev == "," else ():
            run = re.compile(regex).match(body, pos)
            if run and run.end() > pos:
                field = regex
                break
        if field:
            pattern.append(field)
            prev = run.group(0)
            pos = run.end()
            continue
        run = re.compile(TIMELINE).match(body, pos) if opts.timeline else None
        if run and prev == ",":
            pattern.append(TIMELINE)
            prev = run.group(0)
            pos = run.end()
            continue
        run = re.compile(SPARK).match(body, pos) if opts.spark else None
        if run:
            pattern.append(SPARK)
            prev = run.group(0)
            pos = run.end()
            continue
        if body[pos] == "-" and prev[-1:].isalnum():
            # a hyphen after a word ("heapline-0.1.0") is not a minus sign
            pattern.append("-")
            prev = "-"
            pos += 1
            continue
        m = TOKEN.match(body, pos)
        text = m.group(0)
        kind = m.lastgroup
        key = (m.group("snum") if kind == "size" else
               m.group("lnum") if kind == "slurm" else
               m.group("tnum") if kind == "time" else text)
        if kind in ("time", "num") and key in opts.tol and (
                kind == "time" or key in opts.wall):
            raise ValueError(f"tol={key}: a time is masked, it has no "
                             "tolerance")
        if kind == "ws":
            pattern.append(r"\s+")
        elif kind == "time":
            # Masked: a time of this run says how busy the machine was,
            # never what the page's run took.
            pattern.append(NUM + r" +" + m.group("tunit"))
        elif key in opts.any:
            pattern.append(ANY)
        elif kind == "size":
            tol = opts.tol.get(key, opts.defaults["sizes"])
            figures.append(Figure(key, float(key), SIZE_UNITS[m.group("unit")],
                                  "size", tol))
            pattern.append(r"(" + NUM + r") +(B|KiB|MiB|GiB|TiB)")
        elif kind == "slurm":
            tol = opts.tol.get(key, opts.defaults["sizes"])
            figures.append(Figure(key, float(key),
                                  SLURM_UNITS[m.group("lunit")], "size", tol))
            pattern.append(r"(\d+(?:\.\d+)?)([KMGT])")
        elif kind == "num" and key in opts.wall:
            pattern.append(NUM)
        elif kind == "num":
            default = "decimals" if "." in text else "counts"
            tol = opts.tol.get(key, opts.defaults[default])
            figures.append(Figure(key, float(key), 1, "number", tol))
            pattern.append(r"(" + NUM + r")")
        else:
            pattern.append(re.escape(text))
        prev = text
        pos = m.end()
    return re.compile("".join(pattern)), figures


def actual_values(match, figures):
    """The actual values of a matched line, scaled like the figures."""
    values, g = [], 1
    for f in figures:
        number = float(match.group(g))
        g += 1
        if f.kind == "size":
            unit = match.group(g)
            g += 1
            number *= SIZE_UNITS.get(unit) or SLURM_UNITS[unit]
        values.append(number)
    return values


def check_line(expected, actual, opts, where):
    """Return the list of faults of one actual line against one expected."""
    regex, figures = compile_line(expected, opts)
    m = regex.fullmatch(actual.rstrip())
    if not m:
        return [f"{where}: words differ\n  expected: {expected}\n"
                f"  actual:   {actual}"]
    faults = []
    for f, value in zip(figures, actual_values(m, figures)):
        if not f.accepts(value):
            shown = value / f.scale
            faults.append(f"{where}: figure {f.text} is out of tolerance "
                          f"({f.tol_text}): actual {shown:g}\n"
                          f"  expected: {expected}\n  actual:   {actual}")
    return faults


def paragraphs(lines):
    """Join each run of unindented lines that are not blank into one line,
    a space apart (the option `wrapped`).

    A program wraps its prose at a width, so a figure one character longer
    or shorter than the page's moves words from one line to the next: the
    words are compared, not where the lines break.  An indented line (a
    table's row) stays a line of its own, and a blank line ends a run.
    """
    joined, last = [], ""
    for line in lines:
        prose = bool(line.strip()) and not line.startswith(" ")
        if prose and joined and last.strip() and not last.startswith(" "):
            joined[-1] = joined[-1].rstrip() + " " + line
        else:
            joined.append(line)
        last = line
    return joined


def match_lines(expected_blocks, output, opts):
    """Compare output (a list of lines) with the expected blocks.

    - Lines matching a drop= regex are removed from the output and from the
      expected text first, and trailing blank lines of both sides are
      ignored.
    - Without `excerpt`, the output must have exactly the lines of the
      expected blocks joined; with it, each expected block must appear as
      consecutive output lines, in the order of the blocks.
    - With `wrapped`, each run of unindented lines that are not blank (a
      paragraph of prose) is one line, joined before drop= applies, so that
      where it wraps does not count (paragraphs()).
    - In a line, leading spaces count exactly; any other run of white space
      matches any run; words and punctuation must be equal.
    - Figures are matched within a tolerance: sizes (a number and
      B/KiB/MiB/GiB/TiB, or a Slurm size such as 300M) in bytes, default
      ±5%; integers ±15%; other decimals ±10%.  A difference of one unit of
      the last printed digit is always accepted.  tol=FIGURE:SPEC sets the
      tolerance of the figure written FIGURE (SPEC N% or an absolute N in
      the figure's own unit).
    - Times (a number followed by " s" or " ms", or a bare figure listed in
      wall=) are masked: any number matches, in the same unit.  They say
      how busy the machine was, never what the page's run took.
    - any=TOKEN,... makes each listed token match any run of characters
      other than white space, ',' and '|' (pids, host names, job ids).
    - sites makes a record's sites and modules fields match any such
      fields: which allocations are sampled differs from run to run.
    Returns the list of faults, empty when the output matches.
    """
    join = paragraphs if opts.wrapped else list
    if opts.wrapped and not opts.excerpt:
        # One text: a paragraph may run on from one text block to the next.
        expected_blocks = [[l for b in expected_blocks for l in b]]
    out = [l for l in join(output) if not any(r.search(l) for r in opts.drop)]
    while out and not out[-1].strip():
        out.pop()
    blocks = [[l for l in join(b) if not any(r.search(l) for r in opts.drop)]
              for b in expected_blocks]
    for b in blocks:
        while b and not b[-1].strip():
            b.pop()
    if not opts.excerpt:
        exp = [l for b in blocks for l in b]
        if len(exp) != len(out):
            diff = "\n".join(difflib.unified_diff(
                exp, out, "expected", "actual", lineterm=""))
            return [f"{len(out)} lines of output, {len(exp)} expected\n{diff}"]
        faults = []
        for n, (e, a) in enumerate(zip(exp, out), 1):
            faults += check_line(e, a, opts, f"line {n}")
        return faults
    faults, start = [], 0
    for k, b in enumerate(blocks, 1):
        found = None
        for i in range(start, len(out) - len(b) + 1):
            if all(compile_line(e, opts)[0].fullmatch(a.rstrip())
                   for e, a in zip(b, out[i:i + len(b)])):
                found = i
                break
        if found is None:
            faults.append(f"expected block {k} (first line {b[0]!r}) is not "
                          f"in the output after line {start}")
            continue
        for n, (e, a) in enumerate(zip(b, out[found:found + len(b)]), 1):
            faults += check_line(e, a, opts, f"block {k} line {n}")
        start = found + len(b)
    return faults


def block_environment(bindir):
    env = {k: v for k, v in os.environ.items()
           if k != "LD_PRELOAD" and not k.startswith("HEAPLINE_")}
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "/usr/bin:/bin")
    return env


def run_block(lines, workdir, env, prelude):
    """Runs the lines with bash -e; returns the status and the output."""
    script = "set -e\n" + prelude + "\n".join(lines) + "\n"
    proc = subprocess.run(["bash", "-c", script], cwd=workdir, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return proc.returncode, proc.stdout.decode(errors="replace").split("\n")


def prepare(root, args):
    """Make the work folder, its links and copies, and the PATH folder;
    return both."""
    workdir = os.path.join(root, "work")
    bindir = os.path.join(root, "bin")
    os.makedirs(workdir)
    os.makedirs(bindir)
    for item in args.link:
        rel, _, target = item.partition("=")
        dest = os.path.join(workdir, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        os.symlink(os.path.abspath(target), dest)
    for item in args.copy:
        rel, _, source = item.partition("=")
        dest = os.path.join(workdir, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if os.path.exists(source):  # else the blocks that run it fail
            shutil.copy2(source, dest)
    for item in args.command:
        name, _, target = item.partition("=")
        os.symlink(os.path.abspath(target), os.path.join(bindir, name))
    return workdir, bindir


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("page")
    ap.add_argument("--link", action="append", default=[], metavar="REL=PATH",
                    help="make REL in the work folder a link to PATH")
    ap.add_argument("--copy", action="append", default=[],
                    metavar="REL=PATH",
                    help="make REL in the work folder a copy of PATH (a "
                    "program that finds its files beside itself)")
    ap.add_argument("--command", action="append", default=[],
                    metavar="NAME=PATH",
                    help="run PATH when a block runs the command NAME")
    ap.add_argument("--source", default=None, metavar="FILE",
                    help="shell file sourced before each block")
    ap.add_argument("--block", action="append", type=int, default=[],
                    metavar="N", help="run only the Nth doc-test block")
    ap.add_argument("--expect-blocks", type=int, default=None, metavar="N",
                    help="fail unless the page has N doc-test blocks")
    ap.add_argument("--keep", action="store_true",
                    help="keep the work folder")
    args = ap.parse_args()

    with open(args.page, encoding="utf-8") as f:
        blocks, errors = parse_page(f.read())
    tests = [b for b in blocks if b.kind == "test"]
    chosen = [b for n, b in enumerate(tests, 1)
              if not args.block or n in args.block]
    total = len(chosen) + len(errors) + (args.expect_blocks is not None)
    print(f"1..{total}")
    failed = 0
    n = 0
    for e in errors:
        n += 1
        failed += 1
        print(f"not ok {n} - {args.page}: {e}")
    if args.expect_blocks is not None:
        n += 1
        ok = len(tests) == args.expect_blocks
        failed += not ok
        print(f"{'ok' if ok else 'not ok'} {n} - {args.page} has "
              f"{args.expect_blocks} doc-test blocks (found {len(tests)})")

    prelude = f". {shlex.quote(os.path.abspath(args.source))}\n" \
        if args.source else ""
    root = tempfile.mkdtemp(prefix="heapline-doctest.")
    workdir, bindir = prepare(root, args)
    env = block_environment(bindir)
    for b in blocks:
        if b.kind == "file":
            path = os.path.join(workdir, b.options[0])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write("\n".join(b.body) + "\n")
            continue
        if b not in chosen:
            continue
        n += 1
        title = b.title(args.page)
        try:
            opts = Options(b.options)
            if opts.quiet and b.expected:
                raise ValueError("a quiet block has no ```text block")
            if not opts.quiet and not b.expected:
                raise ValueError("no ```text block follows it")
        except (ValueError, re.error) as e:
            failed += 1
            print(f"not ok {n} - {title}: {e}")
            continue
        try:
            for e in (line for block in b.expected for line in block):
                compile_line(e, opts)
        except ValueError as e:
            failed += 1
            print(f"not ok {n} - {title}: {e}")
            continue
        if opts.wait:
            # The state the block reads settles on its own (sacct after a
            # job): waited for, as long as it takes; the block runs once.
            while run_block([opts.wait], workdir, env, prelude)[0] != 0:
                time.sleep(1)
        status, output = run_block(b.body, workdir, env, prelude)
        faults = []
        if status != opts.status:
            faults.append(f"exit status {status}, expected {opts.status}")
        faults += match_lines(b.expected or [[]], output, opts)
        failed += bool(faults)
        print(f"{'not ok' if faults else 'ok'} {n} - {title}")
        for fault in faults:
            for line in fault.split("\n"):
                print(f"# {line}")
        if faults:
            print("# output was:")
            for line in output:
                print(f"#| {line}")
    if args.keep:
        print(f"# work folder kept: {workdir}")
    else:
        shutil.rmtree(root)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
