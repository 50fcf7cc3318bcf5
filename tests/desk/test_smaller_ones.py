"""Issue 21, point 10, at the desk: who entered a sheet from a phone, the early end's reason
and its undo, the words about rounds from the table, the sanction picker."""

import json
import re

import pytest
from django.urls import reverse

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules.sheet import SheetLine
from scoring import early_end as early_end_services
from scoring import links, log
from scoring import sheets as sheet_services
from tests.authors import author
from tests.desk.conftest import client_of
from tournament.models import Game, Player, Stage

pytestmark = pytest.mark.django_db


def lines_of(table, laid=10, unused=3):
    seats = list(table.seats.select_related("player").order_by("position"))
    return [
        SheetLine(seat.player.start_number, laid, 0 if i == 0 else unused, closed=i == 0)
        for i, seat in enumerate(seats)
    ]


# The confirmation page names the table's scorekeeper ------------------------------------


def test_the_confirmation_page_names_the_table_for_a_sheet_from_a_phone(game, referees):
    Stage.objects.filter(pk=game.stage_id).update(confirmation_required=True)
    table = game.tables.get(number=3)
    sheet_services.save_sheet(
        table=table,
        round=game.rounds.get(position=0),
        lines=lines_of(table),
        by=None,
        version=0,
        at_table=True,
    )
    url = reverse("desk:confirm_game", kwargs={"slug": "mcr", "stage": "qualifier", "number": 1})
    html = client_of(referees[0]).get(url).content.decode()
    assert "zapsal stůl 3 (zapisovatel)" in html
    assert "zapsal –" not in html


# Ending a final game early: a reason, and undo until another sheet is saved --------------


@pytest.fixture
def final_in_time_trouble(db):
    """The demo with the A-final's game 2 stopped: table 1 played rounds 1–4, table 2 only 1–3."""
    document = json.loads(DEMO_FILE.read_text("utf-8"))
    game = document["stages"]["final_a"]["games"][1]
    for table, kept in zip(game["tables"], (4, 3), strict=False):
        table["rounds"] = table["rounds"][:kept]
    tournament, _ = import_tournament(document, slug="mcr")
    return tournament


def end_url(name="desk:end_game"):
    return reverse(name, kwargs={"slug": "mcr", "stage": "final_a", "number": 2})


def test_ending_early_asks_a_reason_that_the_staff_log_keeps(final_in_time_trouble, referees):
    tournament = final_in_time_trouble
    game = Game.objects.get(stage__tournament=tournament, stage__kind="final_a", number=2)
    client = client_of(referees[0])
    page = client.get(end_url()).content.decode()
    assert "Důvod předčasného ukončení" in page and "nelze vrátit" not in page
    refused = client.post(end_url(), {"reason": "  "})
    assert refused.status_code == 400
    game.refresh_from_db()
    assert game.ended_early_at is None and game.round_numbers() == [1, 2, 3, 4, 5, 6, 7]
    with pytest.raises(early_end_services.EndRefused, match="Uveďte, proč"):
        early_end_services.end_game_early(game=game, by=referees[0], reason="")
    assert client.post(end_url(), {"reason": "sál se zavírá v 18 h"}).status_code == 302
    game.refresh_from_db()
    assert game.ended_early_reason == "sál se zavírá v 18 h"
    staff = [e.words for e in log.championship_log(tournament)]
    assert any(w.endswith("partie 2 ukončena předčasně: sál se zavírá v 18 h") for w in staff)
    public = [e.words for e in log.championship_log(tournament, public=True)]
    assert not any("sál se zavírá" in w for w in public)
    assert "sál se zavírá v 18 h" in client.get(end_url()).content.decode()


def test_an_early_end_is_undone_until_another_sheet_of_the_game_is_saved(
    final_in_time_trouble, referees
):
    tournament = final_in_time_trouble
    game = Game.objects.get(stage__tournament=tournament, stage__kind="final_a", number=2)
    before = list(game.rounds.order_by("position").values_list("number", "position"))
    client = client_of(referees[0])
    client.post(end_url(), {"reason": "časová tíseň"})
    game.refresh_from_db()
    assert game.round_numbers() == [1, 2, 3, 4] and early_end_services.can_undo_early_end(game)
    page = client.get(end_url()).content.decode()
    assert "Vrátit předčasné ukončení" in page
    dashboard = client.get(reverse("desk:dashboard", kwargs={"slug": "mcr"}) + "?partie=final_a-2")
    assert end_url() in dashboard.content.decode()

    assert client.post(end_url("desk:undo_end_game")).status_code == 302
    game.refresh_from_db()
    assert game.ended_early_at is None and game.rounds_dropped == []
    assert game.ended_early_reason == ""
    after = list(game.rounds.order_by("position").values_list("number", "position"))
    assert after == before  # the dropped rounds back in their places
    undone = [e for e in log.championship_log(tournament) if "vráceno" in e.words]
    assert undone and undone[0].who == "ref1" and "5, 6, 7" in undone[0].words

    # ended again, then table 2 saves its round 4: no more undo
    client.post(end_url(), {"reason": "časová tíseň podruhé"})
    game.refresh_from_db()
    table = game.tables.get(number=2)
    sheet_services.save_sheet(
        table=table,
        round=game.rounds.get(number=4),
        lines=lines_of(table, laid=5, unused=2),
        by=referees[0],
        version=0,
        confirm_warnings=True,
    )
    assert not early_end_services.can_undo_early_end(game)
    page = client.get(end_url()).content.decode()
    assert "Vrátit předčasné ukončení" not in page and "už nelze vrátit" in page
    response = client.post(end_url("desk:undo_end_game"), follow=True)
    assert "už nelze vrátit" in response.content.decode()
    game.refresh_from_db()
    assert game.ended_early_at is not None and game.round_numbers() == [1, 2, 3, 4]
    with pytest.raises(early_end_services.EndRefused):
        early_end_services.undo_early_end(game=game, by=referees[0])


# The desk's words about rounds from the table -------------------------------------------


def test_the_desk_says_qualifier_rounds_from_the_table_need_no_confirmation(game, organiser):
    links.issue_table_links(game=game, by=author("test"))
    client = client_of(organiser)
    url = reverse("desk:dashboard", kwargs={"slug": "mcr"}) + "?partie=qualifier-1"
    html = client.get(url).content.decode()
    assert "nevyžaduje" in html and "Kola zde čekají na potvrzení" not in html
    Stage.objects.filter(pk=game.stage_id).update(confirmation_required=True)
    html = client.get(url).content.decode()
    assert "Kola zde čekají na potvrzení" in html and "nevyžaduje" not in html


# The sanction picker lists the players who sit at a table --------------------------------


def test_the_sanction_picker_lists_only_players_seated_in_an_announced_game(game, organiser):
    tournament = game.stage.tournament
    seated = set(Player.objects.filter(seats__game=game).values_list("start_number", flat=True))
    Player.objects.create(
        tournament=tournament,
        start_number=90,
        name="Nepřišla Nikdy",
        sight_class="none",
        paid=True,
        present=False,
    )
    html = client_of(organiser).get(reverse("desk:sanctions", kwargs={"slug": "mcr"}))
    html = html.content.decode()
    picker = html.split('name="player"')[1].split("</select>")[0]
    listed = {int(n) for n in re.findall(r'<option value="(\d+)"', picker)}
    assert listed == seated
    assert "Nepřišla Nikdy" not in html
