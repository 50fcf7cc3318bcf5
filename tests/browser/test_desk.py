import json

import pytest
from playwright.sync_api import expect

from accounts.roles import REFEREE, create_account
from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules.sheet import SheetLine
from scoring.models import RoundResult, Sheet
from tests.authors import author
from tests.browser.conftest import sign_in, tab_to
from tournament.services import set_presence

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_whole_round_of_an_eight_player_table_with_the_keyboard_only(page, live_server):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    set_presence(tournament=tournament, present=set(range(1, 33)))
    game = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=1,
        by=author("Jana"),
        seed=3,
        tables=4,
        rounds=[7, 2],
        confirm=True,
    )
    table = game.tables.get(number=1)
    assert table.seats.count() == 8
    sign_in(
        page, live_server, create_account(username="ref", role=REFEREE, password="heslo-rozhodciho")
    )
    page.goto("/rozhodci/mcr/kvalifikace/partie-1/stul-1/kolo-7/")
    seats = list(table.seats.select_related("player").order_by("position"))
    first = f"id_p{seats[0].player.start_number}-laid"
    expect(page.locator(f"#{first}")).to_be_focused()  # the cursor starts there (autofocus)
    keyboard = page.keyboard
    for index, _seat in enumerate(seats):
        keyboard.type(str(20 + index))  # laid
        keyboard.press("Tab")
        keyboard.type("0" if index == 0 else ("12x" if index == 2 else "4"))  # unused
        keyboard.press("Tab")
        if index == 0:
            keyboard.press("Space")  # the closer
        keyboard.press("Tab")  # to the next row (the rare disqualification and penalty open
        # for every row at once from one button above the sheet); after the last, to save
    # each row shows its score as typed: closer 20 + 5, the next 21 - 4
    scores = page.locator(".row-score")
    expect(scores.nth(0)).to_have_text("25")
    expect(scores.nth(1)).to_have_text("17")
    assert page.evaluate("document.activeElement.value") == "next"  # the save button
    keyboard.press("Enter")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Nic nebylo uloženo")
    wrong = f"id_p{seats[2].player.start_number}-unused"
    expect(page.locator(f"#{wrong}-error")).to_contain_text("musí být celé číslo")
    expect(page.locator(f"#{wrong}")).to_be_focused()  # the cursor is on the error
    assert not Sheet.objects.exists()
    keyboard.press("Control+A")
    keyboard.type("4")
    keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Stůl 1, kolo 7 uloženo.")
    assert page.url.endswith("/stul-2/kolo-7/")  # the next missing sheet
    assert RoundResult.objects.filter(table=table).count() == 8
    assert RoundResult.objects.get(table=table, closed=True).player == seats[0].player


WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def no_violations(page):
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    assert page.locator("h1").count() == 1


@pytest.fixture
def qualifier_with_sheets():
    """Game 1 of the qualifier drawn, its sheets to be confirmed by a second referee; ref1
    entered table 1 and 2 of the first round, ref2 table 3."""
    from scoring.sheets import save_sheet
    from tournament.models import Stage

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    Stage.objects.filter(pk=game.stage_id).update(confirmation_required=True)
    referees = [
        create_account(username=name, role=REFEREE, password="heslo-rozhodciho")
        for name in ("ref1", "ref2")
    ]
    round_ = game.rounds.get(position=0)
    for number, who in ((1, 0), (2, 0), (3, 1)):
        table = game.tables.get(number=number)
        seats = list(table.seats.select_related("player").order_by("position"))
        lines = [
            SheetLine(s.player.start_number, 10, 0 if i == 0 else 2, closed=i == 0)
            for i, s in enumerate(seats)
        ]
        save_sheet(table=table, round=round_, lines=lines, by=referees[who], version=0)
    return game, referees


def test_the_desk_pages_have_no_accessibility_violation(page, live_server, qualifier_with_sheets):
    game, referees = qualifier_with_sheets
    sign_in(page, live_server, referees[1])
    round_number = game.rounds.get(position=0).number
    for address in (
        "/rozhodci/mcr/",
        f"/rozhodci/mcr/kvalifikace/partie-1/stul-1/kolo-{round_number}/",
        "/rozhodci/mcr/kvalifikace/partie-1/potvrdit/",
        "/rozhodci/mcr/kvalifikace/partie-1/potvrdit/?stul=1",
        "/rozhodci/mcr/finale-b/",
    ):
        page.goto(address)
        no_violations(page)


