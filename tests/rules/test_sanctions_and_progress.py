"""Sanctions as the rules take them, and when a stage is over."""

from hypothesis import given
from hypothesis import strategies as st

from rules.progress import GameState, StageProgress
from rules.sanctions import Sanction, expulsions, out_of, void, voided_games
from rules.score import RoundEntry, round_score


def test_a_voided_round_scores_nothing_and_counts_no_close():
    entry = RoundEntry(30, 0, closed=True)
    assert round_score(entry) == 35 and entry.counts_as_close
    assert round_score(void(entry)) == 0 and not void(entry).counts_as_close


def test_an_expulsion_counts_from_its_stage_on():
    sanctions = [
        Sanction(7, "game", "qualifier", 1),
        Sanction(7, "tournament", "final_a", 2),
        Sanction(9, "tournament", "qualifier", 3),
    ]
    assert voided_games(sanctions) == {
        ("qualifier", 1, 7),
        ("final_a", 2, 7),
        ("qualifier", 3, 9),
    }
    expelled = expulsions(sanctions)
    assert expelled == {7: "final_a", 9: "qualifier"}
    assert not out_of("qualifier", 7, expelled)
    assert out_of("final_a", 7, expelled) and out_of("final_b", 7, expelled)
    assert out_of("qualifier", 9, expelled)
    assert not out_of("qualifier", 5, expelled)


def test_the_earliest_expulsion_wins():
    sanctions = [Sanction(3, "tournament", "final_b", 1), Sanction(3, "tournament", "qualifier", 2)]
    assert expulsions(sanctions) == {3: "qualifier"}


def game(number, complete=True, unconfirmed=0, ended=False, rounds=3):
    return GameState(number, 2, rounds, 2 * rounds if complete else 1, unconfirmed, ended)


def test_the_qualifier_is_over_when_its_planned_games_are_complete():
    assert not StageProgress("qualifier", (game(1),), planned=2).over
    assert not StageProgress("qualifier", (game(1), game(2, complete=False)), planned=2).over
    assert not StageProgress("qualifier", (game(1), game(2, unconfirmed=1)), planned=2).over
    assert StageProgress("qualifier", (game(1), game(2)), planned=2).over
    # a final drawn means the qualifier ended, whatever was planned
    assert StageProgress("qualifier", (game(1),), planned=5, later_stage_drawn=True).over


def test_without_a_plan_every_drawn_game_must_be_complete():
    assert not StageProgress("qualifier", (), planned=None).over
    assert StageProgress("qualifier", (game(1),), planned=None).over
    assert not StageProgress("qualifier", (game(1), game(2, complete=False)), planned=None).over


def test_a_final_is_over_after_two_complete_games_an_early_end_included():
    progress = StageProgress("final_a", (game(1), game(2, complete=False)), planned=2)
    assert not progress.over and progress.playing.number == 2 and progress.complete_games == 1
    ended = StageProgress("final_a", (game(1), game(2, ended=True, rounds=4)), planned=2)
    assert ended.over and ended.playing is None
    assert not StageProgress("final_a", (game(1),), planned=2).over


@given(
    planned=st.integers(1, 6),
    states=st.lists(st.tuples(st.booleans(), st.integers(0, 2)), max_size=6),
)
def test_over_means_every_planned_game_is_complete(planned, states):
    games = tuple(
        GameState(n, 2, 3, 6 if complete else 3, unconfirmed)
        for n, (complete, unconfirmed) in enumerate(states, start=1)
    )
    progress = StageProgress("final_a", games, planned)
    complete = [g for g in games if g.sheets == 6 and g.unconfirmed == 0]
    assert progress.over == (len(complete) >= planned)
