"""What a blind player hears (issue 26), read from the browser's accessibility tree: the cut
never stands in a sorted table, ``aria-sort`` says the order shown, a column header's name is
the column's name, each table is announced once, the seat answer comes first, staff outcomes
reach a status region, each public PDF has its accessible twin, Czech is marked Czech on
English pages, the chart's sentence is read once, and no pointless Tab stop is left."""

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from tests.authors import author
from tests.browser.conftest import sign_in
from tournament.collation import czech_key, name_key

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
QUALIFIER = "/turnaj/mcr-2026/kvalifikace/"
DRAW = "/turnaj/mcr-2026/rozlosovani/"


@pytest.fixture
def demo(browser_demo):
    return browser_demo


def ax_nodes(page) -> list[dict]:
    """The accessibility tree as a screen reader gets it (ignored nodes left out)."""
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    return [node for node in nodes if not node.get("ignored")]


def ax_value(node: dict, key: str) -> str:
    return (node.get(key) or {}).get("value") or ""


def axe_clean(page) -> None:
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()


# The cut and the sort ------------------------------------------------------------------------


def test_the_cut_row_stands_only_in_place_order(page, demo):
    page.goto(QUALIFIER)
    expect(page.locator("tr.cut")).to_have_count(2)  # B1 and VS, in place order
    for order in ("vs-sort=player", "vs-sort=-rank", "vs-sort=club", "vs-sort=-points"):
        page.goto(f"{QUALIFIER}?{order}")
        vs = page.locator("table").nth(1)
        expect(vs.locator("tr.cut")).to_have_count(0)
        # "postupuje" in each advancing row carries the cut instead
        advancing = vs.locator("tbody tr", has_text="postupuje")
        expect(advancing).to_have_count(6)
    page.goto(f"{QUALIFIER}?vs-sort=points")  # highest first: the place order itself
    expect(page.locator("table").nth(1).locator("tr.cut")).to_have_count(1)


def _column_values(page, table_index: int, column: int) -> list[str]:
    return page.evaluate(
        """([t, c]) => Array.from(document.querySelectorAll('table')[t].tBodies[0].rows)
            .filter(r => !r.classList.contains('cut'))
            .map(r => r.cells[c].innerText.trim())""",
        [table_index, column],
    )


def _sort_key(header: str, value: str):
    if header == "Hráč":  # "7. Šárka Hájková": by surname, Czech order
        return name_key(value.split(". ", 1)[1])
    if header == "Klub":
        return czech_key("" if value == "–" else value)
    return int(re.match(r"\d+", value).group())


def test_aria_sort_says_the_order_shown(page, demo):
    page.goto(QUALIFIER)
    headers = page.locator("table").nth(1).locator("thead th")
    names = [headers.nth(i).inner_text().strip() for i in range(headers.count())]
    sortable = [i for i in range(len(names)) if headers.nth(i).locator("a").count()]
    assert len(sortable) >= 6
    checked = 0
    for index in sortable:
        for _click in range(2):  # the first order, then the reverse
            page.locator("table").nth(1).locator("thead th").nth(index).locator("a").click()
            header = page.locator("table").nth(1).locator("thead th").nth(index)
            direction = header.get_attribute("aria-sort")
            assert direction in ("ascending", "descending"), names[index]
            others = page.locator("table").nth(1).locator("thead th[aria-sort]")
            expect(others).to_have_count(1)  # only the column sorted by says so
            keys = [_sort_key(names[index], v) for v in _column_values(page, 1, index)]
            expected = sorted(keys, reverse=direction == "descending")
            assert keys == expected, (names[index], direction)
            checked += 1
    assert checked == 2 * len(sortable)


def test_points_highest_first_are_announced_descending(page, demo):
    page.goto(f"{QUALIFIER}?vs-sort=points")
    points = page.locator("table").nth(1).locator("thead th", has_text="Body")
    expect(points).to_have_attribute("aria-sort", "descending")
    page.goto(QUALIFIER)  # the default: by place, 1. first
    place = page.locator("table").nth(1).locator("thead th", has_text="Místo")
    expect(place).to_have_attribute("aria-sort", "ascending")


