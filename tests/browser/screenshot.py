#!/usr/bin/env python3
"""screenshot.py PAGE PNG [WIDTH]: writes PNG, a picture of the whole of
the HTML file PAGE as a headless Chromium draws it, WIDTH pixels wide
(default 900), however long the page. Exit status 1, and no PNG, when
Chromium logs an error on the page: a picture for the documentation must
not hide a broken page. `make screenshots` makes doc/images/ with it."""

import os
import sys

from page import browse


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.split("\n\n")[0])
    page, png = sys.argv[1], sys.argv[2]
    width = int(sys.argv[3]) if len(sys.argv) == 4 else 900
    if not os.path.isfile(page):
        sys.exit("screenshot.py: %s: no such file" % page)
    seen = browse(page, width, 600, full_page=True)
    if seen.errors:
        sys.exit("screenshot.py: %s: Chromium logged %s" % (page, seen.errors))
    with open(png + ".tmp", "wb") as f:
        f.write(seen.png)
    os.replace(png + ".tmp", png)
    print("screenshot.py: %s, %d bytes, of %s" % (png, len(seen.png), page))


main()
