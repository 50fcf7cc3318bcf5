"""The staff side by ear (issue 34, point 7), read from the accessibility tree and the live
regions: the sheet's rare fields name their player, a refused field's value is selected, the
errors name players as the fields do, the correction's preview describes its reason, the round
score is said once a row; the draw's swap and presence, the error summaries."""

import json
import re

import pytest
from playwright.sync_api import expect

from accounts.roles import ORGANISER, REFEREE, create_account
from desk.views.common import sheet_url
from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules.sheet import SheetLine
from scoring.sheets import confirm_sheet, save_sheet
from tests.authors import author
from tests.browser.conftest import sign_in
from tests.browser.test_heard_issue34 import focused_node
from tests.browser.test_listening import RECORD_ANNOUNCEMENTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def drawn_qualifier(slug="mcr"):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug=slug)
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    return tournament, game


@pytest.fixture
def referee(db):
    return create_account(username="ref", role=REFEREE, password="heslo-rozhodciho")


@pytest.fixture
def sheet_page(page, live_server, referee):
    """The referee on the qualifier's first sheet (table 1, round of position 0); its seats."""
    _, game = drawn_qualifier()
    table = game.tables.get(number=1)
    round_ = game.rounds.get(position=0)
    sign_in(page, live_server, referee)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    page.goto(sheet_url(table, round_))
    seats = list(table.seats.select_related("player").order_by("position"))
    return page, table, round_, seats


def accessible_name(page, selector: str) -> dict:
    page.locator(selector).focus()
    return focused_node(page)


# The disqualification and penalty fields ---------------------------------------------------


def test_disqualification_and_penalty_name_their_player_and_add_two_tab_stops(sheet_page):
    page, _, _, seats = sheet_page
    page.get_by_role("button", name="Diskvalifikace a trestné body u všech hráčů").click()
    for seat in seats:
        number, name = seat.player.start_number, seat.player.name
        disqualified = accessible_name(page, f"#id_p{number}-disqualified")
        assert disqualified["role"] == "checkbox"
        assert name in disqualified["name"] and "diskvalifikován" in disqualified["name"]
        penalty = accessible_name(page, f"#id_p{number}-penalty")
        assert penalty["role"] == "textbox"
        assert name in penalty["name"] and "trestné body" in penalty["name"]
    # a row's Tab stops: laid, unused, closed, disqualified, penalty (no link in every row)
    first, second = (f"#id_p{s.player.start_number}-laid" for s in seats[:2])
    page.locator(first).focus()
    presses = 0
    while not page.evaluate(f"document.activeElement.matches({second!r})"):
        page.keyboard.press("Tab")
        presses += 1
        assert presses < 10
    assert presses == 5
    link = page.get_by_role("link", name="Diskvalifikovat hráče z celé partie nebo vyloučit")
    expect(link).to_have_count(1)


# A refused sheet: the errors name the player, the focused field's value is selected ---------


def test_a_refused_field_is_focused_with_its_value_selected_and_named_in_the_errors(sheet_page):
    page, _, _, seats = sheet_page
    for index, seat in enumerate(seats):
        number = seat.player.start_number
        page.locator(f"#id_p{number}-laid").fill("20")
        page.locator(f"#id_p{number}-unused").fill("12x" if index == 1 else "3")
    page.locator(f"#id_p{seats[0].player.start_number}-unused").fill("0")
    page.locator(f"#id_p{seats[0].player.start_number}-closed").check()
    page.get_by_role("button", name=re.compile("Uložit a otevřít")).click()
    alert = page.get_by_role("alert")
    player = seats[1].player
    expect(alert).to_contain_text(f"{player.start_number}. {player.name}: ")
    expect(alert).not_to_contain_text("Hráč č.")
    wrong = f"#id_p{player.start_number}-unused"
    expect(page.locator(wrong)).to_be_focused()
    page.keyboard.type("4")  # replaces the old value, not "412x"
    expect(page.locator(wrong)).to_have_value("4")
    # the summary's link to the field selects its value as well
    page.locator(wrong).fill("70")
    alert.get_by_role("link", name=f"{player.start_number}. {player.name}").click()
    expect(page.locator(wrong)).to_be_focused()
    page.keyboard.type("7")
    expect(page.locator(wrong)).to_have_value("7")