def test_header_names_are_the_column_names_and_each_table_is_named_once(page, demo):
    page.goto(QUALIFIER)
    nodes = ax_nodes(page)
    headers = [node for node in nodes if ax_value(node, "role") == "columnheader"]
    assert headers
    visible = set(page.locator("thead th").all_inner_texts())
    for header in headers:
        name = ax_value(header, "name")
        assert name in {text.strip() for text in visible}, name  # no instruction in it
        assert "seřadit" not in name.casefold() and "seřazeno" not in name.casefold()
    links = [
        node
        for node in nodes
        if ax_value(node, "role") == "link" and ax_value(node, "name") in ("Body", "Hráč")
    ]
    assert links and all("Seřadí" in ax_value(node, "description") for node in links[:1])
    captions = page.locator("caption").all_inner_texts()
    for caption in captions:
        named = [
            node
            for node in nodes
            if ax_value(node, "name") == caption.strip()
            and ax_value(node, "role") in ("table", "region", "group", "generic")
        ]
        assert len(named) == 1, (caption, [ax_value(n, "role") for n in named])


# Where do I sit: the answer first ----------------------------------------------------------


@pytest.fixture
def b_final_in_play():
    """The demo with the A-final over and the B-final's last game still missing a sheet."""
    from scoring.models import Sheet

    tournament, _ = import_tournament(
        json.loads(DEMO_FILE.read_text(encoding="utf-8")), slug="mcr-2026"
    )
    last = (
        Sheet.objects.filter(table__game__stage__kind="final_b", table__game__number=2)
        .order_by("-round__position", "-table__number")
        .first()
    )
    last.delete()
    return tournament


def test_the_seat_answer_is_in_the_title_and_heard_first(page, b_final_in_play):
    from tournament.collation import folded
    from tournament.models import Player, Seat

    surnames = [name.split()[-1] for name in Player.objects.values_list("name", flat=True)]
    seat = next(
        seat
        for seat in Seat.objects.select_related("player", "table")
        .filter(game__stage__kind="final_b", game__number=2)
        .order_by("player__start_number")
        if surnames.count(seat.player.name.split()[-1]) == 1
        and folded(seat.player.name) != seat.player.name.casefold()  # typed without accents
    )
    name = seat.player.name
    answer = f"{name}: finále B, partie 2, stůl {seat.table.number}, místo {seat.position + 1}"
    page.goto(DRAW)
    search = page.get_by_label("Jméno nebo startovní číslo")
    search.focus()
    page.keyboard.type(folded(name.split()[-1]))
    page.keyboard.press("Enter")
    expect(page).to_have_title(re.compile("^" + re.escape(answer)))
    assert page.evaluate("document.activeElement.id") == "search-answer"  # read at once
    status = page.get_by_role("status")
    expect(status).to_contain_text(answer)
    expect(page.get_by_role("heading", level=2, name=answer)).to_be_visible()
    axe_clean(page)


def test_an_a_finalist_while_the_b_final_is_played_hears_the_last_seat(page, b_final_in_play):
    from tournament.models import Seat

    last = Seat.objects.select_related("table").get(
        game__stage__kind="final_a", game__number=2, player__name="Petr Ťoupal"
    )
    page.goto(f"{DRAW}?hledat=Petr+Toupal")
    status = page.get_by_role("status")
    expect(status).to_contain_text("Nalezeno 0 hráčů")
    expect(status).to_contain_text("Petr Ťoupal: žádné místo v partiích, které se hrají")
    expect(status).to_contain_text(
        f"Naposledy: finále A, partie 2, stůl {last.table.number}, místo {last.position + 1}."
    )
    expect(page).to_have_title(re.compile("^Petr Ťoupal: žádné místo"))


def test_after_the_finals_both_finals_are_shown_and_found(page, demo):
    page.goto(DRAW)
    captions = page.locator("caption").all_inner_texts()
    assert any("finále A, partie 2" in text for text in captions)
    assert any("finále B, partie 2" in text for text in captions)
    page.goto(f"{DRAW}?hledat=Petr+Toupal")
    expect(page).to_have_title(re.compile("^Petr Ťoupal: finále A, partie 2, stůl \\d+"))


def test_a_name_nobody_has_says_so(page, demo):
    page.goto(f"{DRAW}?hledat=Dvořák")
    status = page.get_by_role("status")
    expect(status).to_contain_text("Nalezeno 0 hráčů")
    expect(status).to_contain_text("Žádný hráč turnaje nemá takové jméno ani startovní číslo.")


# Staff outcomes spoken ---------------------------------------------------------------------

