#!/usr/bin/env python3
"""Print the options a program's --help lists, or a man page's OPTIONS
section lists, one per line, sorted, so that a test can compare the two.

--help: the options named on lines whose first non-blank character is '-'.
Man page: in the OPTIONS section, the tag line of each .TP item and the
argument of each .IP item (man(7)'s forms for an option list)."""

import re
import sys

OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z0-9][\w-]*)")


def from_help(text):
    found = set()
    for line in text.split("\n"):
        if line.lstrip().startswith("-"):
            # the option list ends where its description starts
            names = re.split(r"\s{2,}|\t", line.strip())[0]
            found.update(OPTION.findall(names))
    return found


def unroff(line):
    """A troff line as plain text."""
    line = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", line)
    line = line.replace("\\-", "-").replace("\\(em", " ").replace("\\e", "\\")
    line = re.sub(r"^\.(B|I|BR|BI|IB|IR|RB|RI)\s+", "", line)
    return line.replace('"', "")


def from_man(text):
    found = set()
    in_options = False
    tag_next = False
    for line in text.split("\n"):
        if line.startswith(".SH"):
            in_options = unroff(line[3:]).strip().upper() == "OPTIONS"
            continue
        if not in_options:
            continue
        if line.startswith(".TP"):
            tag_next = True
            continue
        if line.startswith(".IP"):
            found.update(OPTION.findall(unroff(line[3:])))
            continue
        if tag_next and not line.startswith(".PD"):
            found.update(OPTION.findall(unroff(line)))
            tag_next = False
    return found


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    options = from_help(text) if kind == "help" else from_man(text)
    for option in sorted(options):
        print(option)


if __name__ == "__main__":
    main()
