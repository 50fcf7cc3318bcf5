import pytest
from django.utils import translation

from draws.selectors import earlier_seatings, game_tables, stage_field
from draws.services import (
    DrawRefused,
    confirm_draw,
    draw_game,
    redraw_game,
    set_rounds,
    swap_players,
)
from interchange.exporter import export_tournament
from rules.championship import QUALIFIER_ROUNDS_MAX, QUALIFIER_ROUNDS_MIN
from scoring.models import Lot, RoundResult, Sheet
from tests.authors import author
from tournament.models import Game, Player
from tournament.services import set_presence

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def seating(game):
    return [[seat.player.start_number for seat in table.seats] for table in game_tables(game)]


def test_a_qualifier_draw_seats_every_eligible_present_player(fresh):
    Player.objects.filter(tournament=fresh, start_number=5).update(present=False)
    Player.objects.filter(tournament=fresh, start_number=6).update(paid=False)  # not eligible
    game = draw_game(tournament=fresh, kind="qualifier", number=1, by=author("Jana"), seed=11)
    seated = sorted(n for table in seating(game) for n in table)
    expected = sorted(
        p.start_number
        for p in fresh.players.all()
        if p.start_number not in (5, 6) and not p.eligibility_problems()
    )
    assert seated == expected
    assert game.draw_status == "draft" and game.draw_seed == 11 and game.drawn_by == "Jana"
    assert QUALIFIER_ROUNDS_MIN <= len(game.round_numbers()) <= QUALIFIER_ROUNDS_MAX
    assert game.draw_options["absent"] == [5]
    assert game.draw_options["report"]["sighted_held"]


def test_the_same_seed_gives_the_same_draw(fresh):
    first = seating(draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=5))
    again = draw_game(tournament=fresh, kind="qualifier", number=1, by=author("b"), seed=5)
    assert seating(again) == first
    assert (
        seating(draw_game(tournament=fresh, kind="qualifier", number=1, by=author("b"), seed=6))
        != first
    )


def test_games_are_drawn_in_order_and_avoid_earlier_meetings(fresh):
    with pytest.raises(DrawRefused, match="next game of this stage is 1"):
        draw_game(tournament=fresh, kind="qualifier", number=2, by=author("a"))
    one = draw_game(
        tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=1, confirm=True
    )
    two = draw_game(
        tournament=fresh, kind="qualifier", number=2, by=author("a"), seed=2, rounds=[5, 2, 7]
    )
    assert two.round_numbers() == [5, 2, 7]
    assert earlier_seatings(two.stage, 2) == [seating(one)]
    report = two.draw_options["report"]
    assert report["repeated_pairs"] == report["repeat_bound"]


def test_confirm_redraw_and_swap(fresh):
    game = draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=3)
    before = seating(game)
    a, b = before[0][0], before[1][0]
    swap_players(game=game, first=a, second=b, by=author("a"))
    after = seating(game)
    assert after[0][0] == b and after[1][0] == a
    assert game.draw_options["changed"]
    with pytest.raises(DrawRefused):
        swap_players(game=game, first=a, second=a, by=author("a"))
    confirm_draw(game=game, by=author("Petr"))
    game.refresh_from_db()
    assert game.draw_confirmed and game.draw_confirmed_by == "Petr"
    with pytest.raises(DrawRefused, match="confirmed"):
        swap_players(game=game, first=a, second=b, by=author("a"))
    redrawn = redraw_game(game=game, by=author("a"), seed=99)
    assert redrawn.draw_seed == 99 and not redrawn.draw_confirmed


def test_no_redraw_once_the_game_has_a_result(fresh):
    game = draw_game(
        tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=3, confirm=True
    )
    table = game.tables.first()
    seat = table.seats.first()
    round_ = game.rounds.first()
    RoundResult.objects.create(table=table, round=round_, player=seat.player, laid=5, unused=1)
    Sheet.objects.create(table=table, round=round_)
    with pytest.raises(DrawRefused, match="already has results"):
        redraw_game(game=game, by=author("a"))
    with pytest.raises(DrawRefused, match="already has results"):
        set_rounds(game=game, by=author("a"), rounds=[1, 2])


def test_typed_rounds_are_checked(fresh):
    game = draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=3)
    with pytest.raises(DrawRefused, match="not a list of different round numbers"):
        set_rounds(game=game, by=author("a"), rounds=[1, 1])
    set_rounds(game=game, by=author("a"), rounds=[7, 1])
    assert game.round_numbers() == [7, 1]


def test_the_a_final_waits_for_the_lot_at_the_cut(after_qualifier):
    tournament, lot = after_qualifier
    with pytest.raises(DrawRefused, match="tie at the qualifier cut is unresolved"):
        draw_game(tournament=tournament, kind="final_a", number=1, by=author("a"))
    with pytest.raises(DrawRefused, match="unresolved"):
        draw_game(tournament=tournament, kind="final_b", number=1, by=author("a"))
    Lot.objects.create(tournament=tournament, stage="qualifier", order=lot["order"])
    final = draw_game(tournament=tournament, kind="final_a", number=1, by=author("a"), seed=1)
    seated = {n for table in seating(final) for n in table}
    assert len(seated) == 12 and lot["order"][0] in seated and lot["order"][1] not in seated
    assert final.round_numbers() == [1, 2, 3, 4, 5, 6, 7]
    b_final = draw_game(tournament=tournament, kind="final_b", number=1, by=author("a"), seed=1)
    others = {n for table in seating(b_final) for n in table}
    assert not others & seated
    assert others == set(p.start_number for p in stage_field(tournament, "final_b").players)
    assert all(
        Player.objects.get(tournament=tournament, start_number=n).plays_b_final for n in others
    )


def test_the_a_final_needs_a_played_qualifier(fresh):
    with pytest.raises(DrawRefused, match="no results"):
        draw_game(tournament=fresh, kind="final_a", number=1, by=author("a"))


def test_presence_and_a_field_too_small_for_a_table(fresh):
    set_presence(tournament=fresh, present={1, 2, 3})
    present = fresh.players.filter(present=True).values_list("start_number", flat=True)
    assert sorted(present) == [1, 2, 3]
    game = draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"))
    assert [sorted(table) for table in seating(game)] == [[1, 2, 3]]
    assert game.draw_options["table_problem"] == "too_few_players"
    set_presence(tournament=fresh, present=set())
    with pytest.raises(DrawRefused, match="Nobody"):
        draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"))


def test_only_confirmed_draws_are_exported(fresh):
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=1)
    assert export_tournament(fresh)["stages"]["qualifier"]["games"] == []
    confirm_draw(game=Game.objects.get(stage__tournament=fresh), by=author("b"))
    [game] = export_tournament(fresh)["stages"]["qualifier"]["games"]
    assert game["draw"]["seed"] == 1 and game["draw"]["drawn_by"] == "a"
    assert all(table["rounds"] == [] for table in game["tables"])
