"""The table's page after the referee ended the game early: it says so in Czech, lets the
table enter a round played that is missing, and once the game is complete shows the table's
results read-only."""

import json

import pytest
from django.test import Client

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules.sheet import SheetLine
from scoring import early_end as early_end_services
from scoring import links
from scoring import sheets as sheet_services
from scoring.models import RoundResult
from tests.authors import author
from tests.scorekeeper.conftest import round_form, seats_of
from tournament.models import Game
from ui.addresses import table_path

pytestmark = pytest.mark.django_db

ENDED = "Rozhodčí partii ukončil předčasně (pravidlo F): kola 5, 6, 7 se nehrají."


@pytest.fixture
def ended_early(db, referees):
    """The demo's A-final game 2 ended early: table 1 played rounds 1–4, table 2 only 1–3."""
    document = json.loads(DEMO_FILE.read_text("utf-8"))
    game = document["stages"]["final_a"]["games"][1]
    for table, kept in zip(game["tables"], (4, 3), strict=False):
        table["rounds"] = table["rounds"][:kept]
    tournament, _ = import_tournament(document, slug="mcr")
    game = Game.objects.get(stage__tournament=tournament, stage__kind="final_a", number=2)
    early_end_services.end_game_early(game=game, by=referees[0], reason="Časová tíseň")
    return game


def paths(game):
    issued = links.issue_table_links(game=game, by=author("test"))
    return {number: table_path(link) for number, link in issued.items()}


def test_the_table_reads_that_the_referee_ended_the_game_early(ended_early, referees):
    game = ended_early
    addresses = paths(game)
    done = Client().get(addresses[1]).content.decode()
    assert ENDED in done
    assert "U tohoto stolu jsou zapsána všechna odehraná kola." in done
    assert "všechna kola této partie" not in done
    missing = Client().get(addresses[2]).content.decode()
    assert ENDED in missing and "Zapište odehraná kola, která ještě chybějí." in missing
    assert '<h2 id="round-heading">Kolo 4</h2>' in missing

    table = game.tables.get(number=2)
    assert Client().post(addresses[2], round_form(table, round="4", version="0")).status_code in (
        200,
        302,
    )
    sheet = table.sheets.get(round__number=4)
    sheet_services.confirm_sheet(sheet=sheet, by=referees[1], version=sheet.version)
    assert links.game_complete(game)
    page = Client().get(addresses[2]).content.decode()
    assert ENDED in page and "Všechna odehraná kola jsou zapsána: partie je dohrána." in page
    assert "Výsledky stolu 2" in page and 'name="p' not in page
    for number in (1, 2, 3, 4):
        assert f'<th scope="col">Kolo {number}</th>' in page
    assert '<th scope="col">Kolo 5</th>' not in page
    first = seats_of(table)[0].player
    total = sum(
        r.score(game.stage.tournament.scoring_settings().close_bonus)
        for r in RoundResult.objects.filter(table=table, player=first)
    )
    assert f"<td>{total}</td></tr>" in page.split(first.name, 1)[1]


def test_english_words_of_the_early_end(ended_early):
    page = Client().get("/en" + paths(ended_early)[1]).content.decode()
    assert "The referee ended the game early (rule F): rounds 5, 6, 7 are not played." in page


def test_a_revoked_link_of_a_complete_game_is_404(ended_early, referees):
    game = ended_early
    table = game.tables.get(number=2)
    sheet_services.save_sheet(
        table=table,
        round=game.rounds.get(number=4),
        lines=[
            SheetLine(s.player.start_number, 5, 0 if i == 0 else 2, closed=i == 0)
            for i, s in enumerate(seats_of(table))
        ],
        by=referees[0],
        version=0,
        confirm_warnings=True,
    )
    sheet_services.confirm_sheet(sheet=table.sheets.get(round__number=4), by=referees[1], version=1)
    address = paths(game)[1]
    assert Client().get(address).status_code == 200
    links.revoke_table_link(table=game.tables.get(number=1), by=author("org"))
    assert Client().get(address).status_code == 404
