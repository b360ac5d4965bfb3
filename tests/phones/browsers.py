"""Headless Chromium from Debian's packages, driven by selenium through Debian's
chromedriver (never a browser or driver download)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--disable-extensions", "--mute-audio")
PHONE_SIZE = (390, 844)


def available() -> bool:
    return os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)


def require() -> None:
    """Skip on a laptop without Chromium; fail in CI, which installs it (.ci/run)."""
    if available():
        return
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} and {CHROMEDRIVER} are needed (apt-get install chromium chromium-driver)")
    pytest.skip("Debian's chromium and chromium-driver are not installed")


class Phone:
    """One headless browser the size of a phone, with its own fresh profile."""

    def __init__(self, lang: str = "en", size: tuple[int, int] = PHONE_SIZE):
        os.environ.setdefault("SE_OFFLINE", "true")  # selenium never looks for a browser online
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service

        self.profile = Path(tempfile.mkdtemp(prefix="phones-chrome-"))
        options = Options()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.profile}")
        options.add_argument(f"--window-size={size[0]},{size[1]}")
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": size[0], "height": size[1], "pixelRatio": 1.0}})
        options.add_argument(f"--lang={lang}")
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
        self.driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
        self.driver.set_page_load_timeout(20)
        self.driver.set_script_timeout(20)

    def open(self, url: str) -> None:
        self.driver.get(url)

    def text(self, element_id: str) -> str:
        return str(self.driver.execute_script(
            "var e = document.getElementById(arguments[0]); return e && !e.closest('[hidden]') ? e.textContent : '';",
            element_id))

    def click(self, element_id: str) -> None:
        self.driver.execute_script("document.getElementById(arguments[0]).click();", element_id)

    def wait(self, script: str, timeout: float = 10.0) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(script))

    def type_amount(self, amount: int) -> None:
        from selenium.webdriver.common.by import By

        box = self.driver.find_element(By.ID, "amount")
        box.clear()
        box.send_keys(str(amount))

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)
