import json

import pytest
from axe_playwright_python.sync_playwright import Axe

from accounts.roles import ORGANISER, create_account
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from tests.browser.conftest import sign_in, tab_to
from tests.browser.test_public import WCAG

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_organiser_downloads_a_braille_file_with_the_keyboard(page, live_server):
    import_tournament(json.loads(DEMO_FILE.read_text(encoding="utf-8")), slug="mcr")
    sign_in(
        page,
        live_server,
        create_account(username="org", role=ORGANISER, password="heslo-organizatora"),
    )
    page.goto("/sprava/mcr/tisk/")
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    # a smaller Braille page, then the results in Braille
    page.get_by_label("Braillových znaků na řádek").fill("30")
    tab_to(page, "Použít pro soubory v Braillově písmu")
    page.keyboard.press("Enter")
    page.wait_for_url("**sirka=30**")
    link = page.locator('a[href*="mcr-vysledky.brf"]')
    assert "sirka=30" in link.get_attribute("href")
    link.focus()
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    path = download.value.path()
    content = open(path, "rb").read().decode("ascii")
    assert content and all(len(line) <= 30 for line in content.replace("\f", "").split("\r\n"))