# The round score: once a row, with its value -----------------------------------------------


def test_a_rows_round_score_is_said_once_with_its_value(sheet_page):
    page, _, _, seats = sheet_page
    page.locator(f"#id_p{seats[0].player.start_number}-laid").focus()
    page.keyboard.type("20")
    page.keyboard.press("Tab")
    page.keyboard.type("0")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # closed: 20 + the close bonus
    page.keyboard.press("Tab")  # into the next row
    page.keyboard.type("14")
    page.keyboard.press("Tab")
    page.keyboard.type("4")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.wait_for_timeout(300)
    said = [text for text in page.evaluate("window.__spoken") if text.startswith("Body za kolo")]
    assert said == [
        f"Body za kolo, {seats[0].player.name}: 25",
        f"Body za kolo, {seats[1].player.name}: 10",
    ]


# The correction: its preview describes the reason ----------------------------------------


def test_the_corrections_preview_is_read_with_the_reason_field(page, live_server, referee):
    _, game = drawn_qualifier()
    table = game.tables.get(number=1)
    round_ = game.rounds.get(position=0)
    seats = list(table.seats.select_related("player").order_by("position"))
    lines = [
        SheetLine(s.player.start_number, 10, 0 if i == 0 else 2, closed=i == 0)
        for i, s in enumerate(seats)
    ]
    other = create_account(username="ref2", role=REFEREE, password="heslo-rozhodciho")
    sheet = save_sheet(table=table, round=round_, lines=lines, by=other, version=0)
    confirm_sheet(sheet=sheet, by=referee, version=sheet.version)
    sign_in(page, live_server, referee)
    page.goto(sheet_url(table, round_))
    page.locator(f"#id_p{seats[1].player.start_number}-laid").fill("30")
    page.get_by_role("button", name=re.compile("Uložit a otevřít")).click()
    reason = page.locator("#id_correction_reason")
    expect(reason).to_be_focused()
    node = focused_node(page)
    effects = page.locator("#correction-effects").inner_text().split("\n")[0].strip()
    assert effects and effects in node["description"], (effects, node)


# Presence and fees: saved without a Tab through every row --------------------------------


@pytest.fixture
def organiser(db):
    return create_account(username="jana", role=ORGANISER, password="heslo-organizatora")


def test_four_ticks_of_presence_and_fees_are_saved_in_a_few_keys(page, live_server, organiser):
    from tournament.models import Player

    tournament, _ = drawn_qualifier()
    sign_in(page, live_server, organiser)
    page.goto("/sprava/mcr/hraci/")
    save = page.get_by_role("button", name="Uložit přítomnost a startovné").first
    # the save comes before the rows, and says that Enter on a tick saves
    first_tick = page.locator("table input[type=checkbox]").first
    assert page.evaluate(
        "([button, tick]) => !!(button.compareDocumentPosition(tick)"
        " & Node.DOCUMENT_POSITION_FOLLOWING)",
        [save.element_handle(), first_tick.element_handle()],
    )
    expect(save).to_have_accessible_description(
        "Enter na zaškrtávacím políčku uloží celý seznam najednou."
    )
    keys = 0
    for number in (2, 3, 5, 7):
        page.locator(f"#present-{number}").focus()
        page.keyboard.press("Space")
        keys += 1
    page.keyboard.press("Enter")
    keys += 1
    expect(page.locator(".messages")).to_contain_text("změněno")
    absent = set(
        Player.objects.filter(tournament=tournament, present=False).values_list(
            "start_number", flat=True
        )
    )
    assert absent == {2, 3, 5, 7}
    assert keys == 5


