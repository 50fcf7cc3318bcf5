"""Slovní poker as a rule set a club tournament chooses (issue 37): what its sheet asks, how a
line is checked and scored, and how a stored or a document's line is read back."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import rulesets, word_poker
from rules.rulesets import COUNT, WORD_POKER, UnaskedField, rule_set, stored_line


def test_the_sheet_asks_the_words_points_and_the_points_left_in_hand():
    poker = rule_set(WORD_POKER)
    assert [(f.name, f.kind) for f in poker.fields] == [("laid", COUNT), ("unused", COUNT)]
    assert rulesets.asked(poker) == poker.fields


@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 31)), min_size=2, max_size=9))
def test_a_line_scores_the_deals_result_even_below_zero(pairs):
    poker = rule_set(WORD_POKER)
    lines = [poker.line(n, {"laid": w, "unused": h}) for n, (w, h) in enumerate(pairs, 1)]
    assert poker.scores(lines) == {n: w - h for n, (w, h) in enumerate(pairs, 1)}
    best = max(w - h for w, h in pairs)
    assert poker.winners(lines) == {n for n, (w, h) in enumerate(pairs, 1) if w - h == best}


def test_the_check_is_the_games_with_the_tables_earlier_deals():
    poker = rule_set(WORD_POKER, end=word_poker.GameEnd(deal_wins=1))
    first = [poker.line(1, {"laid": 10, "unused": 0}), poker.line(2, {"laid": 6, "unused": 2})]
    assert poker.check(first, round_number=1, seated=[1, 2], earlier=[]) == []
    problems = poker.check(first, round_number=2, seated=[1, 2], earlier=[first])
    assert [p.code for p in problems] == [word_poker.DEAL_AFTER_GAME_END]
    bad = [poker.line(1, {"laid": 2, "unused": 0}), poker.line(2, {"laid": 6, "unused": 40})]
    problems = poker.check(bad, round_number=1, seated=[1, 2])
    assert [(p.code, p.player, p.field) for p in problems] == [
        (word_poker.WORD_OUT_OF_RANGE, 1, "laid"),
        (word_poker.LEFT_OUT_OF_RANGE, 2, "unused"),
    ]


def test_a_line_has_no_close_and_nothing_else():
    poker = rule_set(WORD_POKER)
    with pytest.raises(ValueError):
        poker.line(1, {"laid": 5, "unused": 0, "closed": True})
    with pytest.raises(ValueError):
        poker.line(1, {"laid": 5, "unused": 0, "words": 1})
    line = stored_line(poker, 7, 12, 3, False, {})
    assert (line.player, line.laid, line.unused, line.closed) == (7, 12, 3, False)
    with pytest.raises(UnaskedField):
        stored_line(poker, 7, 12, 3, False, {"words": 2})
    assert rulesets.extra_values(poker, line) == {}


def test_the_settings_are_checked():
    with pytest.raises(ValueError):
        rule_set(WORD_POKER, order=("closes",))
    with pytest.raises(ValueError):
        rule_set(WORD_POKER, end=word_poker.GameEnd(to="forever"))
    assert rule_set(WORD_POKER, order=("points", "games_won")).order == ("points", "games_won")
