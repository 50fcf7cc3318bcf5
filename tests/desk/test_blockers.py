"""Issue 36, point 5: what keeps the desk's game from going on is read by a selector,
``desk.selectors.blockers``, not worked out in the grid's view."""

import pytest
from django.utils import translation

from desk.selectors import blockers, game_grid
from tournament.models import DrawStatus

pytestmark = pytest.mark.django_db


def test_a_confirmed_draw_without_sheets_waits_for_every_sheet(game):
    grid = game_grid(game)
    with translation.override("en"):
        found = blockers(game, grid, [])
    assert found == [f"{grid.missing} sheets are missing."] and grid.missing > 1


def test_a_draft_draw_says_so_first(game):
    game.draw_status = DrawStatus.DRAFT
    with translation.override("en"):
        found = blockers(game, game_grid(game), [])
    assert found[0] == "The draw of this game is not confirmed yet."


def test_no_game_chosen_has_no_blockers():
    assert blockers(None, None, []) == []