def test_enter_on_a_tick_saves_who_is_present_before_a_draw(page, live_server, organiser):
    from tournament.models import Player

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    sign_in(page, live_server, organiser)
    page.goto("/sprava/mcr/losovani/pritomnost/")
    save = page.get_by_role("button", name="Uložit přítomnost").first
    expect(save).to_have_accessible_description(
        "Enter na zaškrtávacím políčku uloží celý seznam najednou."
    )
    page.locator("#present-4").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Přítomnost uložena")
    assert not Player.objects.get(tournament=tournament, start_number=4).present


# A swap in the draw: names, tables, seats, and a rule it breaks ---------------------------


def test_a_swap_is_said_with_names_tables_seats_and_the_rule_it_breaks(
    page, live_server, organiser
):
    from draws.selectors import team_of_players

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    game = draw_game(tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1)
    assert game.draw_options["report"]["teammates_held"]
    teams = team_of_players(tournament)
    seats = list(game.seats.select_related("player", "table"))
    table_of = {seat.player_id: seat for seat in seats}
    # a teammate of someone at another table, swapped with a third player at that table
    one, mate = next(
        (a, b)
        for a in seats
        for b in seats
        if a.player_id in teams
        and teams[a.player_id] == teams.get(b.player_id)
        and a.table_id != b.table_id
    )
    third = next(s for s in seats if s.table_id == one.table_id and s.player_id != one.player_id)
    assert table_of[third.player_id].table_id == one.table_id
    sign_in(page, live_server, organiser)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    page.goto("/sprava/mcr/losovani/kvalifikace/1/")
    page.get_by_label("První hráč").select_option(str(mate.player.start_number))
    page.get_by_label("Druhý hráč").select_option(str(third.player.start_number))
    page.get_by_role("button", name="Prohodit", exact=True).click()
    said = (
        f"Vyměněno: {mate.player.start_number}. {mate.player.name} teď sedí u stolu "
        f"{third.table.number} na místě {third.position + 1}, {third.player.start_number}. "
        f"{third.player.name} u stolu {mate.table.number} na místě {mate.position + 1}. "
        "Teď nesplněno: Členové jednoho družstva u různých stolů."
    )
    expect(page.locator(".messages")).to_have_text(said)
    page.wait_for_timeout(400)
    assert said in page.evaluate("window.__spoken")
    confirm = page.get_by_role("button", name="Potvrdit los")
    expect(confirm).to_have_accessible_description(
        "V tomto losu nesplněno: Členové jednoho družstva u různých stolů."
    )
    confirm.click()
    expect(page.locator(".messages")).to_have_text(
        "Los je potvrzen. Nesplněno: Členové jednoho družstva u různých stolů."
    )


# Error summaries take the focus on every form ---------------------------------------------


@pytest.fixture
def final_drawn():
    """The demo with its qualifier played and the A-final's first game drawn (mcr-2026)."""
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug="mcr-2026")
    draw_game(
        tournament=tournament, kind="final_a", number=1, by=author("Jana"), seed=1, confirm=True
    )
    return tournament


def focused_summary(page) -> str:
    expect(page.locator(".form-errors").first).to_be_visible()
    return page.evaluate(
        "(() => { const f = document.activeElement;"
        " return f.closest('.form-errors, .message-error') ? f.innerText : ''; })()"
    )


@pytest.mark.parametrize(
    ("address", "button"),
    [
        ("/rozhodci/mcr-2026/tresty/", "Ukázat, co se změní"),
        ("/rozhodci/mcr-2026/finale-a/partie-1/stul-1/hodiny/", "Zapnout hodiny"),
        ("/rozhodci/mcr-2026/finale-a/partie-1/ukoncit/", "Ukončit partii"),
        ("/sprava/mcr-2026/hraci/", "Přihlásit"),
    ],
)
def test_a_refused_forms_summary_takes_the_focus(
    page, live_server, organiser, final_drawn, address, button
):
    sign_in(page, live_server, organiser)
    page.goto(address)
    if "hodiny" in address:
        page.get_by_label("Sekund na tah").fill("5")  # below the least
    page.get_by_role("button", name=button, exact=True).click()
    assert "Nic nebylo uloženo" in focused_summary(page)


