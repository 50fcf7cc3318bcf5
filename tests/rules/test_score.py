from hypothesis import given
from hypothesis import strategies as st

from rules.championship import CLOSE_BONUS
from rules.score import RoundEntry, round_score

entries = st.builds(
    RoundEntry,
    laid=st.integers(0, 140),
    unused=st.integers(0, 140),
    closed=st.booleans(),
    disqualified=st.booleans(),
    penalty=st.integers(0, 50),
)
bonuses = st.integers(0, 20)


@given(entries, bonuses)
def test_a_score_is_never_negative(entry, bonus):
    assert round_score(entry, bonus) >= 0


@given(entries, bonuses)
def test_a_disqualified_round_scores_zero_and_counts_no_close(entry, bonus):
    entry = RoundEntry(entry.laid, entry.unused, entry.closed, True, entry.penalty)
    assert round_score(entry, bonus) == 0
    assert not entry.counts_as_close


@given(entries, bonuses)
def test_the_bonus_goes_only_to_a_closer(entry, bonus):
    not_closed = RoundEntry(entry.laid, entry.unused, False, False, entry.penalty)
    closed = RoundEntry(entry.laid, entry.unused, True, False, entry.penalty)
    raw = entry.laid - entry.unused - entry.penalty
    assert round_score(not_closed, bonus) == max(0, raw)
    assert round_score(closed, bonus) == max(0, raw + bonus)


@given(entries)
def test_the_default_bonus_is_the_rules_five(entry):
    closed = RoundEntry(entry.laid, 0, True, False, 0)
    assert CLOSE_BONUS == 5
    assert round_score(closed) == entry.laid + 5


def test_worked_examples_of_the_rules():
    # 9 laid, a 14-point card left: 9 - 14 = -5 counts as 0 (pravidla-syllabatim.txt, I).
    assert round_score(RoundEntry(laid=9, unused=14)) == 0
    assert round_score(RoundEntry(laid=24, unused=0, closed=True)) == 29
    assert round_score(RoundEntry(laid=24, unused=6)) == 18
    assert round_score(RoundEntry(laid=24, unused=6, penalty=20)) == 0
    assert round_score(RoundEntry(laid=24, unused=0, closed=True, disqualified=True)) == 0
