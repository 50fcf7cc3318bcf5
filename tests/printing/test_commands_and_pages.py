"""The ``print``, ``export_xlsx`` and ``import_players`` commands, the organiser's printouts
page and the public downloads."""

import io
import re
from datetime import date

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from accounts.roles import ORGANISER, REFEREE, create_account
from printing import catalog
from tests.conftest import database_snapshot
from tournament.models import DrawStatus, Game, Tournament

pytestmark = pytest.mark.django_db


def run(*args) -> list[str]:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue().split()


def test_print_writes_and_lists_the_files(demo, tmp_path, louis):
    listed = run("print", "mcr", "--what", "standings", "--out", str(tmp_path))
    names = sorted(p.name for p in tmp_path.iterdir())
    assert sorted(p.rsplit("/", 1)[1] for p in listed) == names
    assert "mcr-poradi-kvalifikace.pdf" in names and "mcr-poradi-finale-b.brf" in names
    assert len(names) == 3 * 5  # three stages: pdf, large print pdf, html twin, brf, txt
    assert "mcr-poradi-kvalifikace-velke-pismo.pdf" in names
    assert "mcr-poradi-kvalifikace.html" in names

    brf = run(
        "print",
        "mcr",
        "--what",
        "seating",
        "--stage",
        "final_a",
        "--game",
        "2",
        "--format",
        "brf",
        "--width",
        "30",
        "--lines",
        "20",
        "--out",
        str(tmp_path / "b"),
    )
    assert [p.rsplit("/", 1)[1] for p in brf] == ["mcr-zasedaci-poradek-finale-a-partie-2.brf"]
    lines = (
        (tmp_path / "b" / "mcr-zasedaci-poradek-finale-a-partie-2.brf")
        .read_bytes()
        .decode()
        .split("\f")
    )
    assert all(len(page.split("\r\n")) - 1 <= 20 for page in lines)
    assert all(len(line) <= 30 for page in lines for line in page.split("\r\n"))


def test_print_sheets_writes_every_game_and_a_blank_sheet(demo, tmp_path):
    listed = run("print", "mcr", "--what", "sheets", "--out", str(tmp_path))
    games = Game.objects.filter(stage__tournament=demo).count()
    assert len(listed) == games + 1
    assert (tmp_path / "mcr-zapisy-prazdny.pdf").read_bytes().startswith(b"%PDF")


def test_print_refuses_what_cannot_be(demo, tmp_path):
    with pytest.raises(CommandError, match="pdf"):
        run("print", "mcr", "--what", "certificates", "--format", "brf", "--out", str(tmp_path))
    with pytest.raises(CommandError, match="Zatím není co tisknout"):
        run("print", "mcr", "--what", "seating", "--game", "9", "--out", str(tmp_path))
    with pytest.raises(CommandError, match="nic"):
        run("print", "nic", "--what", "results", "--out", str(tmp_path))


def test_export_xlsx_has_every_stage_every_result_and_the_teams(demo, tmp_path):
    target = tmp_path / "mcr.xlsx"
    run("export_xlsx", "mcr", "--out", str(target))
    book = load_workbook(target)
    assert book.sheetnames == [
        "Hráči",
        "kvalifikace",
        "finále A",
        "finále B",
        "Výsledky kol",
        "Družstva",
    ]
    from scoring.models import RoundResult

    assert book["Výsledky kol"].max_row - 1 == RoundResult.objects.count()
    assert book["Družstva"].max_row - 1 == demo.teams.count()
    assert book["Hráči"].max_row - 1 == demo.players.count()


def test_import_players_command(demo, tmp_path):
    run("export_xlsx", "mcr", "--out", str(tmp_path / "all.xlsx"))
    Tournament.objects.create(slug="kopie", name="Kopie", year=2027, start_date=date(2027, 1, 9))
    out = run("import_players", "kopie", str(tmp_path / "all.xlsx"))
    assert "Uloženo:" in " ".join(out)
    (tmp_path / "bad.xlsx").write_bytes(b"nonsense")
    before = database_snapshot()
    with pytest.raises(CommandError, match="není sešit Excelu"):
        run("import_players", "kopie", str(tmp_path / "bad.xlsx"))
    assert database_snapshot() == before


def client_of(role):
    user = create_account(username=role, role=role, password="heslo-1234-abcd")
    client = Client()
    client.force_login(user)
    return client


def test_only_the_organiser_opens_the_printouts(demo):
    url = reverse("printing:printouts", kwargs={"slug": "mcr"})
    assert Client().get(url).status_code == 302  # to the login
    assert client_of(REFEREE).get(url).status_code == 403
    page = client_of(ORGANISER).get(url)
    assert page.status_code == 200
    html = page.content.decode()
    for name in ("mcr-diplomy.pdf", "mcr-zapisy-prazdny.pdf", "mcr-vysledky.brf"):
        assert name in html


