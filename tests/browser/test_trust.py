"""The trust pages in a real browser: the public draw page with a published commitment, the
public log, how we draw, the organiser's draw page waiting for its draw, the desk's lots and
the staff log have no WCAG 2.0/2.1/2.2 A or AA violation (axe-core)."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe

from accounts.roles import ORGANISER, create_account
from draws.services import confirm_draw, draw_game, publish_draw_commitment
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from scoring.lots import publish_lot_commitment
from tests.authors import author
from tests.browser.conftest import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PUBLIC = {
    "draw with commitments": "/turnaj/mcr/rozlosovani/",
    "public log": "/turnaj/mcr/zaznam/",
    "public log filtered": "/turnaj/mcr/zaznam/?druh=commitment&faze=qualifier",
    "how we draw": "/turnaj/mcr/jak-losujeme/",
    "how we draw in English": "/en/turnaj/mcr/jak-losujeme/",
}
STAFF = {
    "staff log": "/sprava/mcr/zaznam/",
    "draw waiting for its commitment's draw": "/sprava/mcr/losovani/kvalifikace/nova/",
    "drawn game": "/sprava/mcr/losovani/kvalifikace/1/",
    "lots": "/rozhodci/mcr/postup-a-losy/",
}


@pytest.fixture
def committed():
    """The demo's players: game 1 drawn with a commitment and confirmed, game 2's commitment
    published and waiting, a lot's commitment published."""
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    published = publish_draw_commitment(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana")
    )
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), commitment=published
    )
    confirm_draw(game=game, by=author("Jana"))
    publish_draw_commitment(tournament=tournament, kind="qualifier", number=2, by=author("Jana"))
    publish_lot_commitment(
        tournament=tournament,
        scope="qualifier",
        category="B1",
        places=(6, 7),
        tied=[3, 9],
        by=author("P"),
    )
    return tournament


def check(page, url):
    page.goto(url)
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    assert page.locator("h1").count() == 1
    for landmark in ("banner", "main", "contentinfo"):
        assert page.get_by_role(landmark).count() == 1


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_public_trust_pages_have_no_violation(page, committed, name):
    check(page, PUBLIC[name])


@pytest.mark.parametrize("name", sorted(STAFF))
def test_staff_trust_pages_have_no_violation(page, live_server, committed, name):
    sign_in(page, live_server, create_account(username="org", role=ORGANISER, password="x-h-123"))
    check(page, STAFF[name])
