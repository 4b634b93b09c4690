"""Chromium, headless, driven over the DevTools protocol with Python's
standard library alone: --remote-debugging-pipe takes the protocol's
commands on the browser's descriptor 3 and answers on its descriptor 4,
one JSON message each, ended by a NUL byte. Unlike --dump-dom and
--screenshot, the protocol tells what the page logged: a script's uncaught
exception, console.error, and the errors Chromium's renderer logs itself
(an SVG attribute it cannot parse, "Error: <path> attribute d: ...")."""

import base64
import json
import os
import shutil
import subprocess
import tempfile

# Log entries and console calls at these levels are the page's errors.
_ERROR_LEVELS = ("error", "assert")

# The page's clock once it has loaded and drawn two frames: the second
# requestAnimationFrame runs after the first frame was painted.
_DRAWN = """new Promise(done => requestAnimationFrame(() =>
    requestAnimationFrame(() => done({
        loaded: performance.getEntriesByType("navigation")[0].loadEventEnd,
        drawn: performance.now()}))))"""


def _child_fds(commands, answers):
    """In the browser's process: the two pipe ends at 3 and 4, whatever
    numbers they had (either may be 3 or 4 already)."""
    a, b = os.dup(commands), os.dup(answers)
    os.dup2(a, 3)
    os.dup2(b, 4)


class Browser:
    """One headless Chromium with a profile of its own, closed on exit."""

    def __init__(self, chromium, scratch):
        self.profile = tempfile.mkdtemp(dir=scratch)
        commands_r, commands_w = os.pipe()
        answers_r, answers_w = os.pipe()
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--user-data-dir=" + self.profile,
             "--remote-debugging-pipe", "about:blank"],
            pass_fds=(3, 4),
            preexec_fn=lambda: _child_fds(commands_r, answers_w),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(commands_r)
        os.close(answers_w)
        self._out = os.fdopen(commands_w, "wb", buffering=0)
        self._in = os.fdopen(answers_r, "rb", buffering=0)
        self._buf = b""
        self._id = 0
        self.events = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        try:
            self.send("Browser.close")
        except (OSError, EOFError, RuntimeError):
            self.proc.kill()
        self._out.close()
        self._in.close()
        self.proc.wait()
        shutil.rmtree(self.profile, True)

    def _message(self):
        while b"\0" not in self._buf:
            chunk = self._in.read(1 << 16)
            if not chunk:
                raise EOFError("chromium closed its DevTools pipe")
            self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, session=None, **params):
        """The result of one command; the events that come meanwhile are
        kept in self.events."""
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        self._out.write(json.dumps(msg).encode() + b"\0")
        while True:
            msg = self._message()
            if msg.get("id") == self._id:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg["result"]
            self.events.append(msg)

    def wait_for(self, method):
        """The first event named method, waited for if not come yet."""
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        while True:
            msg = self._message()
            if msg.get("method") == method:
                return msg
            self.events.append(msg)

    def open(self, url, width, height):
        """A tab of width x height CSS pixels that has loaded url and drawn
        it: its session, and the page's own times in milliseconds since
        the navigation began ("loaded": its load event ended; "drawn": two
        frames later)."""
        target = self.send("Target.createTarget", url="about:blank")
        session = self.send("Target.attachToTarget", flatten=True,
                            targetId=target["targetId"])["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(domain + ".enable", session)
        self.send("Emulation.setDeviceMetricsOverride", session, width=width,
                  height=height, deviceScaleFactor=1, mobile=False)
        self.send("Page.navigate", session, url=url)
        self.wait_for("Page.loadEventFired")
        times = self.send("Runtime.evaluate", session, expression=_DRAWN,
                          awaitPromise=True, returnByValue=True)
        return session, times["result"]["value"]

    def errors(self):
        """What the pages logged as errors so far, one line each."""
        found = []
        for e in self.events:
            p = e.get("params", {})
            if e.get("method") == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                found.append("%s %s" % (d.get("text", ""), d.get(
                    "exception", {}).get("description", "")))
            elif e.get("method") == "Runtime.consoleAPICalled" and \
                    p.get("type") in _ERROR_LEVELS:
                found.append("console.%s: %s" % (p["type"], " ".join(
                    str(a.get("value", a.get("description", "")))
                    for a in p.get("args", []))))
            elif e.get("method") == "Log.entryAdded" and \
                    p["entry"].get("level") in _ERROR_LEVELS:
                found.append("%s: %s" % (p["entry"].get("source", "log"),
                                         p["entry"].get("text", "")))
        return found

    def evaluate(self, session, expression):
        """The value of a JavaScript expression in the page."""
        r = self.send("Runtime.evaluate", session, returnByValue=True,
                      expression=expression)
        return r["result"].get("value")

    def dom(self, session):
        """The page's markup as Chromium holds it after parsing."""
        return self.evaluate(session, "document.documentElement.outerHTML")

    def screenshot(self, session, full_page=False):
        """A PNG of the tab; with full_page, of the whole page, however
        long, at the tab's width."""
        params = {"format": "png"}
        if full_page:
            size = self.send("Page.getLayoutMetrics", session)
            content = size["cssContentSize"]
            params.update(captureBeyondViewport=True, clip={
                "x": 0, "y": 0, "width": size["cssLayoutViewport"][
                    "clientWidth"], "height": content["height"], "scale": 1})
        shot = self.send("Page.captureScreenshot", session, **params)
        return base64.b64decode(shot["data"])
