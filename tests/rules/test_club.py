import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.club import (
    BONUS_3,
    DOUBLE_SHORTEST,
    GOLDEN_5,
    HALVE_LONGEST,
    LONGEST_WORD,
    LOSS_2,
    MOST_WORDS,
    Hand,
    Word,
    casual_round,
    winners,
    word_bonuses,
    words_value,
)


def test_halving_writes_off_the_smaller_half():
    # "Slovo za 9 bodů – hráč odepíše pouze 4 body" (pravidla-syllabatim-2.txt)
    hand = Hand(words=(Word(cards=4, letters=5, value=9),), action_cards=(HALVE_LONGEST,))
    assert words_value(hand) == 5


def test_the_shortest_word_counts_twice_and_points_cards_add():
    hand = Hand(
        words=(Word(4, 5, 10), Word(2, 2, 3), Word(2, 3, 7)),
        action_cards=(DOUBLE_SHORTEST, BONUS_3, LOSS_2, GOLDEN_5),
    )
    assert words_value(hand) == 10 + 6 + 7 + 3 - 2 + 5


def test_unknown_card():
    with pytest.raises(ValueError):
        words_value(Hand(words=(Word(2, 2, 3),), action_cards=("joker",)))


def test_casual_bonuses_go_to_a_sole_leader_only():
    hands = {
        1: Hand(words=(Word(3, 3, 6), Word(2, 2, 4))),  # most words
        2: Hand(words=(Word(6, 7, 9),)),  # longest word
        3: Hand(words=(Word(5, 6, 8),)),
    }
    assert word_bonuses(hands) == {1: 10, 2: 10, 3: 0}
    hands[3] = Hand(words=(Word(6, 7, 9), Word(1, 2, 1)))  # ties both
    assert word_bonuses(hands) == {1: 0, 2: 0, 3: 0}


def test_two_players_use_the_agreed_bonus_only():
    hands = {1: Hand(words=(Word(2, 2, 3), Word(2, 2, 3))), 2: Hand(words=(Word(6, 8, 9),))}
    assert word_bonuses(hands, MOST_WORDS) == {1: 10, 2: 0}
    assert word_bonuses(hands, LONGEST_WORD) == {1: 0, 2: 10}


def test_a_casual_round_is_never_negative():
    # 9 laid, a 14-point card left: 0, not -5 (pravidla-syllabatim.txt)
    scores = casual_round(
        {1: Hand(words=(Word(3, 3, 9),), unused=14), 2: Hand(unused=3), 3: Hand(unused=1)}
    )
    assert scores == {1: 10 + 10, 2: 0, 3: 0}
    assert winners({1: 40, 2: 40, 3: 12}) == [1, 2]


hands = st.builds(
    Hand,
    words=st.lists(
        st.builds(Word, st.integers(2, 8), st.integers(2, 10), st.integers(0, 40)), max_size=4
    ).map(tuple),
    unused=st.integers(0, 40),
    action_cards=st.lists(
        st.sampled_from([DOUBLE_SHORTEST, HALVE_LONGEST, BONUS_3, GOLDEN_5]), max_size=2
    ).map(tuple),
)


@given(st.dictionaries(st.integers(1, 8), hands, min_size=1, max_size=8))
def test_casual_scores_are_never_negative_and_bonuses_are_unique(table):
    scores = casual_round(table)
    assert all(score >= 0 for score in scores.values())
    assert sum(word_bonuses(table).values()) <= 20
