"""Shared helpers of the tests of heapline-report's HTML page: the page is
made by the real program and read by a real Chromium, headless, over the
DevTools protocol (cdp.py): the DOM it built, the errors it logged, the
pixels it drew. The environment comes from tests/browser/Makefile.am."""

import atexit
import html
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

import cdp

REPORT = os.environ.get("HEAPLINE_TEST_REPORT", "")
LIB = os.environ.get("HEAPLINE_TEST_LIB", "")
SRCDIR = os.environ.get("HEAPLINE_TEST_SRCDIR", os.path.dirname(__file__))
PYTHON3 = os.environ.get("PYTHON3") or sys.executable
SVG = "{http://www.w3.org/2000/svg}"
XHTML = "{http://www.w3.org/1999/xhtml}"

failures = []
tmp = tempfile.mkdtemp(prefix="hl-browser-")
# Removed however the test ends, an exception included.
atexit.register(shutil.rmtree, tmp, True)


def check(ok, what):
    """Records a failed expectation; the test goes on to report them all."""
    print("ok:" if ok else "FAIL:", what)
    if not ok:
        failures.append(what)
    return ok


def done():
    if failures:
        print("%d expectation(s) failed" % len(failures))
        sys.exit(1)
    sys.exit(0)


def chromium():
    """The browser, or exit 77 (skipped) where it is not installed: the
    only reason to skip (tests/deps.sh installs it)."""
    path = shutil.which("chromium")
    if not path:
        print("SKIP: no chromium (tests/deps.sh installs Debian's chromium)")
        sys.exit(77)
    return path


def gen_job(out, nranks, nnodes):
    subprocess.run([PYTHON3, os.path.join(SRCDIR, "gen_job.py"), out,
                    str(nranks), str(nnodes)], check=True)


def report(*args):
    """heapline-report's output and exit status, stderr shown."""
    r = subprocess.run([REPORT, "--no-sacct"] + list(args),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    sys.stderr.write(r.stderr.decode(errors="replace"))
    return r.stdout, r.returncode


class Seen:
    """What Chromium made of a page: the DOM it built (dom), the errors it
    logged (errors: uncaught exceptions, console.error, its renderer's own
    errors), a screenshot (png), the page's times (times, ms since the
    navigation began: "loaded", "drawn") and the value of the expression
    asked for (value)."""

    def __init__(self, dom, errors, png, times, value):
        self.dom, self.errors, self.png = dom, errors, png
        self.times, self.value = times, value


def browse(page, width, height, full_page=False, expression=None):
    """Opens the file page in a tab of width x height pixels; with
    full_page, the screenshot holds the whole page; with expression, its
    value in the page (JavaScript) is taken too."""
    with cdp.Browser(chromium(), tmp) as b:
        session, times = b.open("file://" + os.path.abspath(page), width,
                                height)
        value = b.evaluate(session, expression) if expression else None
        return Seen(b.dom(session), b.errors(),
                    b.screenshot(session, full_page), times, value)


def text_of(dom):
    """The page's text: tags out, entities read, spaces collapsed."""
    dom = re.sub(r"<(style|title)[^>]*>.*?</\1>", " ", dom, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", dom)).split())


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def png_gray(data):
    """Decodes an 8-bit RGB or RGBA PNG (as Chromium writes them) with zlib:
    its width, height and the grey level of every pixel, row after row."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, color = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    assert depth == 8 and color in (2, 6), "PNG of %d bits, colour %d" % (
        depth, color)
    bpp = 3 if color == 2 else 4
    raw, stride = zlib.decompress(idat), w * bpp
    prev, gray = bytearray(stride), []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            c = prev[i - bpp] if i >= bpp else 0
            b = prev[i]
            line[i] = (line[i] + (0, a, b, (a + b) // 2,
                                  _paeth(a, b, c))[f]) & 255
        gray.extend((line[i] + line[i + 1] + line[i + 2]) // 3
                    for i in range(0, stride, bpp))
        prev = line
    return w, h, gray


def variance(values):
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / len(values)
