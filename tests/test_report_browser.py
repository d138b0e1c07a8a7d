"""The HTML report in a real browser (headless Chromium): not blank, claim links land on their cards below the
navigation bar, formulas fit, nothing overflows at 1400 px nor at phone width (390 px), every page <= 2 MB.

Screenshots of the index and of Section 5 at both widths are written to VERIFY_SCREENSHOTS (a folder) when that
is set, else to the test's temporary folder, so that a person can look at them.

Chromium is driven through its DevTools protocol over a pipe (--remote-debugging-pipe: NUL-separated JSON on
file descriptors 3 and 4), so no websocket library or driver is needed. The tests skip, saying why, where the
Debian package `chromium` is not installed; `.ci/run` installs it and sets VERIFY_REQUIRE_BROWSER=1, so in CI
they run (and fail if Chromium is missing).
"""

from __future__ import annotations

import base64
import io
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = next(
    filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"))), None
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDTH, HEIGHT = 1280, 900
TARGET = "claim-thm5-1-eq14"
TARGET_PAGE = "report-section-5.html"  # the page of Section 5, where TARGET's card is

_ABSENT = "headless Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)"


@pytest.fixture(scope="module", autouse=True)
def _needs_chromium() -> None:
    """Skip without Chromium, except where VERIFY_REQUIRE_BROWSER is set (CI): there its absence fails."""
    if CHROMIUM is None:
        if os.environ.get("VERIFY_REQUIRE_BROWSER"):
            pytest.fail(_ABSENT + "; VERIFY_REQUIRE_BROWSER is set, so this test must run")
        pytest.skip(_ABSENT)


class DevTools:
    """A minimal DevTools-protocol client over --remote-debugging-pipe."""

    def __init__(self, profile: Path) -> None:
        to_chrome, from_chrome = os.pipe(), os.pipe()
        high_in, high_out = os.dup2(to_chrome[0], 100), os.dup2(from_chrome[1], 101)

        def child_fds() -> None:
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        command = [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe"]
        self.process = subprocess.Popen(
            [*command, f"--window-size={WIDTH},{HEIGHT}"],
            preexec_fn=child_fds,
            close_fds=False,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for fd in (high_in, high_out, to_chrome[0], from_chrome[1]):
            os.close(fd)
        self.write, self.read, self.buffer, self.counter = to_chrome[1], from_chrome[0], b"", 0

    def call(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 60) -> dict:
        """Send one command and wait for its answer."""
        self.counter += 1
        message = {"id": self.counter, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" not in self.buffer:
                ready, _, _ = select.select([self.read], [], [], max(deadline - time.monotonic(), 0))
                if not ready:
                    raise TimeoutError(f"chromium did not answer {method}")
                chunk = os.read(self.read, 1 << 20)
                if not chunk:
                    raise EOFError("chromium closed the DevTools pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self.counter:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]

    def close(self) -> None:
        """Close the browser."""
        try:
            self.call("Browser.close", timeout=10)
        except (OSError, EOFError, TimeoutError, RuntimeError):
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.write)
        os.close(self.read)


class Page:
    """One browser tab at a fixed viewport."""

    def __init__(self, tools: DevTools, width: int = WIDTH, height: int = HEIGHT, mobile: bool = False) -> None:
        self.tools = tools
        target = tools.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = tools.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}
        self.tools.call("Emulation.setDeviceMetricsOverride", metrics, self.session)

    def open(self, url: str) -> None:
        """Navigate and wait until the page has loaded."""
        self.tools.call("Page.navigate", {"url": url}, self.session)
        self.wait_for(url)

    def wait_for(self, url: str) -> None:
        """Wait until the page at `url` has loaded (after a navigation or a click on a link)."""
        for _ in range(600):
            try:
                loaded = self.evaluate("document.readyState") == "complete" and self.evaluate("location.href") == url
                # a fragment counts once the browser has moved to it (under load this can lag the load event)
                loaded = loaded and bool(self.evaluate("!location.hash || document.querySelector(':target') !== null"))
            except RuntimeError:  # the old page's context went away during the navigation
                loaded = False
            if loaded:
                self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                return
            time.sleep(0.1)
        raise TimeoutError(f"{url} did not load")

    def evaluate(self, expression: str) -> object:
        """The value of a JavaScript expression in the page (promises awaited)."""
        params = {"expression": expression, "returnByValue": True, "awaitPromise": True}
        result = self.tools.call("Runtime.evaluate", params, self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def screenshot(self) -> bytes:
        """The viewport as PNG bytes."""
        return base64.b64decode(self.tools.call("Page.captureScreenshot", {"format": "png"}, self.session)["data"])


def _ink(png: bytes) -> float:
    """The fraction of pixels that differ clearly from the most common colour (0 for a blank image)."""
    image = pytest.importorskip("PIL.Image").open(io.BytesIO(png)).convert("L")
    histogram = image.histogram()
    background = max(range(256), key=histogram.__getitem__)
    inked = sum(n for value, n in enumerate(histogram) if abs(value - background) > 40)
    return inked / (image.width * image.height)


@pytest.fixture(scope="module")
def report_page(tmp_path_factory) -> Path:
    """report.html (the index) of the Theorem 5.1 certificates (refuted steps beside their corrections) and one more."""
    from verify.cli import main

    certs = tmp_path_factory.mktemp("certs")
    for path in sorted((ROOT / "certs").glob("thm5.1.*.json")) + [ROOT / "certs" / "thm4.2.eq5.json"]:
        shutil.copy(path, certs / path.name)
    out = tmp_path_factory.mktemp("report")
    assert main(["report", "--certs", str(certs), "--out", str(out), "--partial"]) == 0
    return out / "report.html"


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium with a fresh profile for the module."""
    profile = Path(tempfile.mkdtemp(prefix="verify-chromium-"))
    tools = DevTools(profile)
    try:
        yield tools
    finally:
        tools.close()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def full_report(tmp_path_factory) -> Path:
    """The report folder of every committed certificate (and its figures)."""
    from verify.cli import main

    out = tmp_path_factory.mktemp("full-report")
    assert main(["report", "--certs", str(ROOT / "certs"), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    """Where screenshots go: $VERIFY_SCREENSHOTS when set, else a temporary folder."""
    given = os.environ.get("VERIFY_SCREENSHOTS")
    folder = Path(given) if given else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# The card's top edge, relative to the bottom of the navigation bar (which stays on top of wide screens).
_LANDING = """(() => {
  const card = document.getElementById(%s);
  const nav = document.querySelector('nav.top').getBoundingClientRect();
  const covered = getComputedStyle(document.querySelector('nav.top')).position === 'sticky' ? nav.bottom : 0;
  const box = card.getBoundingClientRect();
  const top = box.top - covered;
  const hit = document.elementFromPoint(box.left + box.width / 2, Math.max(box.top, covered) + 12);
  return {top, target: card.matches(':target'), inside: card.contains(hit), text: document.body.innerText.length};
})()"""

# Horizontal overflow at the current width: of the page itself, and of any summary row's verdict or claim cell.
_OVERFLOW = """(() => {
  const width = document.documentElement.clientWidth, scroller = document.scrollingElement || document.body;
  const wide = [document.body, document.documentElement, scroller].map(e => e.scrollWidth - e.clientWidth);
  const cut = [];
  for (const e of document.querySelectorAll('table.summary .badge, table.summary td a, nav.top a, .card h3 .badge')) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && (r.right > width + 1 || r.left < -1)) cut.push(e.textContent);
  }
  const nav = document.querySelector('nav.top');
  const links = nav ? [...nav.querySelectorAll('a')].map(a => a.getAttribute('href')) : [];
  return {overflow: Math.max(...wide), cut, links, nav: !!nav && nav.getBoundingClientRect().height > 0};
})()"""

_FORMULAS = """(() => {
  const out = {total: 0, outside: [], scrolled: []};
  for (const m of document.querySelectorAll('.card math')) {
    const card = m.closest('.card'), r = m.getBoundingClientRect(), c = card.getBoundingClientRect();
    let left = r.left, right = r.right;
    for (let e = m.parentElement; e && e !== card; e = e.parentElement) {
      if (getComputedStyle(e).overflowX !== 'visible') {
        const b = e.getBoundingClientRect(); left = Math.max(left, b.left); right = Math.min(right, b.right);
      }
    }
    out.total++;
    if (left < c.left - 1 || right > c.right + 1) out.outside.push(card.id);
    const s = getComputedStyle(card), inner = c.right - parseFloat(s.paddingRight) - parseFloat(s.borderRightWidth);
    if (r.right > inner + 1) out.scrolled.push([card.id, Math.round(r.width), Math.round(inner - r.left)]);
  }
  // a block formula's own box is as wide as its container, so also ask each container whether it has to scroll
  for (const box of document.querySelectorAll('.card .statement, .card dd, .scroll')) {
    const id = box.closest('[id]').id;
    if (box.scrollWidth > box.clientWidth + 1) out.scrolled.push([id, box.scrollWidth, box.clientWidth]);
  }
  return out;
})()"""


def test_a_claim_link_opened_directly_lands_on_its_card_and_the_page_is_not_blank(browser, report_page):
    page = Page(browser)
    page.open(f"{(report_page.parent / TARGET_PAGE).as_uri()}#{TARGET}")
    landing = page.evaluate(_LANDING % json.dumps(TARGET))
    assert landing["target"] and landing["inside"], landing
    assert -2 <= landing["top"] <= 40, landing  # just below the navigation bar, not under it
    assert landing["text"] > 2000
    assert _ink(page.screenshot()) > 0.02


def test_a_link_in_the_summary_table_opens_the_section_page_at_its_card(browser, report_page):
    page = Page(browser)
    page.open(report_page.as_uri())
    page.evaluate(f"document.querySelector('table.summary a[href$=\"#{TARGET}\"]').click()")
    page.wait_for(f"{(report_page.parent / TARGET_PAGE).as_uri()}#{TARGET}")
    landing = page.evaluate(_LANDING % json.dumps(TARGET))
    assert landing["target"] and landing["inside"] and -2 <= landing["top"] <= 40, landing


def test_the_permalink_of_a_claim_and_of_a_heading_is_its_own_address(browser, report_page):
    page = Page(browser)
    page.open((report_page.parent / TARGET_PAGE).as_uri())
    page.evaluate(f"document.querySelector('#{TARGET} a.permalink').click()")
    assert page.evaluate("location.hash") == f"#{TARGET}"
    page.open(report_page.as_uri())
    page.evaluate("document.querySelector('#findings a.permalink').click()")
    assert page.evaluate("location.hash") == "#findings"


def test_no_formula_overflows_its_card_not_even_the_long_corrected_theorem_5_1_ones(browser, report_page):
    page = Page(browser)
    page.open((report_page.parent / TARGET_PAGE).as_uri())
    formulas = page.evaluate(_FORMULAS)
    assert formulas["total"] > 200
    assert formulas["outside"] == []  # nothing is drawn beyond a card's border
    assert formulas["scrolled"] == []  # and no formula needs a horizontal scroll bar inside its card


@pytest.mark.slow
def test_no_formula_overflows_its_card_in_the_report_of_every_committed_certificate(browser, full_report):
    page = Page(browser)
    for html in sorted(full_report.glob("report-section-*.html")):
        page.open(html.as_uri())
        formulas = page.evaluate(_FORMULAS)
        assert formulas["outside"] == [] and formulas["scrolled"] == [], (html.name, formulas["scrolled"][:10])


@pytest.mark.slow  # builds the report of every committed certificate (end to end; CI runs -m slow)
def test_every_page_of_the_full_report_is_at_most_2_mb_and_the_index_links_every_page(full_report):
    from verify.report.site import MAX_PAGE_BYTES

    pages = sorted(full_report.glob("report*.html"))
    sizes = {p.name: p.stat().st_size for p in pages}
    assert len(pages) > 10 and max(sizes.values()) <= MAX_PAGE_BYTES == 2_000_000, sizes
    index = (full_report / "report.html").read_text()
    assert all(f'href="{name}"' in index for name in sizes if name != "report.html")


@pytest.mark.slow  # the full report in Chromium at two widths (end to end; CI runs -m slow)
@pytest.mark.parametrize("width", [1400, 390])
def test_at_1400_and_390_px_nothing_is_cut_off_and_the_navigation_bar_is_there(browser, full_report, shots, width):
    page = Page(browser, width, 1000, mobile=width < 600)
    names = sorted(p.name for p in full_report.glob("report-section-*.html"))
    for name in ["report.html", *names]:
        page.open((full_report / name).as_uri())
        seen = page.evaluate(_OVERFLOW)
        assert seen["nav"] and seen["overflow"] <= 0 and seen["cut"] == [], (name, width, seen)
        assert {"report.html#findings", "report.html#figures", *names} <= set(seen["links"]), (name, seen["links"])
        if name in ("report.html", TARGET_PAGE):
            shot = page.screenshot()
            (shots / f"{Path(name).stem}-{width}px.png").write_bytes(shot)
            assert _ink(shot) > 0.02
    page.open(f"{(full_report / 'report-section-6.1.html').as_uri()}#claim-exp-fig3")
    figure = page.evaluate(
        "(() => { const c = document.getElementById('claim-exp-fig3'), f = c.querySelector('figure'),"
        " d = c.querySelector('details'); return f && d ? f.compareDocumentPosition(d) & 4 : -1; })()"
    )
    assert figure == 4  # Figure 3 comes before the first of its proof items, next to the statement
    (shots / f"fig3-{width}px.png").write_bytes(page.screenshot())


def test_chromium_screenshot_flag_on_a_claim_link_is_not_blank(report_page, tmp_path):
    shot = tmp_path / "shot.png"
    command = [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={WIDTH},{HEIGHT}"]
    command += [f"--screenshot={shot}", f"{report_page.as_uri()}#{TARGET}"]
    subprocess.run(command, capture_output=True, timeout=120, check=False)
    assert shot.is_file(), "chromium wrote no screenshot"
    assert _ink(shot.read_bytes()) > 0.02
