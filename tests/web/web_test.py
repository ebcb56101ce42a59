#!/usr/bin/env python3
"""The web build (docs/web.md) in headless Chromium, as CTest runs it (label `web`).

    web_test.py build SOURCE_DIR
        fetches the sources and builds build/web with the `web` preset (the tests' set-up)
    web_test.py links SOURCE_DIR CLI APP SCENE...
        opens the link of each SCENE (made by the native ccdlab-cli) in the page, one after the
        other in one headless Chromium; once the app idles, the page's status must show the
        scene loaded with the native answers, bit for bit: a query lab scene's time of impact
        as the native `ccdlab-cli replay` gives it (its first event), with the whole answer,
        the trace and every algorithm's time as the native app reports them; a world scene's
        events as `ccdlab-cli replay` prints them and the native app reports them. Prints each
        scene's result by name (PASS or FAIL and why) and fails if any scene fails.
    web_test.py link SOURCE_DIR CLI APP SCENE
        the same for one scene
    web_test.py screenshot SOURCE_DIR CLI SCENE
        a screenshot of the page on the link of SCENE is not blank
    web_test.py picture SOURCE_DIR CLI SCENE OUT.png
        not a test: the page's frame 20 on the link of SCENE, as a PNG (docs/make-screenshots.sh)
    web_test.py malformed SOURCE_DIR
        a link that does not decode: the page shows the located error and opens nothing
    web_test.py bench SOURCE_DIR CLI SCENE [FRAMES]
        not a test: the page's sizes, its time to first frame on the link of SCENE and
        `ccdlab --bench-frames FRAMES` (default 200) run in the page (docs/performance-app.md)

Each exits 77 (CTest's SKIP_RETURN_CODE) with a message when emscripten or Chromium is not
installed (./dev.sh web installs them), and 1 with the difference when a check fails.
"""

import base64
import contextlib
import functools
import html
import http.server
import json
import os
import queue
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import zlib

SKIP = 77
CHROMIUM_FLAGS = [
    "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--window-size=1280,800", "--no-first-run", "--disable-gpu-sandbox",
]
# Virtual time the page gets: loading, starting, and the frames until the first report.
VIRTUAL_TIME_MS = "8000"


class Failed(Exception):
    """A check failed; its message says what differs."""


def fail(message):
    raise Failed(message)


def chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser")


@contextlib.contextmanager
def chromium_profile():
    """A fresh --user-data-dir, removed afterwards. Chromium's helper processes can still be
    writing into it after the browser itself has ended, so each browser runs in its own session
    (end_browser ends the whole group) and the removal retries before it gives up quietly: a
    profile left in /tmp is no failure of the page under test."""
    profile = tempfile.mkdtemp(prefix="ccdlab-chromium-")
    try:
        yield profile
    finally:
        for _ in range(10):
            shutil.rmtree(profile, ignore_errors=True)
            if not os.path.exists(profile):
                break
            time.sleep(0.5)


