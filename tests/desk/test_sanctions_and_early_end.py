"""The referee's decisions beyond a round, through the desk: a sanction is shown with what it
changes before it is recorded, an expulsion is the organiser's, a withdrawal is recorded; a
final game ended early drops its unplayed rounds and counts as complete."""

import json

import pytest
from django.urls import reverse

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules import sheet as rules_sheet
from rules.stages import stage_index
from scoring import early_end as early_end_services
from scoring import sheets as sheet_services
from scoring.models import Sanction
from scoring.pages import stage_summaries
from tests.desk.conftest import client_of
from tournament.models import Game

pytestmark = pytest.mark.django_db


def form(player, scope, game, reason="opakovaně zvonící telefon"):
    return {"player": player, "scope": scope, "game": game, "reason": reason}


def test_a_referee_disqualifies_from_a_game_after_seeing_what_changes(demo, referees):
    client = client_of(referees[0])
    page = client.get(reverse("desk:sanctions", kwargs={"slug": "mcr"}) + "?hrac=7").content
    html = page.decode()
    assert 'value="tournament"' not in html  # the referee is not offered an expulsion
    assert "O vyloučení rozhoduje organizátor." in html
    preview = client.post(
        reverse("desk:sanction_preview", kwargs={"slug": "mcr"}), form(7, "game", "qualifier-2")
    )
    text = preview.content.decode()
    assert preview.status_code == 200 and "Co se změní" in text
    assert "diskvalifikován z partie 2 kvalifikace" in text or "diskvalifikována" in text
    assert not Sanction.objects.exists()  # nothing before the confirmation
    done = client.post(
        reverse("desk:sanction_record", kwargs={"slug": "mcr"}), form(7, "game", "qualifier-2")
    )
    assert done.status_code == 302
    sanction = Sanction.objects.get()
    assert (sanction.player.start_number, sanction.scope, sanction.decided_by) == (
        7,
        "game",
        "ref1",
    )


def test_an_expulsion_is_refused_to_a_referee_and_nothing_is_stored(demo, referees):
    client = client_of(referees[0])
    for name in ("desk:sanction_preview", "desk:sanction_record"):
        response = client.post(
            reverse(name, kwargs={"slug": "mcr"}), form(7, "tournament", "final_b-2")
        )
        assert response.status_code == 400
        assert 'aria-invalid="true"' in response.content.decode()
    assert not Sanction.objects.exists()


def test_the_organiser_expels_and_withdraws(demo, organiser):
    client = client_of(organiser)
    player = demo.players.get(start_number=7)
    game = max(
        Game.objects.filter(seats__player=player).select_related("stage"),
        key=lambda g: (stage_index(g.stage.kind), g.number),
    )  # the last game the player plays
    key = f"{game.stage.kind}-{game.number}"
    preview = client.post(
        reverse("desk:sanction_preview", kwargs={"slug": "mcr"}), form(7, "tournament", key)
    )
    # the words agree with the player's gender (player 7 of the demo is a woman)
    assert player.gender == "feminine"
    assert "Hráčka č. 7 (Ludmila Bartošová): vyloučena z turnaje" in preview.content.decode()
    assert "nebude nalosována k dalším stolům" in preview.content.decode()
    client.post(reverse("desk:sanction_record", kwargs={"slug": "mcr"}), form(7, "tournament", key))
    sanction = Sanction.objects.get()
    url = reverse("desk:sanction_withdraw", kwargs={"slug": "mcr", "sanction": sanction.pk})
    assert client.post(url, {"reason": ""}).status_code == 400
    assert client.post(url, {"reason": "omyl v čísle"}).status_code == 302
    sanction.refresh_from_db()
    assert sanction.withdrawal_reason == "omyl v čísle" and sanction.withdrawn_by == "org"
    listing = client.get(reverse("desk:sanctions", kwargs={"slug": "mcr"})).content.decode()
    assert "omyl v čísle" in listing  # a withdrawn sanction stays on record


@pytest.fixture
def final_in_time_trouble(db):
    """The demo with the A-final's game 2 stopped: table 1 played rounds 1–4, table 2 only 1–3."""
    document = json.loads(DEMO_FILE.read_text("utf-8"))
    game = document["stages"]["final_a"]["games"][1]
    for table, kept in zip(game["tables"], (4, 3), strict=False):
        table["rounds"] = table["rounds"][:kept]
    tournament, _ = import_tournament(document, slug="mcr")
    return tournament


def test_ending_a_final_game_early_drops_the_rounds_nobody_played(final_in_time_trouble, referees):
    tournament = final_in_time_trouble
    game = Game.objects.get(stage__tournament=tournament, stage__kind="final_a", number=2)
    client = client_of(referees[0])
    url = reverse("desk:end_game", kwargs={"slug": "mcr", "stage": "final_a", "number": 2})
    page = client.get(url).content.decode()
    assert "Vypuštěná kola: 5, 6, 7" in page
    final_a = next(s for s in stage_summaries(tournament) if s.kind == "final_a")
    assert not final_a.over
    assert client.post(url, {"reason": "časová tíseň"}).status_code == 302
    game.refresh_from_db()
    assert game.round_numbers() == [1, 2, 3, 4] and game.rounds_dropped == [5, 6, 7]
    assert game.ended_early_by == "ref1" and game.ended_early_at is not None
    # round 4 was played at table 1: table 2 still owes its sheet
    final_a = next(s for s in stage_summaries(tournament) if s.kind == "final_a")
    assert not final_a.over and final_a.playing == 2
    table = game.tables.get(number=2)
    lines = [
        rules_sheet.SheetLine(seat.player.start_number, 5, 0 if i == 0 else 2, i == 0)
        for i, seat in enumerate(table.seats.select_related("player").order_by("position"))
    ]
    sheet_services.save_sheet(
        table=table,
        round=game.rounds.get(number=4),
        lines=lines,
        by=referees[0],
        version=0,
        confirm_warnings=True,
    )
    sheet_services.confirm_sheet(sheet=table.sheets.get(round__number=4), by=referees[1], version=1)
    final_a = next(s for s in stage_summaries(tournament) if s.kind == "final_a")
    assert final_a.over  # the game ended early counts as complete
    assert client.post(url, {"reason": "znovu"}).status_code == 400  # not ended twice


def test_only_a_final_game_is_ended_early(game, referees):
    with pytest.raises(early_end_services.EndRefused, match="finále"):
        early_end_services.end_game_early(game=game, by=referees[0], reason="časová tíseň")