RECORD_ANNOUNCEMENTS = """
window.__spoken = [];
new MutationObserver((mutations) => {
  for (const m of mutations) {
    const region = m.target.closest && m.target.closest('[role=status], [aria-live]');
    if (region && m.addedNodes.length) { window.__spoken.push(region.textContent.trim()); }
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def spoken(page) -> list[str]:
    page.wait_for_timeout(600)  # the announcer fills its region again 150 ms after load
    return page.evaluate("window.__spoken")


@pytest.fixture
def organiser(db):
    from accounts.roles import ORGANISER, create_account

    return create_account(username="jana", role=ORGANISER, password="heslo-organizatora")


@pytest.fixture
def first_sheet():
    """The address of the A-final's first sheet (table 1, round 1), its game just drawn."""
    from desk.views.common import sheet_url
    from draws.services import draw_game
    from tournament.models import Round, Table

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug="mcr-2026")
    draw_game(
        tournament=tournament, kind="final_a", number=1, by=author("Jana"), seed=1, confirm=True
    )
    table = Table.objects.get(game__stage__kind="final_a", game__number=1, number=1)
    return sheet_url(table, Round.objects.get(game=table.game, number=1)), table.seats.count()


def test_a_saved_sheet_is_announced_and_the_round_score_spoken(
    page, live_server, organiser, first_sheet
):
    sign_in(page, live_server, organiser)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    page.goto(first_sheet[0])
    first = page.locator("input[data-part=laid]").first
    first.focus()
    page.keyboard.type("12")
    page.keyboard.press("Tab")  # unused, closed, then the next row: the row is done
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    live = page.locator("#sheet-status")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text(re.compile(r"Body za kolo, .+: 12"))
    for field in page.locator("input[data-part=laid]").all():
        field.fill("5")
    for field in page.locator("input[data-part=unused]").all():
        field.fill("2")
    page.locator("input[data-part=closed]").first.check()
    page.locator("input[data-part=unused]").first.fill("0")
    page.get_by_role("button", name=re.compile("Uložit a otevřít")).click()
    expect(page.get_by_role("status")).to_contain_text("Stůl 1, kolo 1 uloženo.")
    assert any("Stůl 1, kolo 1 uloženo." in text for text in spoken(page))


def test_a_players_search_moves_the_focus_to_its_outcome(page, live_server, organiser, demo):
    sign_in(page, live_server, organiser)
    page.goto("/sprava/mcr-2026/hraci/")
    page.get_by_label("Jméno nebo startovní číslo").fill("Ťoupalová")
    page.locator("form[role=search] button[type=submit]").click()
    outcome = page.locator("#players-shown")
    expect(outcome).to_have_attribute("role", "status")
    expect(outcome).to_have_text("Zobrazeni 2 hráči.")
    assert page.evaluate("document.activeElement.id") == "players-shown"


# Downloads ---------------------------------------------------------------------------------


def test_each_public_pdf_has_its_accessible_twin_beside_it(page, demo):
    import subprocess

    page.goto("/turnaj/mcr-2026/ke-stazeni/")
    for heading in ("K tisku (PDF)", "Velké písmo (18 bodů)", "Braillovo písmo"):
        expect(page.get_by_role("heading", level=2, name=heading)).to_be_visible()
    items = page.locator("li", has=page.locator("a[href$='.pdf']"))
    assert items.count() >= 10
    twins = set()
    for index in range(items.count()):
        item = items.nth(index)
        pdf_href = item.locator("a[href$='.pdf']").get_attribute("href")
        response = page.request.get(pdf_href)
        info = subprocess.run(
            ["pdfinfo", "-"], input=response.body(), capture_output=True, check=True
        ).stdout.decode()
        # reportlab's PDFs are not tagged: the twin beside the print PDF (the large print's
        # is the same page, linked once: issue 34, 6)
        if "Tagged:         yes" not in info and "velke-pismo" not in pdf_href:
            twin = item.locator("a[href$='.html']")
            expect(twin).to_have_count(1)
            expect(twin).to_contain_text("přístupná webová stránka")
            twins.add(twin.get_attribute("href"))
    every_twin = page.locator("a[href$='.html']").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    assert len(every_twin) == len(set(every_twin)) and twins <= set(every_twin)
    assert any(
        "velke-pismo" in href
        for href in items.locator("a[href$='.pdf']").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        )
    )
    for href in sorted(twins)[:3] + [t for t in twins if "vysledky" in t]:
        page.goto(href)
        assert page.locator("html").get_attribute("lang") == "cs"
        expect(page.locator("h1")).to_have_count(1)
        assert page.locator("th[scope=col]").count() and page.locator("caption").count()
        axe_clean(page)


