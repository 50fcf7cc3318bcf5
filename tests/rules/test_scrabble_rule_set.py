"""Scrabble as a rule set a club tournament chooses (issue 37, point 2): what its sheet asks,
how a game's sheet is checked (its places in the sheet's fields) and scored, and its settings."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import rulesets, scrabble
from rules.rulesets import COUNT, FLAG, SCRABBLE, UnaskedField, rule_set, stored_line


def test_the_sheet_asks_the_score_the_tiles_left_and_who_went_out():
    rules = rule_set(SCRABBLE)
    assert [(f.name, f.kind) for f in rules.fields] == [
        ("laid", COUNT),
        ("unused", COUNT),
        ("closed", FLAG),
    ]
    assert rulesets.asked(rules) == rules.fields
    assert rulesets.extra_values(rules, rules.line(1, {"laid": 300})) == {}


@given(
    st.lists(
        st.tuples(st.integers(0, 600), st.sampled_from([0, 1, 5, 10, 17])), min_size=2, max_size=4
    ),
    st.booleans(),
)
def test_a_line_scores_the_final_score_as_the_rules_end_the_game(rows, someone_out):
    rules = rule_set(SCRABBLE)
    lines = [
        rules.line(
            n,
            {
                "laid": score,
                "unused": 0 if n == 1 and someone_out else left,
                "closed": n == 1 and someone_out,
            },
        )
        for n, (score, left) in enumerate(rows, 1)
    ]
    games = [line.game_line() for line in lines]
    assert rules.scores(lines) == scrabble.final_scores(games)
    if someone_out:
        others = sum(left for _score, left in rows[1:])
        assert rules.scores(lines)[1] == rows[0][0] + others


def test_a_problem_is_placed_in_the_sheets_field():
    rules = rule_set(SCRABBLE)
    lines = [
        rules.line(1, {"laid": 350, "unused": 4, "closed": True}),
        rules.line(2, {"laid": 300, "unused": 4, "closed": False}),
    ]
    problems = rules.check(lines, round_number=1, seated=[1, 2])
    assert [(p.code, p.player, p.field) for p in problems] == [
        (scrabble.OUT_WITH_TILES, 1, "unused")
    ]
    lines = [
        rules.line(1, {"laid": 350, "unused": 0, "closed": True}),
        rules.line(2, {"laid": 300, "unused": 0, "closed": True}),
    ]
    problems = rules.check(lines, round_number=1, seated=[1, 2])
    assert [(p.code, p.player, p.field) for p in problems] == [(scrabble.TWO_WENT_OUT, 2, "closed")]
    assert rules.check(lines[:1], round_number=1, seated=[1])[-1].code == scrabble.BOARD_SIZE


def test_the_settings_are_the_pairings_and_wrong_ones_refused():
    rules = rule_set(SCRABBLE, bye_margin=75, first_round=scrabble.BY_LOT, king_of_the_hill=True)
    options = rules.pairing_options({1: 1500})
    assert (options.first_round, options.king_of_the_hill, dict(options.ratings)) == (
        scrabble.BY_LOT,
        True,
        {1: 1500},
    )
    assert rule_set(SCRABBLE).bye_margin == scrabble.BYE_MARGIN
    with pytest.raises(ValueError):
        rule_set(SCRABBLE, first_round="seeded")
    with pytest.raises(ValueError):
        rule_set(SCRABBLE, bye_margin=-1)


def test_a_stored_line_of_another_rule_sets_field_is_refused():
    rules = rule_set(SCRABBLE)
    line = stored_line(rules, 3, 280, 6, False, {})
    assert (line.laid, line.unused, line.closed) == (280, 6, False)
    with pytest.raises(UnaskedField):
        stored_line(rules, 3, 280, 6, False, {"words": 2})


def test_a_scrabble_game_is_one_round_of_a_rack_of_seven():
    assert rulesets.deal_size(SCRABBLE, 1) == scrabble.RACK == 7
    with pytest.raises(ValueError):
        rulesets.deal_size(SCRABBLE, 2)


# A round paired from the rounds played (what the draws pair and rules.verify reproduces).


def test_how_a_round_is_paired_by_the_settings():
    method = scrabble.pairing_method
    assert method(1, first_round="lot", king_of_the_hill=True, last_round=False) == "lot"
    assert method(2, first_round="lot", king_of_the_hill=True, last_round=False) == "swiss"
    assert method(4, first_round="rating", king_of_the_hill=True, last_round=True) == "king"
    assert method(4, first_round="rating", king_of_the_hill=False, last_round=True) == "swiss"


def test_a_first_round_method_only_for_the_first_round():
    with pytest.raises(ValueError):
        scrabble.pair_after([], [1, 2], method="swiss", seed=1)
    with pytest.raises(ValueError):
        scrabble.pair_after(
            [scrabble.PlayedRound(({1: 300, 2: 200},))], [1, 2], method="lot", seed=1
        )


@given(st.integers(4, 11), st.integers(0, 2**32), st.booleans())
def test_three_swiss_rounds_never_repeat_a_pair_nor_a_bye_while_avoidable(size, seed, threes):
    """Each round from the standings after the earlier ones: every player once a round, the
    bye never twice, no pair twice (a field of six seats or more has three rounds without a
    rematch: K_n less two perfect matchings still has one, by Dirac's theorem). A board of
    three's extra pairs are not the matching's to avoid, so with boards of three only the odd
    seat is checked."""
    players = list(range(1, size + 1))
    played, met, odd = [], set(), []
    for number in range(1, 4):
        method = "lot" if number == 1 else "swiss"
        pairing = scrabble.pair_after(played, players, method=method, seed=seed + number)
        boards = scrabble.boards_of(pairing, threes=threes)
        assert sorted(n for board in boards for n in board) == players
        pairs = {frozenset((a, b)) for board in boards for a in board for b in board if a != b}
        if size >= 6 and not threes:  # Dirac: K_n less two matchings still has one
            assert not pairs & met
        met |= pairs
        games, bye, third = [], None, None
        for board in boards:
            if len(board) == 1:
                bye = board[0]
            else:
                games.append({n: 300 + 7 * n * number % 40 for n in board})
                if len(board) == 3:
                    third = board[2]
        odd.append(bye if bye is not None else third)
        played.append(scrabble.PlayedRound(tuple(games), bye, third))
    if size % 2 and not threes and size >= 5:  # 6 seats and more: the bye never twice
        assert len(set(odd)) == 3
    elif size % 2:  # a board of three's pairs are not the matching's to avoid: an odd seat
        assert None not in odd
    else:
        assert odd == [None] * 3