def test_every_listed_document_downloads(demo, louis):
    client = client_of(ORGANISER)
    html = client.get(reverse("printing:printouts", kwargs={"slug": "mcr"})).content.decode()
    links = re.findall(r'href="(/sprava/mcr/tisk/[^"]+\.(?:pdf|html|brf|txt))"', html)
    assert len(links) == len(catalog.available(demo))
    for link in links:
        response = client.get(link)
        assert response.status_code == 200, link
        twin = link.endswith(".html")  # the accessible twin opens in the browser
        assert ("inline" if twin else "attachment") in response["Content-Disposition"]
    assert client.get("/sprava/mcr/tisk/mcr-nic.pdf").status_code == 404
    for name in ("prihlasky.xlsx", "mistrovstvi.xlsx"):
        assert client.get(f"/sprava/mcr/tisk/{name}").status_code == 200


def test_the_organiser_uploads_players_and_sees_errors_by_cell(demo):
    Tournament.objects.create(slug="kopie", name="Kopie", year=2027, start_date=date(2027, 1, 9))
    client = client_of(ORGANISER)
    content = client.get("/sprava/mcr/tisk/prihlasky.xlsx").content
    book = load_workbook(io.BytesIO(content))
    book["Hráči"]["D3"] = "B9"
    broken = io.BytesIO()
    book.save(broken)
    broken.seek(0)
    broken.name = "prihlasky.xlsx"
    response = client.post("/sprava/kopie/hraci/nahrat/", {"file": broken})
    assert response.status_code == 400
    assert "Buňka Hráči!D3" in response.content.decode()
    assert not Tournament.objects.get(slug="kopie").players.exists()
    good = io.BytesIO(content)
    good.name = "prihlasky.xlsx"
    response = client.post("/sprava/kopie/hraci/nahrat/", {"file": good})
    assert response.status_code == 302
    assert Tournament.objects.get(slug="kopie").players.count() == demo.players.count()


def test_the_public_gets_only_finished_stages_and_never_sheets(demo, louis):
    client = Client()
    html = client.get("/turnaj/mcr/ke-stazeni/").content.decode()
    links = re.findall(r'href="(/turnaj/mcr/ke-stazeni/[^"?]+)', html)
    assert "/turnaj/mcr/ke-stazeni/mcr-poradi-kvalifikace.brf" in links
    assert "/turnaj/mcr/ke-stazeni/mcr-vysledky.pdf" in links
    assert not any("zapisy" in link or "diplomy" in link for link in links)
    for link in links:
        assert client.get(link).status_code == 200, link
    assert client.get("/turnaj/mcr/ke-stazeni/mcr-diplomy.pdf").status_code == 404
    assert client.get("/turnaj/mcr/ke-stazeni/mcr-zapisy-prazdny.pdf").status_code == 404


def test_a_stage_still_played_is_not_public_and_a_draft_draw_neither(demo):
    game = Game.objects.get(stage__tournament=demo, stage__kind="final_a", number=2)
    game.tables.first().sheets.all().delete()  # the last game of the A-final is not over
    public = {d.file_name("mcr") for d in catalog.available(demo, public=True)}
    assert "mcr-poradi-kvalifikace.pdf" in public  # the finals have been drawn
    assert "mcr-poradi-finale-a.pdf" not in public
    assert "mcr-poradi-finale-b.pdf" in public
    assert "mcr-zasedaci-poradek-finale-a-partie-2.pdf" in public
    Game.objects.filter(pk=game.pk).update(draw_status=DrawStatus.DRAFT)
    public = {d.file_name("mcr") for d in catalog.available(demo, public=True)}
    assert "mcr-zasedaci-poradek-finale-a-partie-2.pdf" not in public


def test_braille_page_size_from_the_address(demo, louis):
    response = Client().get("/turnaj/mcr/ke-stazeni/mcr-vysledky.brf?sirka=20&radky=5")
    pages = response.content.decode("ascii").split("\f")
    assert len(pages) > 1
    assert all(len(line) <= 20 for page in pages for line in page.split("\r\n"))


def test_the_registration_upload_is_on_the_players_page_and_the_old_address_leads_there(demo):
    client = client_of(ORGANISER)
    players = client.get("/sprava/mcr/hraci/").content.decode()
    assert 'action="/sprava/mcr/hraci/nahrat/"' in players and 'type="file"' in players
    assert "Přihlásit hráče a družstva z tabulky přihlášek" in players
    printouts = client.get("/sprava/mcr/tisk/").content.decode()
    assert 'type="file"' not in printouts and "/sprava/mcr/hraci/" in printouts
    sent = client.post("/sprava/mcr/tisk/prihlasky/nahrat/", {})
    assert sent.status_code == 308 and sent["Location"] == "/sprava/mcr/hraci/nahrat/"
    visited = client.get("/sprava/mcr/tisk/prihlasky/nahrat/")
    assert visited.status_code == 302 and visited["Location"] == "/sprava/mcr/hraci/"
