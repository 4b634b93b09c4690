#!/usr/bin/env python3
"""Print the plugstack.conf arguments that a document lists, one per line,
as spank-args-list prints the plugin's table: KEY=FORM, a tab, the default
(the first word after "Default:"), and for doc/admin.md a tab and the
meaning column, so that a test can compare them.

  spank-args-doc.py man doc/heapline-spank.8     # PLUGSTACK ARGUMENTS
  spank-args-doc.py admin doc/admin.md           # the table of "The arguments"
  spank-args-doc.py conf etc/plugstack.conf.d/heapline.conf.in  # its comment
"""

import re
import sys

# man(7)'s font macros whose arguments are joined without spaces
ALTERNATING = {"BR", "BI", "IB", "IR", "RB", "RI"}


def unroff(line):
    """A troff line as plain text."""
    m = re.match(r"^\.(B|I|BR|BI|IB|IR|RB|RI)\s+(.*)$", line)
    if m:
        words = re.findall(r'"[^"]*"|\S+', m.group(2))
        words = [w.strip('"') for w in words]
        line = ("" if m.group(1) in ALTERNATING else " ").join(words)
    line = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", line)
    return line.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "")


def default_of(text):
    m = re.search(r"Default:\s+(\S+)", text)
    if not m:
        return "(none)"
    word = m.group(1)
    return word if word == "." else word.rstrip(".,;")


def from_man(text):
    rows, tag, body, in_args, is_tag = [], None, [], False, False

    def flush():
        if tag:
            rows.append("%s\t%s" % (tag, default_of(" ".join(body))))

    for line in text.split("\n"):
        if line.startswith(".SH"):
            flush()
            tag = None
            in_args = unroff(line[3:]).strip(' "') == "PLUGSTACK ARGUMENTS"
        elif in_args and line.startswith(".TP"):
            flush()
            tag, is_tag = None, True
        elif in_args and is_tag:
            tag, body, is_tag = unroff(line).strip(), [], False
        elif in_args and tag:
            body.append(unroff(line))
    flush()
    return rows


def from_admin(text):
    rows, in_args = [], False
    for line in text.split("\n"):
        if line.startswith("#"):
            in_args = line.strip() == "### The arguments"
            continue
        if not in_args or not line.startswith("| `"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        cells = [c.replace("`", "").replace("\\|", "|") for c in cells]
        rows.append("\t".join(cells[:3]))
    return rows


def from_conf(text):
    rows, key, body, in_args = [], None, [], False

    def flush():
        if key:
            rows.append("%s\t%s" % (key, default_of(" ".join(body))))

    for line in text.split("\n"):
        if line.startswith("# Arguments"):
            in_args = True
            continue
        if not in_args:
            continue
        m = re.match(r"^#   ([a-z_]+=\S+)(.*)$", line)
        if m:
            flush()
            key, body = m.group(1), [m.group(2)]
        elif key and line.strip() == "#" or not line.startswith("#"):
            break
        elif key:
            body.append(line[1:])
    flush()
    return rows


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    parse = {"man": from_man, "admin": from_admin, "conf": from_conf}[kind]
    for row in parse(text):
        print(re.sub(r"\s+", " ", row.replace("\t", "\0")).replace("\0", "\t"))


if __name__ == "__main__":
    main()
