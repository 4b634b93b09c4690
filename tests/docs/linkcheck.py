#!/usr/bin/env python3
"""Check that every relative link of the given Markdown pages resolves: the
file exists, and a #anchor names a heading (GitHub's slug) or an explicit
<a id/name> of the target page.  With --index PAGE, also check that PAGE
links to every other page and man page of its folder.  Prints TAP."""

import argparse
import os
import re
import sys
from urllib.parse import unquote

FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?"
                         r"(?:\s+\"[^\"]*\")?\s*\)")
REF_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"", re.I)


def prose_lines(text):
    """The lines of a page outside fenced code blocks, with line numbers."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)[0] * len(m.group(1))
            elif line.strip().startswith(fence) and \
                    not line.strip().strip(fence[0]):
                fence = None
            continue
        if fence is None:
            yield n, line


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = CODE_SPAN.sub(lambda m: m.group(2), heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("*", "").strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path):
    """Every anchor a page defines."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    seen, result = {}, set()
    for _, line in prose_lines(text):
        result.update(HTML_ANCHOR.findall(line))
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def links(path):
    """(line number, target) of every link of a page outside code."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for n, line in prose_lines(text):
        line = CODE_SPAN.sub("", line)
        for m in INLINE_LINK.finditer(line):
            yield n, m.group(1)
        m = REF_DEF.match(line)
        if m:
            yield n, m.group(1)


def check_link(page, target, cache):
    """None when target resolves from page, else what is wrong."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
        return None  # an external address: not checked offline
    file_part, _, anchor = target.partition("#")
    dest = os.path.normpath(os.path.join(os.path.dirname(page),
                                         unquote(file_part))) \
        if file_part else page
    if not os.path.exists(dest):
        return f"{file_part}: no such file"
    if not anchor:
        return None
    if not dest.endswith(".md"):
        return f"#{anchor}: anchors are checked in Markdown pages only"
    if dest not in cache:
        cache[dest] = anchors(dest)
    if unquote(anchor) not in cache[dest]:
        return f"#{anchor}: no such anchor in {os.path.basename(dest)}"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pages", nargs="+")
    ap.add_argument("--index", help="page that must link to every page "
                    "and man page of its folder")
    args = ap.parse_args()
    results = []
    cache = {}
    for page in args.pages:
        faults = [f"line {n}: {target}: {fault}"
                  for n, target in links(page)
                  if (fault := check_link(page, target, cache))]
        results.append((f"every link of {page} resolves", faults))
    if args.index:
        folder = os.path.dirname(args.index)
        linked = {os.path.normpath(os.path.join(folder, t.partition("#")[0]))
                  for _, t in links(args.index)}
        pages = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                       if re.search(r"\.(md|[1-8])$", f))
        missing = [p for p in pages if p != os.path.normpath(args.index)
                   and os.path.normpath(p) not in linked]
        results.append((f"{args.index} lists every page and man page",
                        [f"{p} is not linked" for p in missing]))
    print(f"1..{len(results)}")
    for n, (name, faults) in enumerate(results, 1):
        print(f"{'not ok' if faults else 'ok'} {n} - {name}")
        for fault in faults:
            print(f"# {fault}")
    return 1 if any(f for _, f in results) else 0


if __name__ == "__main__":
    sys.exit(main())