def end_browser(browser):
    """Ends a browser started with start_new_session=True and every process it started."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(browser.pid, sig)
        except ProcessLookupError:
            return
        try:
            browser.wait(timeout=30)
            return
        except subprocess.TimeoutExpired:
            continue


def skip_without_tools():
    missing = [name for name, found in (("emscripten (emcc)", shutil.which("emcc")),
                                        ("chromium", chromium())) if not found]
    if missing:
        print("SKIPPED: the web tests need " + " and ".join(missing) +
              " (Debian packages emscripten, chromium; ./dev.sh web installs them)")
        sys.exit(SKIP)


def web_dir(source_dir):
    return os.path.join(source_dir, "build", "web")


def build(source_dir):
    env = dict(os.environ, NODE_PATH="/usr/share/nodejs")
    for command in (["web/fetch_sources.sh", "build/web-sources"],
                    ["cmake", "--preset", "web"],
                    ["cmake", "--build", "--preset", "web"]):
        result = subprocess.run(command, cwd=source_dir, env=env)
        if result.returncode != 0:
            fail(" ".join(command) + " failed")
    for name in ("index.html", "index.js", "index.wasm", "index.data"):
        if not os.path.isfile(os.path.join(web_dir(source_dir), name)):
            fail("build/web/" + name + " was not made")


class Server:
    """build/web over HTTP on 127.0.0.1, on a free port, for as long as the `with` lasts."""

    def __init__(self, directory, pages=()):
        handler = functools.partial(QuietHandler, directory=directory)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.pages = list(pages)
        self.httpd.results = queue.Queue()
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]

    def __enter__(self):
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".wasm": "application/wasm", ".js": "text/javascript"})

    def log_message(self, *args):
        pass

    def do_GET(self):
        # For the benchmark, in real time: /hold?ms=N answers after N ms (a page that holds one
        # keeps its load event, and so headless Chromium's --dump-dom, that long);
        # /frame?ms=N&page=URL shows URL in a frame and copies its status and output out.
        # For the links: /links shows each page of the server's `pages` in turn (LINKS_PAGE).
        query = urllib.parse.urlparse(self.path)
        params = urllib.parse.parse_qs(query.query)
        if query.path == "/hold":
            time.sleep(int(params["ms"][0]) / 1000.0)
            return self.send_text("", "text/plain")
        if query.path == "/frame":
            page = html.escape(params["page"][0])
            return self.send_text(FRAME_PAGE % (page, int(params["ms"][0])), "text/html")
        if query.path == "/links":
            return self.send_text(LINKS_PAGE % json.dumps(self.server.pages), "text/html")
        return super().do_GET()

    def do_POST(self):
        # /result: LINKS_PAGE's status of page number N, as JSON {"index": N, "status": ...}.
        length = int(self.headers.get("Content-Length", 0))
        result = json.loads(self.rfile.read(length))
        self.server.results.put(result)
        self.send_text("", "text/plain")

    def send_text(self, text, kind):
        data = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


FRAME_PAGE = """<!doctype html><html><body>
<iframe id="app" src="%s" width="1280" height="800"></iframe>
<pre id="copied"></pre><img src="/hold?ms=%d">
<script>
setInterval(function() {
  var page = document.getElementById("app").contentDocument;
  var status = page && page.getElementById("ccdlab-status");
  if (!status) return;
  document.getElementById("copied").textContent = JSON.stringify({
    first_frame_ms: status.dataset.firstFrameMs || null,
    output: page.getElementById("ccdlab-output").textContent});
}, 50);
</script></body></html>"""


# Opens each of `pages` (the server's, "index.html#scene=...") in a frame of its own, one after
# the other, in the page's own size (1280x800) and with nothing kept from the page before (its
# local storage cleared: settings, autosave); once the app idles (web/shell.html: data-idle, the
# report copied) or reports an error, posts the page's status and its frames drawn to /result.
LINKS_PAGE = """<!doctype html><html><body style="margin:0">
<script>
const pages = %s;
let index = 0, frame = null;
function post(result) {
  return fetch("/result", {method: "POST", body: JSON.stringify(result)});
}
function openNext() {
  if (frame) frame.remove();
  localStorage.clear();
  if (index === pages.length) return;
  frame = document.createElement("iframe");
  frame.width = 1280; frame.height = 800; frame.style.border = "0";
  frame.src = pages[index];
  document.body.appendChild(frame);
}
setInterval(function() {
  const page = frame && frame.contentDocument;
  const status = page && page.getElementById("ccdlab-status");
  if (!status || !status.textContent) return;
  const shown = JSON.parse(status.textContent);
  const error = Object.keys(shown).length === 1 && "error" in shown;
  if (!error && !("idle" in status.dataset)) return;
  const result = {index: index, status: status.textContent,
                  frames: Number(status.dataset.frames || 0)};
  frame.remove(); frame = null; ++index;
  post(result).then(openNext);
}, 50);
openNext();
</script></body></html>"""
# No page of LINKS_PAGE's answers in this long: it hangs (one page takes a few seconds).
PAGE_HANG_CAP_S = 180


def page_statuses(server, count):
    """Each of the server's pages' status in LINKS_PAGE, in one headless Chromium, in order: the
    app's report (or its error) as JSON; None for a page not reached before a hang."""
    statuses = [None] * count
    with chromium_profile() as profile, tempfile.TemporaryFile("w+") as output:
        browser = subprocess.Popen(
            [chromium(), *CHROMIUM_FLAGS, "--user-data-dir=" + profile, server.url + "links"],
            stdout=output, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        try:
            for _ in range(count):
                try:
                    result = server.httpd.results.get(timeout=PAGE_HANG_CAP_S)
                except queue.Empty:
                    break
                statuses[result["index"]] = json.loads(result["status"])
                print("  page %d of %d answered after %d frames" %
                      (result["index"] + 1, count, result["frames"]), flush=True)
        finally:
            end_browser(browser)
        if None in statuses:
            output.seek(0)
            print("Chromium's output:\n" + output.read()[-3000:])
    return statuses


def dump_dom(url, wait=("--virtual-time-budget=" + VIRTUAL_TIME_MS)):
    with chromium_profile() as profile:
        browser = subprocess.Popen(
            [chromium(), *CHROMIUM_FLAGS, "--user-data-dir=" + profile, wait, "--dump-dom", url],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            stdout, stderr = browser.communicate(timeout=240)
        finally:
            end_browser(browser)
        return subprocess.CompletedProcess(browser.args, browser.returncode, stdout, stderr)


def page_status(url):
    """The page's #ccdlab-status after the virtual time: the app's report or its error."""
    result = dump_dom(url)
    match = re.search(r'<pre id="ccdlab-status"[^>]*>(.*?)</pre>', result.stdout, re.S)
    if not match:
        fail("no #ccdlab-status in the page (chromium exit %d):\n%s\n%s" %
             (result.returncode, result.stdout[-2000:], result.stderr[-3000:]))
    text = html.unescape(match.group(1))
    if not text:
        fail("the page wrote no status: the app did not report\n" + result.stderr[-3000:])
    return json.loads(text)


def link_of(cli, scene):
    result = subprocess.run([cli, "link", scene], capture_output=True, text=True)
    if result.returncode != 0:
        fail("ccdlab-cli link " + scene + ": " + result.stderr)
    return result.stdout.strip()


def native_report(app, link, directory):
    """The native app's report on the same link (one frame, offscreen, under Xvfb)."""
    report = os.path.join(directory, "native.json")
    result = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", app, "--link", link, "--size",
         "1280x800", "--screenshot", os.path.join(directory, "native.png"), "--report", report],
        capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        fail("the native app on the link: " + result.stdout + result.stderr)
    with open(report) as f:
        return json.load(f)


# Bullet's casts are registered by the native builds only: the web build has no Bullet
# (docs/web.md). The page's table is the native one without their rows, and its banner is what
# the remaining rows say.
NATIVE_ONLY_ALGORITHMS = {"bullet", "bullet-gjk", "bullet-subsimplex"}


def without_native_only(report):
    report = dict(report)
    report["algorithms"] = [a for a in report["algorithms"]
                            if a["name"] not in NATIVE_ONLY_ALGORITHMS]
    report["disagreement"] = any(a["disagrees"] for a in report["algorithms"])
    return report


def same(what, web, native):
    if web != native:
        fail("%s differs:\n  web:    %s\n  native: %s" % (what, json.dumps(web), json.dumps(native)))


def bits(x):
    return struct.pack("<d", x).hex()


def check_links(source_dir, cli, app, scenes):
    """Every scene's link in the page, one browser for all; each scene's result by name."""
    links = [link_of(cli, scene) for scene in scenes]
    pages = ["index.html" + link[link.index("#"):] for link in links]
    with Server(web_dir(source_dir), pages) as server:
        statuses = page_statuses(server, len(pages))
    failed = []
    for scene, link, web in zip(scenes, links, statuses):
        name = os.path.basename(scene)
        try:
            if web is None:
                fail("the page gave no answer (a hang: none in %d s)" % PAGE_HANG_CAP_S)
            print("PASS " + name + ": " + check_link(cli, app, scene, link, web))
        except Failed as e:
            print("FAIL " + name + ": " + str(e))
            failed.append(name)
    print("%d of %d links as the native answers%s" %
          (len(scenes) - len(failed), len(scenes),
           "; failed: " + ", ".join(failed) if failed else ""))
    return 1 if failed else 0


def check_link(cli, app, scene, link, web):
    """The page's status `web` on the link of `scene` against the native answers; what was
    checked, or Failed."""
    if "error" in web:
        fail("the page could not open the link: " + web["error"])
    with tempfile.TemporaryDirectory() as directory:
        native = native_report(app, link, directory)
    same("the view", web["mode"], native["mode"])
    # The native CLI's answer: the events `ccdlab-cli replay` prints for the scene's first frame
    # (a query lab scene's first event is its pair's time of impact: the same query).
    # A scene the World refuses (a turning body: the query lab only) has no replay; its native
    # answer is then the native app's alone, compared below.
    result = subprocess.run([cli, "replay", scene, "--log-level", "events"],
                            capture_output=True, text=True)
    refused = web["mode"] == "query" and result.returncode != 0
    if result.returncode != 0 and not refused:
        fail("ccdlab-cli replay: " + result.stderr)
    replayed = [json.loads(line) for line in result.stdout.splitlines() if line]
    replayed = [e for e in replayed if e.get("status") == "processed" and e["frame"] == 0]
    if web["mode"] == "query":
        web_t = web["hit"]["t"] if web["hit"] else None
        if not refused:
            cli_t = replayed[0]["t"] if replayed else None
            same("the time of impact", web_t, cli_t)
            if web_t is not None:
                same("the time of impact's bits", bits(web_t), bits(cli_t))
        shared = without_native_only(native)
        for key in ("pair", "hit", "algorithms", "disagreement", "trace", "mover"):
            same(key, web[key], shared[key])
        return "query lab, t = %r (%s), as %s" % (
            web_t, bits(web_t) if web_t is not None else "no hit",
            "the native app (no replay: " + result.stderr.strip() + ")" if refused
            else "ccdlab-cli replay and the native app")
    else:
        same("the number of events", len(web["events"]), len(replayed))
        for mine, theirs in zip(web["events"], replayed):
            same("an event's parties", (mine["a"], mine["b"]), (theirs["a"], theirs["b"]))
            same("an event's time's bits", bits(mine["t"]), bits(theirs["t"]))
        strip = lambda events: [{k: v for k, v in e.items() if not k.endswith("_px")}
                                for e in events]
        same("the events", strip(web["events"]), strip(native["events"]))
        same("the cancelled predictions", web["cancelled"], native["cancelled"])
        return "world view, %d events, as ccdlab-cli replay and the native app" % len(
            web["events"])


def png_pixels(path):
    """(width, height, rows of RGBA or RGB bytes) of a PNG (8-bit, non-interlaced), with
    Python's zlib: no image library needed."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path + " is not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace != 0 or color not in (2, 6):
                fail("unexpected PNG format in " + path)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        filter_type = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if filter_type == 1:
                line[i] = (line[i] + left) & 255
            elif filter_type == 2:
                line[i] = (line[i] + up) & 255
            elif filter_type == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif filter_type == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else
                                      up if pb <= pc else up_left)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def save_page_picture(source_dir, cli, scene, shot):
    """The page's frame 20 on the link of `scene`, taken by the page itself (web/shell.html,
    ?screenshot=N), written to `shot` as a PNG."""
    link = link_of(cli, scene)
    with Server(web_dir(source_dir)) as server:
        page = dump_dom(server.url + "index.html?screenshot=20" + link[link.index("#"):])
    match = re.search(r'<pre id="ccdlab-screenshot">data:image/png;base64,([^<]*)</pre>',
                      page.stdout)
    if not match:
        fail("the page made no screenshot:\n" + page.stderr[-3000:])
    with open(shot, "wb") as f:
        f.write(base64.b64decode(match.group(1)))


def check_screenshot(source_dir, cli, scene):
    with tempfile.TemporaryDirectory() as directory:
        shot = os.path.join(directory, "page.png")
        save_page_picture(source_dir, cli, scene, shot)
        width, height, channels, rows = png_pixels(shot)
    # Not blank: the canvas's background, the File bar, the panel, the bodies: many colours,
    # and no single colour covers nearly everything.
    counts = {}
    for row in rows[::4]:
        for x in range(0, width * channels, 4 * channels):
            pixel = row[x:x + 3]
            counts[pixel] = counts.get(pixel, 0) + 1
    total = sum(counts.values())
    commonest = max(counts.values())
    if len(counts) < 50 or commonest > 0.97 * total:
        fail("the screenshot looks blank: %d colours, the commonest on %.1f%% of it" %
             (len(counts), 100.0 * commonest / total))
    print("%s: %dx%d screenshot, %d colours, the commonest on %.1f%% of it" %
          (os.path.basename(scene), width, height, len(counts), 100.0 * commonest / total))


def check_malformed(source_dir):
    # Character 12 of "#scene=AW1R!MW7c" is "!" ("#scene=" is characters 1 to 7): as
    # docs/links.md, "Errors", and the native app say.
    expected = 'link: character 12 ("!") is not base64url (A-Z, a-z, 0-9, - and _)'
    with Server(web_dir(source_dir)) as server:
        status = page_status(server.url + "index.html#scene=AW1R!MW7c")
    same("the page's status", status, {"error": expected})
    print("a malformed link: " + expected)


def gzip_size(path):
    with open(path, "rb") as f:
        return len(zlib.compress(f.read(), 9))


def bench(source_dir, cli, scene, frames):
    directory = web_dir(source_dir)
    print("| file | bytes | gzip -9 |\n|---|---:|---:|")
    for name in ("index.wasm", "index.js", "index.data", "index.html"):
        path = os.path.join(directory, name)
        print("| %s | %d | %d |" % (name, os.path.getsize(path), gzip_size(path)))
    link = link_of(cli, scene)
    fragment = link[link.index("#"):]

    def in_real_time(page, ms):
        url = server.url + "frame?" + urllib.parse.urlencode({"page": page, "ms": ms})
        dom = dump_dom(url, "--timeout=%d" % (ms + 60000)).stdout
        match = re.search(r'<pre id="copied">(.*?)</pre>', dom, re.S)
        return json.loads(html.unescape(match.group(1))) if match and match.group(1) else {}

    with Server(directory) as server:
        # Real time here (the page's clock measures; virtual time would not).
        for _ in range(3):
            copied = in_real_time("/index.html" + fragment, 20000)
            print("time to the first frame: %s ms" % copied.get("first_frame_ms"))
        copied = in_real_time("/index.html?bench=%d%s" % (frames, fragment), 150000)
        print(copied.get("output") or "no output")


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    command, source_dir = argv[1], argv[2]
    skip_without_tools()
    try:
        if command == "build":
            build(source_dir)
        elif command in ("links", "link"):
            return check_links(source_dir, argv[3], argv[4], argv[5:] if command == "links"
                               else argv[5:6])
        elif command == "screenshot":
            check_screenshot(source_dir, argv[3], argv[4])
        elif command == "picture":
            save_page_picture(source_dir, argv[3], argv[4], argv[5])
        elif command == "malformed":
            check_malformed(source_dir)
        elif command == "bench":
            bench(source_dir, argv[3], argv[4], int(argv[5]) if len(argv) > 5 else 200)
        else:
            print(__doc__)
            return 2
    except Failed as e:
        print("FAIL: " + str(e))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