def test_a_refused_swap_takes_the_focus(page, live_server, organiser):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    draw_game(tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1)
    sign_in(page, live_server, organiser)
    page.goto("/sprava/mcr/losovani/kvalifikace/1/")
    page.get_by_label("První hráč").select_option("3")
    page.get_by_label("Druhý hráč").select_option("3")
    page.get_by_role("button", name="Prohodit", exact=True).click()
    expect(page.locator(".message-error")).to_be_focused()
    expect(page.locator(".message-error")).to_have_text("Vyberte dva různé hráče.")


# The merge: two persons of one name and birth date told apart; its refusal at its field ---


def test_persons_of_one_name_and_birth_date_are_told_apart_and_a_refusal_is_at_its_field(
    page, live_server, organiser
):
    from datetime import date

    from tournament.models import Person, Player

    _, _ = drawn_qualifier()
    one, two = (p.person for p in Player.objects.filter(tournament__slug="mcr")[:2])
    Person.objects.filter(pk__in=[one.pk, two.pk]).update(
        name="Jan Novák", folded_name="jan novak", birth_date=date(1970, 1, 1), club="Brno"
    )
    sign_in(page, live_server, organiser)
    page.goto(f"/sprava/osoby/sloucit/?ponechat={one.uuid}&sloucit={two.uuid}")
    merged = page.get_by_label("Osoba, která se s ní sloučí")
    labels = merged.locator("option", has_text="Jan Novák").all_inner_texts()
    assert len(labels) == 2 and labels[0] != labels[1], labels
    # the refusal (both played one tournament): focused at the top, and said by the field
    refusal = "Obě osoby hrály v tomtéž turnaji"
    assert refusal in focused_summary(page)
    expect(merged).to_have_attribute("aria-invalid", "true")
    expect(merged).to_have_accessible_description(re.compile(refusal))
    page.goto("/sprava/osoby/duplicity/")
    links = page.get_by_role("link", name=re.compile("porovnat s první a sloučit"))
    names = [link.get_attribute("href") for link in links.all()]
    assert names  # the second person's link names the person with its id
    expect(links.first).to_have_accessible_name(
        re.compile(rf"Jan Novák, id ({str(one.uuid)[:8]}|{str(two.uuid)[:8]})$")
    )


# The sanction preview's language links ---------------------------------------------------


def test_the_sanction_previews_language_links_answer(page, live_server, organiser, final_drawn):
    sign_in(page, live_server, organiser)
    page.goto("/rozhodci/mcr-2026/tresty/")
    page.get_by_role("button", name="Ukázat, co se změní").click()  # refused: the form again
    assert page.url.endswith("/tresty/nahled/")
    english = page.get_by_role("navigation", name="Jazyk").get_by_role("link", name="English")
    response = page.goto(english.get_attribute("href"))
    assert response.status == 200
    assert page.url.endswith("/en/rozhodci/mcr-2026/tresty/")
    expect(page.locator("h1")).to_be_visible()


# The ceremony's control page: says the next place, keeps the page ------------------------


