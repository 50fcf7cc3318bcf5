"""The warning of an unusual laid value stays rare when a championship's sheets are entered one
by one (``bench/unusual.py`` measures it on more championships)."""

import pytest
from django.contrib.auth.models import User

from interchange.importer import import_tournament
from rules.sheet import FAR_ABOVE_AVERAGE
from sample.replay import replay_warnings
from sample.simulate import full_championship
from scoring.models import RoundResult, Sheet

pytestmark = pytest.mark.django_db

RARE = 0.02  # at most one sheet in fifty


def test_the_unusual_laid_warning_is_rare_on_a_simulated_championship():
    document = full_championship(22, seed=1)  # the championship: 22 players
    tournament, _ = import_tournament(document, slug="sim")
    stored = sorted(RoundResult.objects.values_list("table_id", "round_id", "player_id", "laid"))
    replay = replay_warnings(tournament, by=User.objects.create_user("ref"))
    # every sheet was entered again, as it was
    assert replay.sheets == Sheet.objects.count() > 100
    after = sorted(RoundResult.objects.values_list("table_id", "round_id", "player_id", "laid"))
    assert after == stored
    assert replay.rate(FAR_ABOVE_AVERAGE) <= RARE, replay.warned
    assert replay.first_game_warned[FAR_ABOVE_AVERAGE] == 0  # never early in the day
