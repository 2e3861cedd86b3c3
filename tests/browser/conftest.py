"""Fixtures of the browser tests: `rfc1738 serve` on a free port of 127.0.0.1, and Debian's
Chromium driven by Debian's chromedriver through Selenium (no browser is downloaded:
both paths are given, so Selenium Manager has nothing to fetch).

Environment:
  RFC1738_BIN          the binary (default: $CARGO_TARGET_DIR or target, /debug/rfc1738)
  RFC1738_SCREENSHOTS  where the screenshots of each view go (default: target/screenshots)
  CHROMIUM, CHROMEDRIVER  the browser and its driver (default: /usr/bin/chromium, /usr/bin/chromedriver)
"""

import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]


def binary():
    if os.environ.get("RFC1738_BIN"):
        return os.environ["RFC1738_BIN"]
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    return str(pathlib.Path(target) / "debug" / "rfc1738")


@pytest.fixture(scope="session")
def server():
    """The explorer's address (http://127.0.0.1:PORT); the server is killed at the end."""
    process = subprocess.Popen(
        [binary(), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()
        match = re.search(r"http://(127\.0\.0\.1:\d+)/", line)
        assert match, f"no address in {line!r}"
        yield "http://" + match.group(1)
    finally:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    profile = tempfile.mkdtemp(prefix="rfc1738-chromium-")
    for flag in [
        "--headless",
        "--no-sandbox",  # CI runs as root, where Chromium's sandbox cannot start
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1280,1000",
        f"--user-data-dir={profile}",
    ]:
        options.add_argument(flag)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    browser = webdriver.Chrome(service=service, options=options)
    browser.set_window_size(1280, 1000)
    try:
        yield browser
    finally:
        browser.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="session")
def screenshots():
    """Saves the page as NAME.png into $RFC1738_SCREENSHOTS (target/screenshots)."""
    folder = pathlib.Path(os.environ.get("RFC1738_SCREENSHOTS", ROOT / "target" / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)

    def save(browser, name):
        path = folder / f"{name}.png"
        assert browser.save_screenshot(str(path)), path
        return path

    return save
