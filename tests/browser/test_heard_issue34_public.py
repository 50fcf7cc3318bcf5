"""What a blind reader hears on the public pages (issue 34, points 1, 4, 5 and 6), read from
the live regions and the accessibility tree: the ceremony says each place's medal with its
Czech names marked Czech, and morphs its block so that a reader keeps their place."""

import pytest
from playwright.sync_api import expect

from scoring import ceremony
from tests.authors import author
from tests.browser.test_heard_issue34 import CZECH_NOT_MARKED
from tests.browser.test_listening import RECORD_ANNOUNCEMENTS, axe_clean
from tests.browser.test_staff import demo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MEDALS = {
    "en": ("bronze medal", "silver medal", "gold medal"),
    "cs": ("bronzová medaile", "stříbrná medaile", "zlatá medaile"),
}


def reveal_and_hear(page, tournament) -> str:
    """The next place revealed, the page's poll made now; what its status region says."""
    ceremony.show_next(tournament=tournament, by=author("Jana"))
    status = page.locator("#ceremony-status")
    status.evaluate("node => { node.dataset.before = node.textContent; }")
    page.evaluate("htmx.trigger('#ceremony', 'live-refresh')")
    page.wait_for_function(
        "() => { const s = document.getElementById('ceremony-status');"
        " return s.textContent.trim() && s.textContent !== s.dataset.before; }"
    )
    return status.inner_text()


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_ceremony_says_the_medal_marks_czech_and_keeps_the_readers_place(page, language):
    tournament = demo("mcr", played=True)
    reveals = ceremony.ceremony_state(tournament).reveals
    prefix = "/en" if language == "en" else ""
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    page.goto(f"{prefix}/turnaj/mcr/vyhlaseni/")

    said = reveal_and_hear(page, tournament)
    assert MEDALS[language][0] in said and reveals[0].name in said, said
    # the reader's place: the first place in the list, read in browse mode
    first = page.locator("#ceremony ol li").first
    first.evaluate("node => { window.__readerOn = node; }")
    on_stage = page.locator("#ceremony-now-heading")
    on_stage.evaluate("node => { window.__heading = node; }")

    for step in (1, 2):
        said = reveal_and_hear(page, tournament)
        assert MEDALS[language][step] in said and reveals[step].name in said, said
    assert reveals[2].title and reveals[2].title in said  # the champion's, last
    spoken = page.evaluate("window.__spoken")
    for medal in MEDALS[language]:
        assert any(medal in text for text in spoken), (medal, spoken)

    listed = page.locator("#ceremony ol li")
    expect(listed).to_have_count(3)
    for item, medal in zip(listed.all(), MEDALS[language], strict=True):
        expect(item).to_contain_text(medal)
    expect(page.locator(".ceremony-reveal .ceremony-medal")).to_have_text(MEDALS[language][2])
    # morphed, not replaced: the nodes the reader was on are the same nodes
    assert page.evaluate("document.querySelector('#ceremony ol li') === window.__readerOn")
    assert page.evaluate("document.getElementById('ceremony-now-heading') === window.__heading")

    if language == "en":  # the names and the title in what is said and listed read as Czech
        assert page.evaluate(CZECH_NOT_MARKED) == []
        names = page.locator("#ceremony-status [lang=cs]").all_inner_texts()
        assert reveals[2].name in names and reveals[2].title in names, names
    axe_clean(page)