def test_a_game_is_confirmed_at_once_with_the_keyboard(page, live_server, qualifier_with_sheets):
    game, referees = qualifier_with_sheets
    sign_in(page, live_server, referees[1])
    page.goto("/rozhodci/mcr/")
    tab_to(page, "Zkontrolovat a potvrdit 2 zápisy")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_contain_text("Zápisy k potvrzení")
    expect(page.locator("caption")).to_have_count(2)  # ref2's own sheet is not offered
    tab_to(page, "Potvrdit všechny 2 zápisy")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Potvrzeny 2 zápisy.")
    assert Sheet.objects.filter(confirmed_by=referees[1]).count() == 2
    assert not Sheet.objects.get(table__number=3).confirmed


def test_warnings_of_an_upload_are_accepted_with_the_keyboard(page, live_server, tmp_path):
    import io

    from openpyxl import load_workbook

    from desk import excel
    from tests.desk.test_excel import fill, good_values

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    book = load_workbook(io.BytesIO(excel.game_workbook(game)))
    for table in game.tables.all():
        fill(book, game, table.number, 0, good_values(table, closer=-1))  # nobody closed
    path = tmp_path / "zapisy.xlsx"
    book.save(path)
    sign_in(page, live_server, create_account(username="ref", role=REFEREE, password="heslo-heslo"))
    page.goto("/rozhodci/mcr/")
    page.get_by_label("Vyplněný sešit (.xlsx)").set_input_files(str(path))
    page.get_by_role("button", name="Nahrát a uložit").click()
    expect(page.locator("h1")).to_have_text("Před uložením zkontrolujte upozornění")
    no_violations(page)
    assert page.locator(".form-errors").count() == 0
    tab_to(page, "Přijmout upozornění a uložit")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text(f"uloženo {game.tables.count()} zápisů")
    assert Sheet.objects.count() == game.tables.count()


def test_an_upload_with_errors_lists_them_apart_from_the_warnings(page, live_server, tmp_path):
    import io

    from openpyxl import load_workbook

    from desk import excel
    from tests.desk.test_excel import fill, good_values

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    book = load_workbook(io.BytesIO(excel.game_workbook(game)))
    values = good_values(game.tables.get(number=1), closer=-1)
    values[0] = ("deset", 2, "ne", "ne", None)
    fill(book, game, 1, 0, values)
    fill(book, game, 2, 0, good_values(game.tables.get(number=2), closer=-1))
    path = tmp_path / "zapisy.xlsx"
    book.save(path)
    sign_in(page, live_server, create_account(username="ref", role=REFEREE, password="heslo-heslo"))
    page.goto("/rozhodci/mcr/")
    page.get_by_label("Vyplněný sešit (.xlsx)").set_input_files(str(path))
    page.get_by_role("button", name="Nahrát a uložit").click()
    expect(page.locator("h1")).to_have_text("Tabulka nebyla uložena")
    no_violations(page)
    expect(page.locator(".form-errors h2")).to_have_text("1 chyba")
    expect(page.locator(".form-warnings h2")).to_have_text("2 upozornění")
    assert page.get_by_role("button", name="Přijmout upozornění").count() == 0


def test_the_b_final_list_with_the_keyboard(page, live_server):
    from tournament.models import Player

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"]["final_a"], document["stages"]["final_b"]
    import_tournament(document, slug="mcr")
    sign_in(page, live_server, create_account(username="ref", role=REFEREE, password="heslo-heslo"))
    page.goto("/rozhodci/mcr/finale-b/")
    no_violations(page)
    first = page.locator('input[name="plays"]').first
    number = int(first.get_attribute("value"))
    first.focus()
    page.keyboard.press("Space")  # does not want to play it
    tab_to(page, "Uložit")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Uloženo, kdo hraje finále B.")
    assert not Player.objects.get(start_number=number).plays_b_final
