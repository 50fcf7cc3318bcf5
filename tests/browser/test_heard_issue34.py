"""What a blind reader hears (issue 34), read from the live regions and the accessibility tree:
a standings page opened before a stage's first result follows it from the first result on; the
seat search and the phone focus a heading that names the answer, and say each seat once."""

import json
import re

import pytest
from playwright.sync_api import expect

from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from scoring.sheets import save_sheet
from tests.authors import author
from tests.browser.test_listening import RECORD_ANNOUNCEMENTS, axe_clean
from tests.conftest import good_lines, table_and_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def save(game, referee, table, closer=0, laid=10):
    table_, round_ = table_and_round(game, table, 0)
    save_sheet(
        table=table_,
        round=round_,
        lines=good_lines(table_, closer=closer, laid=laid),
        by=referee,
        version=0,
        confirm_warnings=True,
    )


def drawn_without_results(kind: str):
    """The demo's players with the first game of ``kind`` drawn, no result of it yet (the
    finals' stages left out of the demo, the qualifier's too when it is the qualifier)."""
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    if kind == "qualifier":
        del document["stages"], document["lots"]
    else:
        del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug="mcr")
    return draw_game(
        tournament=tournament, kind=kind, number=1, by=author("Jana"), seed=1, confirm=True
    )


def spoken_now(page) -> list[str]:
    return page.evaluate("window.__spoken")


# Point 2: a standings page opened before the first result ---------------------------------


@pytest.mark.parametrize(
    ("kind", "address"),
    [("qualifier", "/turnaj/mcr/kvalifikace/"), ("final_a", "/turnaj/mcr/finale-a/")],
)
def test_a_standings_page_opened_before_the_first_result_follows_it(
    page, settings, referees, kind, address
):
    settings.LIVE_REFRESH_INTERVAL = 0
    game = drawn_without_results(kind)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    page.goto(address)
    expect(page.locator("#standings")).to_contain_text("Zatím nebyl zapsán žádný výsledek.")
    pause = page.get_by_role("button", name="Pozastavit obnovování")  # there from the start
    expect(pause).to_be_visible()
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("table")).to_have_count(0)
    axe_clean(page)

    save(game, referees[0], table=1)
    page.evaluate("htmx.trigger('#standings', 'live-refresh')")  # the poll, now
    status = page.get_by_role("status")
    expect(status).to_have_text("1 nový výsledek; první pořadí je zveřejněno.")
    assert "1 nový výsledek; první pořadí je zveřejněno." in spoken_now(page)
    expect(page.get_by_role("table").first).to_be_visible()
    expect(page.locator("#standings")).not_to_contain_text("Zatím nebyl zapsán")
    assert page.locator("#standings").get_attribute("hx-get")  # and it goes on following

    save(game, referees[0], table=2, closer=1, laid=40)
    page.evaluate("htmx.trigger('#standings', 'live-refresh')")
    expect(status).to_have_text(
        re.compile(r"^1 nový výsledek; (pořadí se změnilo u \d+ hráč|pořadí beze změny)")
    )
    axe_clean(page)


# Point 3: the focus lands on a heading, each answer is said once ----------------------------


def focused_node(page) -> dict:
    """The accessibility tree's node that holds the focus: what a screen reader reads as the
    focus lands (its role and its name)."""
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    focused = [
        node
        for node in nodes
        if not node.get("ignored")
        and node["role"]["value"] != "RootWebArea"  # the document holds it as well
        and any(
            item["name"] == "focused" and item["value"].get("value")
            for item in node.get("properties", [])
        )
    ]
    assert len(focused) == 1, focused
    node = focused[0]
    return {
        "role": node["role"]["value"],
        "name": (node.get("name") or {}).get("value") or "",
        "description": (node.get("description") or {}).get("value") or "",
    }


def test_where_do_i_sit_with_two_answers_focuses_a_named_heading_and_says_each_once(
    page, browser_demo
):
    page.goto("/turnaj/mcr-2026/rozlosovani/")
    search = page.get_by_label("Jméno nebo startovní číslo")
    search.focus()
    page.keyboard.type("toupalova")
    page.keyboard.press("Enter")
    answers = page.locator("#search-result li")
    expect(answers).to_have_count(2)  # Lenka and Dagmar Ťoupalová
    found = "Nalezeni 2 hráči."
    heard = focused_node(page)
    assert heard["role"] == "heading" and heard["name"] == found, heard
    region = page.get_by_role("status", name=found)  # the region is named too
    expect(region).to_have_count(1)
    text = region.inner_text()
    for answer in answers.all_inner_texts():
        assert text.count(answer.split(": ")[1]) == 1, (answer, text)  # each seat said once
    axe_clean(page)