def test_the_players_card_is_linked_from_the_player_page_and_its_twin_reads_well(page, demo):
    page.goto("/turnaj/mcr-2026/hrac/7/")
    card = page.get_by_role("region", name="Karta hráčky")  # 7. Ludmila Bartošová
    expect(card.get_by_role("link")).to_have_count(4)
    page.goto(card.locator("a[href$='/html/']").get_attribute("href"))
    assert page.locator("html").get_attribute("lang") == "cs"
    expect(page.locator("h1")).to_have_text(re.compile(r"^Karta hráčky: 7\. "))
    # each stage a heading under the player's h1, none repeating it (issue 34, 6)
    assert page.locator("h2").count() >= 2 and page.locator("h3").count() == 0
    assert page.locator("h1").inner_text() not in page.locator("h2").all_inner_texts()
    expect(page.locator("caption").first).to_contain_text("všechna kola – kvalifikace")
    expect(page.get_by_role("rowheader", name="partie 1 celkem").first).to_be_visible()
    axe_clean(page)


def test_the_braille_page_size_is_confirmed_in_words(page, demo):
    page.goto("/turnaj/mcr-2026/ke-stazeni/")
    page.get_by_label("Braillových znaků na řádek").fill("32")
    page.get_by_label("Braillových řádků na stránku").fill("20")
    page.get_by_role("button", name="Použít pro soubory v Braillově písmu").click()
    confirmation = page.locator("#braille-size-used")
    expect(confirmation).to_have_attribute("role", "status")
    expect(confirmation).to_contain_text("32 znaků na řádek a 20 řádků na stranu")
    assert page.evaluate("document.activeElement.id") == "braille-size-used"
    brf = page.locator("a[href*='.brf']").first.get_attribute("href")
    assert "sirka=32" in brf and "radky=20" in brf
    axe_clean(page)


# Languages, the chart, Tab stops -----------------------------------------------------------


def test_czech_text_is_marked_czech_on_english_pages(page, demo):
    page.goto("/en/turnaj/mcr-2026/kvalifikace/")
    assert page.locator("html").get_attribute("lang") == "en"
    languages = page.evaluate(
        """() => Array.from(document.querySelectorAll('tbody th a'))
            .map(a => a.querySelector('[lang]') ? a.querySelector('[lang]').lang
                                                : (a.closest('[lang]') || {}).lang)"""
    )
    assert languages and set(languages) == {"cs"}
    nav = page.get_by_role("navigation", name="Tournament")
    expect(
        nav.locator("span[lang=cs]", has_text="Mistrovství ČR v Syllabatimu 2026")
    ).to_have_count(1)
    expect(page.locator("footer [lang=cs]")).to_have_count(1)
    page.goto("/en/turnaj/mcr-2026/finale-a/")
    # the demo's B1 champion is a woman
    expect(page.locator(".title-holder [lang=cs]").first).to_contain_text(
        "Mistryně ČR v Syllabatimu"
    )
    page.goto("/en/turnaj/mcr-2026/")
    expect(page.locator("h1 [lang=cs]")).to_have_text("Mistrovství ČR v Syllabatimu 2026")
    axe_clean(page)
    page.goto("/turnaj/mcr-2026/kvalifikace/")  # Czech pages need no marks
    expect(page.locator("main [lang]")).to_have_count(0)


def test_the_chart_s_sentence_is_read_once(page, demo):
    page.goto("/turnaj/mcr-2026/hrac/7/")
    sentence = page.locator(".chart-caption").first.inner_text().strip()
    summary = sentence.split(". ", 1)[1].split(" Stejná")[0]  # "13 kol, 198 bodů na konci."
    heard = [
        node
        for node in ax_nodes(page)
        if summary in ax_value(node, "name") and ax_value(node, "role") != "RootWebArea"
    ]
    assert [ax_value(node, "role") for node in heard] == ["image"], heard


def test_the_front_page_table_is_no_tab_stop(page, demo):
    page.goto("/")
    for _ in range(25):
        page.keyboard.press("Tab")
        tag = page.evaluate("document.activeElement.tagName")
        assert tag not in ("DIV", "TABLE"), tag
    expect(page.get_by_role("region")).to_have_count(0)


def test_a_desk_row_has_no_extra_tab_stop(page, live_server, organiser, first_sheet):
    sign_in(page, live_server, organiser)
    page.goto(first_sheet[0])
    players = first_sheet[1]
    stops = [page.evaluate("document.activeElement.tagName")]  # the first field has the focus
    for _ in range(60):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("document.activeElement.tagName"))
        if page.evaluate("document.activeElement.value") == "next":
            break
    assert "SUMMARY" not in stops
    assert stops.count("INPUT") == 3 * players  # laid, unused, closed: nothing more a row
    toggle = page.get_by_role("button", name="Diskvalifikace a trestné body u všech hráčů")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("input[data-part=disqualified]").first).to_be_visible()
    axe_clean(page)
