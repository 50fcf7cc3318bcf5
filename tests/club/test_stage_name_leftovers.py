"""A club tournament's one stage is "turnaj", not a qualification, in the last places that
still called it one (issue 35, point 4): the sanction and correction effects at the desk, the
public "how we draw" page, the logs' stage filter and a person's rating history."""

import dataclasses
import re

import pytest
from django.utils import translation

from rules.sanctions import Sanction
from scoring import sheets as sheet_services
from scoring.effects import correction_effects, sanction_effects
from scoring.selectors import tournament_data
from tests.authors import author
from tests.conftest import table_and_round
from tournament.models import Player

from .conftest import club_lines

pytestmark = pytest.mark.django_db

QUALIFICATION = re.compile(r"\bkvalifikac|\bqualif", re.IGNORECASE)  # "diskvalifikován" stays


def played(game):
    table, round_ = table_and_round(game)
    sheet_services.save_sheet(
        table=table, round=round_, lines=club_lines(table), by=author("R"), version=0
    )
    return game.stage.tournament


def names_of(tournament):
    return dict(Player.objects.filter(tournament=tournament).values_list("start_number", "name"))


@pytest.mark.parametrize("scope", ["tournament", "game"])
def test_sanction_effects_name_a_club_stage_turnaj(casual_game, scope):
    tournament = played(casual_game)
    data = tournament_data(tournament)
    player = data.stages["qualifier"].results[0].player
    with translation.override("cs"):
        effects = sanction_effects(
            data, Sanction(player, scope, "qualifier", 1), names_of(tournament)
        )
    text = "\n".join(effects)
    assert "turnaj" in effects[0] and not QUALIFICATION.search(text), text


def test_correction_effects_name_a_club_stage_turnaj(casual_game):
    tournament = played(casual_game)
    data = tournament_data(tournament)
    stored = data.stages["qualifier"].results[0]
    changed = dataclasses.replace(stored.entry, scored=stored.entry.scored + 25)
    with translation.override("cs"):
        effects = correction_effects(
            data,
            "qualifier",
            1,
            {stored.player: (stored.entry, changed)},
            names_of(tournament),
            requires_confirmation=True,
        )
    text = "\n".join(effects)
    assert "(turnaj)" in text and not QUALIFICATION.search(text), text


def test_a_championship_s_effects_still_say_kvalifikace(demo):
    data = tournament_data(demo)
    player = data.stages["qualifier"].results[0].player
    with translation.override("cs"):
        effects = sanction_effects(data, Sanction(player, "game", "qualifier", 1), names_of(demo))
    assert "kvalifikace" in effects[0]