def test_one_answer_is_the_focused_heading(page, browser_demo):
    page.goto("/turnaj/mcr-2026/rozlosovani/?hledat=Petr+Toupal")
    heard = focused_node(page)
    assert heard["role"] == "heading", heard
    assert re.match(r"^Petr Ťoupal: finále A, partie 2, stůl \d+, místo \d+$", heard["name"])
    assert page.locator("#search-result").inner_text().count("stůl") == 1


@pytest.fixture
def table_link(db):
    from scoring import links
    from ui.addresses import table_path

    game = drawn_without_results("qualifier")
    table = game.tables.get(number=1)
    return table, table_path(links.issue_table_links(game=game)[1])


def test_the_phone_focuses_a_named_heading_after_an_error_and_after_a_save(page, table_link):
    table, path = table_link
    numbers = list(table.seats.order_by("position").values_list("player__start_number", flat=True))
    page.goto(path)
    for index, number in enumerate(numbers):
        page.locator(f"#id_p{number}-laid").fill(str(20 + index))
        page.locator(f"#id_p{number}-unused").fill("12x" if index == 2 else "4")
    page.locator(f"#id_p{numbers[0]}-unused").fill("0")
    page.locator(f"#id_p{numbers[0]}-closed").check()
    page.locator(".table-save").click()
    expect(page.get_by_role("alert")).to_contain_text("Nic nebylo uloženo")
    heard = focused_node(page)
    assert heard["role"] == "heading" and heard["name"] == "Nic nebylo uloženo.", heard
    assert "musí být celé číslo" in heard["description"]  # the problems read with it
    expect(page.get_by_role("alert", name="Nic nebylo uloženo.")).to_have_count(1)
    axe_clean(page)

    page.locator(f"#id_p{numbers[2]}-unused").fill("4")
    page.locator(".table-save").click()
    saved = page.get_by_role("status", name=re.compile(r"^Kolo \d+ uloženo"))
    expect(saved).to_have_count(1)
    heard = focused_node(page)
    assert heard["role"] == "heading" and re.match(r"^Kolo \d+ uloženo", heard["name"]), heard
    axe_clean(page)


# Point 1: Czech read by a Czech voice on English pages -------------------------------------

CZECH_NOT_MARKED = """() => {
  const czech = /[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const wrong = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!czech.test(node.data) || parent.closest("script, style, [hidden]")) { continue; }
    const marked = parent.closest("[lang]");
    if (!marked || marked.lang !== "cs") { wrong.push(node.data.trim()); }
  }
  return wrong;
}"""


CZECH_LETTER = re.compile("[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]")


def czech_in_image_names(page) -> list[str]:
    """The names of images (a chart) holding Czech letters: an accessible name carries no
    language, so a screen reader reads it with the page's voice, whatever marks its source."""
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    names = [
        (node.get("name") or {}).get("value") or ""
        for node in nodes
        if not node.get("ignored") and node["role"]["value"] in ("image", "img", "figure")
    ]
    return [name for name in names if CZECH_LETTER.search(name)]


def english_pages(page, tournament) -> list[str]:
    """Every English page type of the public site and the phone's: one address of every
    public pattern and of the table links (as ``tests/public/test_caching.py`` makes them,
    from the URL patterns, so that a new page is checked without being listed here), the
    seat search with one and with several answers, and the downloads' twins."""
    from tests.public.test_caching import public_addresses

    patterns = [address for address in public_addresses(tournament) if address.startswith("/en/")]
    slug = tournament.slug
    page.goto(f"/en/turnaj/{slug}/ke-stazeni/")
    twins = page.locator("a[href$='.html']").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    page.goto(f"/en/turnaj/{slug}/hrac/4/")  # Věra Doležalová of Spolek Plzeň: a Czech club
    card = page.locator("a[href$='/html/']").first.get_attribute("href")
    searches = [f"/en/turnaj/{slug}/rozlosovani/?hledat={q}" for q in ("toupalova", "Petr+Toupal")]
    return [*patterns, *searches, *twins, card]


def test_czech_text_on_english_pages_is_marked_czech(page, browser_demo):
    from scoring import ceremony

    for _place in range(3):  # the ceremony's page with a place on stage and a list
        ceremony.show_next(tournament=browser_demo, by=author("Jana"))
    wrong, seen = {}, 0
    for address in english_pages(page, browser_demo):
        answer = page.request.get(address)
        if not answer.headers.get("content-type", "").startswith("text/html"):
            continue  # JSON, plain text, downloads: no lang to give
        page.goto(address)
        seen += 1
        found = page.evaluate(CZECH_NOT_MARKED) + czech_in_image_names(page)
        if found:
            wrong[address] = found[:5]
    assert seen >= 25
    assert not wrong, json.dumps(wrong, ensure_ascii=False, indent=1)