def test_the_ceremony_control_says_the_next_place_without_reloading(page, live_server):
    from scoring import ceremony
    from tests.browser.test_staff import demo

    tournament = demo("mcr", played=True)
    reveals = ceremony.ceremony_state(tournament).reveals
    organiser = create_account(username="org", role=ORGANISER, password="heslo-organizatora")
    sign_in(page, live_server, organiser)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    page.goto("/sprava/mcr/vyhlaseni/prubeh/")
    page.evaluate("window.__samePage = true")
    page.keyboard.press("ArrowRight")
    said = f"Na obrazovce, 1 z {len(reveals)}: {reveals[0].sentence} Další: {reveals[1].sentence}"
    status = page.locator("#ceremony-said")
    expect(status).to_have_text(said)
    expect(status).to_have_attribute("role", "status")
    expect(page.locator("#on-screen-heading")).to_contain_text(f"1 z {len(reveals)}")
    assert page.evaluate("window.__samePage") is True  # the page was not loaded again
    assert said in page.evaluate("window.__spoken")
    # a button keeps the focus where it was, and says the move as well
    page.locator("#ceremony-next-button").focus()
    page.keyboard.press("Enter")
    expect(status).to_contain_text(f"Na obrazovce, 2 z {len(reveals)}: {reveals[1].sentence}")
    expect(page.locator("#ceremony-next-button")).to_be_focused()
    page.keyboard.press("PageUp")
    expect(status).to_contain_text(f"Další: {reveals[1].sentence}")
    assert page.evaluate("window.__samePage") is True
    assert ceremony.ceremony_state(tournament).shown == 1


# A lot: the tie read with names, its result said with the places --------------------------


def test_a_lots_result_is_said_with_its_places_and_the_tie_read_with_names(
    page, live_server, referee
):
    from tournament.models import Player

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    [recorded] = document.pop("lots")
    del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug="mcr")
    names = dict(Player.objects.filter(tournament=tournament).values_list("start_number", "name"))
    tied = sorted(recorded["order"])
    from desk.selectors import open_ties

    [open_tie] = open_ties(tournament)
    places = open_tie.tie.places
    sign_in(page, live_server, referee)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    page.goto("/rozhodci/mcr/postup-a-losy/")
    tie = page.locator("ul.ties li").first
    for number in tied:
        expect(tie).to_contain_text(f"{number}. {names[number]}")
    tie.get_by_role("button", name="Zveřejnit závazek losu").click()
    page.locator("ul.ties li").first.get_by_role("button", name="Losovat").click()
    expect(page.locator("ol.lot-result")).to_be_visible()
    from scoring.models import Lot

    order = Lot.objects.get().order
    said = page.locator(".messages")
    expect(said).to_contain_text("Los rozhodl: ")
    expected = "; ".join(
        f"{place}. místo: {number}. {names[number]}"
        for place, number in zip(sorted(places), order, strict=True)
    )
    expect(said).to_have_text(f"Los rozhodl: {expected}.")
    page.wait_for_timeout(400)
    assert f"Los rozhodl: {expected}." in page.evaluate("window.__spoken")


# Required lists: not "invalid" before any input -------------------------------------------


def invalid_nodes(page) -> list[tuple[str, str]]:
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    return [
        (node["role"]["value"], (node.get("name") or {}).get("value") or "")
        for node in nodes
        if any(
            item["name"] == "invalid" and item["value"].get("value") not in (None, "false")
            for item in node.get("properties", [])
        )
    ]


@pytest.mark.parametrize(
    "address",
    ["/rozhodci/mcr-2026/tresty/", "/sprava/mcr-2026/hraci/novy/", "/sprava/osoby/sloucit/"],
)
def test_required_lists_are_not_invalid_before_any_input(
    page, live_server, organiser, final_drawn, address
):
    sign_in(page, live_server, organiser)
    page.goto(address)
    page.wait_for_load_state("load")
    assert invalid_nodes(page) == []


def test_a_refused_list_is_still_said_invalid(page, live_server, organiser, final_drawn):
    sign_in(page, live_server, organiser)
    page.goto("/rozhodci/mcr-2026/tresty/")
    page.get_by_role("button", name="Ukázat, co se změní").click()
    expect(page.locator(".form-errors")).to_be_visible()
    assert ("combobox", "Hráč:") in invalid_nodes(page)
