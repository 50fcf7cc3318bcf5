"""Real-browser tests: Playwright driving Debian's Chromium against Django's live server.

On a machine without Chromium (or Playwright) these tests skip; in CI (``CI=true``) they
fail instead, so that a missing browser never passes silently.
"""

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing (Debian package chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed")
    # Playwright's sync API runs an event loop in this thread; Django's ORM in the same
    # thread (fixtures, assertions) must be allowed alongside it.
    # Set for the browser session only: left behind, it would leak into later tests (and
    # the subprocesses they start, such as ``check --deploy``).
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()


@pytest.fixture
def page(browser, live_server):
    """A fresh Czech browser tab; ``page.goto("/…")`` is relative to the live server. A
    test fails when the page's Content-Security-Policy blocked anything (an inline script or
    style, htmx's indicator style)."""
    yield from czech_tab(browser, live_server)


def czech_tab(browser, live_server, **options):
    """The ``page`` fixture's tab, with more of Playwright's context options (a viewport)."""
    context = browser.new_context(locale="cs-CZ", base_url=live_server.url, **options)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    refused = []  # what the Content-Security-Policy blocked: nothing may be
    tab.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    yield tab
    context.close()
    assert not refused, refused


def sign_in(page, live_server, user) -> None:
    """Give the browser tab the session of ``user`` (signed in through Django's test client)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_server.url}]
    )


def tab_to(page, text: str, limit: int = 200) -> None:
    """Press Tab until the focused element's text (or value) contains ``text``: the element is
    reachable with the keyboard alone."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "(document.activeElement.innerText || document.activeElement.value || '').trim()"
        )
        if text in focused:
            return
    raise AssertionError(f"no element with {text!r} reachable with Tab")


def import_browser_demo():
    import json

    from interchange.demo import DEMO_FILE
    from interchange.importer import import_tournament

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    return import_tournament(document, slug="mcr-2026")[0]


@pytest.fixture
def browser_demo(transactional_db, rows_once):
    """The demo championship as ``mcr-2026``, stored for the live server: made once per test
    process and copied into each test (``tests.conftest.RowsOnce``)."""
    from tournament.models import Tournament

    return rows_once("browser demo", import_browser_demo) or Tournament.objects.get(slug="mcr-2026")
