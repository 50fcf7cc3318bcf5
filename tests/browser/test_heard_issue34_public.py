"""What a blind reader hears on the public pages (issue 34, points 1, 4, 5 and 6), read from
the live regions and the accessibility tree: the ceremony says each place's medal with its
Czech names marked Czech, and morphs its block so that a reader keeps their place."""

import re

import pytest
from playwright.sync_api import expect

from scoring import ceremony
from tests.authors import author
from tests.browser.test_heard_issue34 import CZECH_NOT_MARKED
from tests.browser.test_listening import RECORD_ANNOUNCEMENTS, axe_clean
from tests.browser.test_live import QUALIFIER, in_play, save  # noqa: F401 (the fixture)
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


# Point 6: the small ones ------------------------------------------------------------------


def test_resuming_is_said_with_what_the_refresh_brought(page, in_play, referees):  # noqa: F811
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    page.goto(QUALIFIER)
    button = page.get_by_role("button", name="Pozastavit obnovování")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    save(in_play, referees[0], table=2)
    button.click()  # on again: the standings catch up at once
    status = page.get_by_role("status")
    expect(status).to_have_text(re.compile(r"^Obnovování je opět zapnuto\. 1 nový výsledek; "))
    page.wait_for_timeout(400)  # nothing overwrites it a moment later
    expect(status).to_have_text(re.compile(r"^Obnovování je opět zapnuto\. 1 nový výsledek; "))
    spoken = page.evaluate("window.__spoken")
    after = spoken[spoken.index("Obnovování je pozastaveno.") + 1 :]
    assert after and all(text.startswith("Obnovování je opět zapnuto.") for text in after), spoken

    button.click()  # paused again; resumed with nothing new: the resume alone
    button.click()
    expect(status).to_have_text("Obnovování je opět zapnuto.")


def test_a_page_reloaded_while_paused_does_not_say_it_updates(page, in_play):  # noqa: F811
    page.goto(QUALIFIER)
    note = page.locator(".provisional-note")
    expect(note).to_contain_text("Pořadí se samo obnovuje.")
    page.get_by_role("button", name="Pozastavit obnovování").click()
    expect(note).to_contain_text("Obnovování je pozastaveno: pořadí zůstane")
    page.reload()
    expect(page.locator("#live-pause")).to_have_attribute("aria-pressed", "true")
    expect(note).to_contain_text("Obnovování je pozastaveno: pořadí zůstane")
    expect(note).not_to_contain_text("samo obnovuje")
    page.get_by_role("button", name="Pozastavit obnovování").click()  # resumed
    expect(note).to_contain_text("Pořadí se samo obnovuje.")


def test_where_do_i_sit_marks_one_column_sorted(page, browser_demo):
    page.goto("/turnaj/mcr-2026/rozlosovani/")
    tables = page.get_by_role("table")
    assert tables.count() >= 1
    for table in tables.all():
        sorted_ = table.locator("th[aria-sort]")
        expect(sorted_).to_have_count(1)
        expect(sorted_).to_have_text("Stůl")
    page.locator("a[id$='sort-seat']").first.click()  # by seat: still one
    expect(page.get_by_role("table").first.locator("th[aria-sort]")).to_have_text("Místo")


def test_a_standings_row_says_start_number_between_place_and_name(page, browser_demo):
    page.goto("/turnaj/mcr-2026/kvalifikace/")
    row = page.get_by_role("row").nth(1)
    header = row.get_by_role("rowheader")
    expect(header).to_have_accessible_name(re.compile(r"^startovní číslo \d+\. \w"))
    expect(row.get_by_role("cell").first).to_have_text(re.compile(r"^\d+\.\*?$"))  # the place
    page.goto("/en/turnaj/mcr-2026/kvalifikace/")
    expect(page.get_by_role("rowheader").first).to_have_accessible_name(
        re.compile(r"^start number \d+\. ")
    )


def test_the_downloads_say_each_title_once_and_link_each_twin_once(page, browser_demo):
    page.goto("/turnaj/mcr-2026/ke-stazeni/")
    items = page.locator("main li", has=page.locator("a[download]"))
    assert items.count() >= 10
    for item in items.all():
        title = item.locator("span[id]").inner_text()
        said = item.inner_text()
        assert said.count(title) == 1, said  # once in each item, not three times
        for link in item.get_by_role("link").all():
            expect(link).to_have_accessible_description(title)  # heard with it on Tab
    twins = page.locator("a[href$='.html']").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    assert twins and len(twins) == len(set(twins)), twins
    axe_clean(page)


def test_the_card_twin_does_not_repeat_its_heading(page, browser_demo):
    page.goto("/turnaj/mcr-2026/hrac/7/")
    page.goto(page.locator("a[href$='/html/']").first.get_attribute("href"))
    h1 = page.get_by_role("heading", level=1)
    expect(h1).to_have_text(re.compile(r"^Karta hráčky: 7\. "))
    names = page.get_by_role("heading", level=2).all_inner_texts()
    assert names and h1.inner_text() not in names, names


def test_the_english_player_page_says_the_place_after_each_game(page, browser_demo):
    page.goto("/en/turnaj/mcr-2026/hrac/7/")
    said = page.locator("main").inner_text()
    assert re.search(r"Place after each game: game 1: place \d+; game 2: place \d+", said), said
    assert not re.search(r"game \d+: \d+\.", said)
    page.goto("/turnaj/mcr-2026/hrac/7/")
    assert re.search(r"partie 1: \d+\. místo", page.locator("main").inner_text())


def test_the_english_log_names_the_author_without_a_czech_role(page, browser_demo):
    page.goto("/en/turnaj/mcr-2026/zaznam/")
    authors = page.locator("table.log tbody td:last-child")
    expect(authors.filter(has_text="Jana Nováková").first).to_be_visible()
    said = page.locator("main").inner_text()
    assert "rozhodčí" not in said  # the demo's author was "Jana Nováková (rozhodčí)"
    expect(authors.filter(has_text="Jana Nováková").first.locator("[lang=cs]")).to_have_text(
        "Jana Nováková"
    )
