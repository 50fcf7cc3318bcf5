import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import club, sheet
from rules.championship import MAX_CARD_VALUE, ROUND_NUMBERS, deal_size
from rules.club import (
    BONUS_3,
    DOUBLE_SHORTEST,
    GOLDEN_5,
    HALVE_LONGEST,
    LONGEST_WORD,
    LOSS_2,
    MOST_WORDS,
    SCORING_CARDS,
    ClubLine,
    Hand,
    Word,
    check_club_sheet,
    halved,
    round_scores,
    winners,
    word_bonuses,
    words_value,
)


def line_of(hand, player=1, closed=False):
    return hand.line(player, closed)


def test_halving_writes_off_the_smaller_half():
    # "Slovo za 9 bodů – hráč odepíše pouze 4 body" (pravidla-syllabatim-2.txt)
    hand = Hand(words=(Word(cards=4, letters=5, value=9),), action_cards=(HALVE_LONGEST,))
    assert words_value(line_of(hand)) == 5
    assert halved(9) == 5


def test_the_shortest_word_counts_twice_and_points_cards_add():
    hand = Hand(
        words=(Word(4, 5, 10), Word(2, 2, 3), Word(2, 3, 7)),
        action_cards=(DOUBLE_SHORTEST, BONUS_3, LOSS_2, GOLDEN_5),
    )
    assert line_of(hand).doubled_word == 3  # the first laid of the two shortest
    assert words_value(line_of(hand)) == 10 + 6 + 7 + 3 - 2 + 5


def test_both_cards_on_the_only_word_act_on_its_printed_value():
    hand = Hand(words=(Word(4, 5, 9),), action_cards=(HALVE_LONGEST, DOUBLE_SHORTEST))
    assert words_value(line_of(hand)) == 9 + 9 - 4


def test_unknown_card():
    with pytest.raises(ValueError):
        words_value(ClubLine(1, 3, 0, words=1, longest_word=2, action_cards=("joker",)))


def test_casual_bonuses_go_to_a_sole_leader_only():
    lines = [
        line_of(Hand(words=(Word(3, 3, 6), Word(2, 2, 4))), 1),  # most words
        line_of(Hand(words=(Word(6, 7, 9),)), 2),  # longest word
        line_of(Hand(words=(Word(5, 6, 8),)), 3),
    ]
    assert word_bonuses(lines) == {1: 10, 2: 10, 3: 0}
    lines[2] = line_of(Hand(words=(Word(6, 7, 9), Word(2, 2, 1))), 3)  # ties both
    assert word_bonuses(lines) == {1: 0, 2: 0, 3: 0}


def test_two_players_use_the_agreed_bonus_only():
    lines = [
        line_of(Hand(words=(Word(2, 2, 3), Word(2, 2, 3))), 1),
        line_of(Hand(words=(Word(6, 8, 9),)), 2),
    ]
    assert word_bonuses(lines, MOST_WORDS) == {1: 10, 2: 0}
    assert word_bonuses(lines, LONGEST_WORD) == {1: 0, 2: 10}
    with pytest.raises(ValueError):
        word_bonuses(lines, "most_points")


def test_a_casual_round_is_never_negative():
    # 9 laid, a 14-point card left: 0, not -5 (pravidla-syllabatim.txt)
    scores = round_scores(
        [
            line_of(Hand(words=(Word(3, 3, 9),), unused=14), 1),
            line_of(Hand(unused=3), 2),
            line_of(Hand(unused=1), 3),
        ]
    )
    assert scores == {1: 10 + 10, 2: 0, 3: 0}
    assert winners({1: 40, 2: 40, 3: 12}) == [1, 2]


# A legal round at one table, word by word: the closer lays every card of the deal, the others
# some (a word takes two cards at least) and hold the rest; a card reads one letter or two and
# is worth 0 (a joker) to the highest card; each scoring action card is in one hand at most.
@st.composite
def legal_rounds(draw, with_cards=True, sizes=(1, 8)):
    number = draw(st.sampled_from(ROUND_NUMBERS))
    deal = deal_size(number)
    players = draw(st.integers(*sizes))
    closer = draw(st.one_of(st.none(), st.integers(0, players - 1)))
    holders = {}
    if with_cards:
        for card in SCORING_CARDS:
            holder = draw(st.one_of(st.none(), st.integers(0, players - 1)))
            if holder is not None:
                holders.setdefault(holder, []).append(card)
    lines = []
    for seat in range(players):
        laid_cards = deal if seat == closer else draw(st.sampled_from([0, *range(2, deal + 1)]))
        count = draw(st.integers(1, laid_cards // 2)) if laid_cards else 0
        # the cards beyond two per word go to words drawn at random
        spare = laid_cards - 2 * count
        extra = draw(st.lists(st.integers(0, max(0, count - 1)), min_size=spare, max_size=spare))
        words = []
        for index in range(count):
            cards = 2 + extra.count(index)
            letters = draw(st.integers(cards, 2 * cards))
            words.append(Word(cards, letters, draw(st.integers(0, MAX_CARD_VALUE * cards))))
        held = 0 if seat == closer else deal - laid_cards
        unused = draw(st.integers(0, MAX_CARD_VALUE * held))
        hand = Hand(tuple(words), unused, tuple(holders.get(seat, ())))
        lines.append((hand, hand.line(seat + 1, seat == closer)))
    return number, lines


def reference_words_value(hand):
    """The rules read word by word: ×2 the first shortest word, ÷2 (smaller half written off)
    the first longest, +3, −2, +5."""
    values = [word.value for word in hand.words]
    total = sum(values)
    cards = [word.cards for word in hand.words]
    for card in hand.action_cards:
        if card == DOUBLE_SHORTEST and values:
            total += values[cards.index(min(cards))]
        if card == HALVE_LONGEST and values:
            value = values[cards.index(max(cards))]
            total -= min(value // 2, value - value // 2)
        total += {BONUS_3: 3, LOSS_2: -2, GOLDEN_5: 5}.get(card, 0)
    return total


@given(legal_rounds())
def test_every_legal_round_passes_the_check_of_syllabatim_2(table):
    number, hands = table
    lines = [line for _, line in hands]
    problems = check_club_sheet(lines, round_number=number, action_cards=SCORING_CARDS)
    assert sheet.errors(problems) == []


@given(legal_rounds(with_cards=False))
def test_every_legal_round_passes_the_check_of_the_casual_scoring(table):
    number, hands = table
    lines = [line for _, line in hands]
    assert sheet.errors(check_club_sheet(lines, round_number=number)) == []


@given(legal_rounds(), st.sampled_from([MOST_WORDS, LONGEST_WORD]))
def test_the_sheet_scores_as_the_rules_read_word_by_word(table, agreed):
    _, hands = table
    lines = [line for _, line in hands]
    scores = round_scores(lines, agreed)
    bonuses = word_bonuses(lines, agreed)
    for hand, line in hands:
        assert words_value(line) == reference_words_value(hand)
        expected = max(0, reference_words_value(hand) - hand.unused) + bonuses[line.player]
        assert scores[line.player] == expected >= 0


@given(legal_rounds(), st.sampled_from([MOST_WORDS, LONGEST_WORD]))
def test_bonuses_go_to_a_sole_leader_only_and_ties_give_none(table, agreed):
    _, hands = table
    lines = [line for _, line in hands]
    bonuses = word_bonuses(lines, agreed)
    kinds = [MOST_WORDS, LONGEST_WORD] if len(lines) != 2 else [agreed]
    expected = {line.player: 0 for line in lines}
    for kind in kinds:
        measure = {
            line.player: line.words if kind == MOST_WORDS else line.longest_word for line in lines
        }
        best = max(measure.values())
        leaders = [player for player, value in measure.items() if value == best]
        if best > 0 and len(leaders) == 1:
            expected[leaders[0]] += 10
    assert bonuses == expected
    assert sum(bonuses.values()) <= 10 * len(kinds)


@given(legal_rounds(sizes=(2, 2)), st.sampled_from([MOST_WORDS, LONGEST_WORD]))
def test_a_table_of_two_plays_the_agreed_bonus_only(table, agreed):
    _, hands = table
    first, second = (line for _, line in hands)
    measure = {MOST_WORDS: "words", LONGEST_WORD: "longest_word"}[agreed]
    mine, theirs = getattr(first, measure), getattr(second, measure)
    assert word_bonuses([first, second], agreed) == {
        first.player: 10 if mine > theirs else 0,
        second.player: 10 if theirs > mine else 0,
    }


def test_at_a_table_of_two_the_other_bonus_gives_nothing():
    more_words = ClubLine(1, 6, 0, words=2, longest_word=2)
    longer_word = ClubLine(2, 6, 0, words=1, longest_word=5)
    both = [more_words, longer_word]
    assert word_bonuses(both, MOST_WORDS) == {1: 10, 2: 0}
    assert word_bonuses(both, LONGEST_WORD) == {1: 0, 2: 10}
    tied = ClubLine(2, 6, 0, words=2, longest_word=5)
    assert word_bonuses([more_words, tied], MOST_WORDS) == {1: 0, 2: 0}


def sheet_lines(with_cards=True):
    """A table's lines as a sheet may say them, whether a hand could hold them or not."""
    cards = st.lists(st.sampled_from(SCORING_CARDS), unique=True).map(tuple)
    return st.lists(
        st.builds(
            ClubLine,
            player=st.integers(1, 8),
            laid=st.integers(0, 140),
            unused=st.integers(0, 140),
            closed=st.booleans(),
            words=st.integers(0, 6),
            longest_word=st.integers(0, 20),
            action_cards=cards if with_cards else st.just(()),
            doubled_word=st.integers(0, 140) if with_cards else st.just(0),
            halved_word=st.integers(0, 140) if with_cards else st.just(0),
        ),
        min_size=1,
        max_size=8,
        unique_by=lambda line: line.player,
    )


@given(sheet_lines())
def test_a_round_score_is_never_negative_whatever_the_sheet_says(lines):
    assert all(score >= 0 for score in round_scores(lines).values())


@given(st.integers(0, 10**6))
def test_halving_keeps_the_larger_half(value):
    line = ClubLine(
        1, value, 0, words=1, longest_word=2, action_cards=(HALVE_LONGEST,), halved_word=value
    )
    assert words_value(line) == halved(value) == value - value // 2
    assert 2 * halved(value) >= value >= halved(value)


def problems_of(lines, number=4, cards=SCORING_CARDS, **options):
    return [
        (p.code, p.player, p.field)
        for p in check_club_sheet(lines, round_number=number, action_cards=cards, **options)
    ]


def test_the_championship_checks_hold_for_laid_unused_and_closed():
    lines = [
        ClubLine(1, 20, 3, closed=True, words=2, longest_word=4),
        ClubLine(2, 10, 0, closed=True, words=1, longest_word=3),
        ClubLine(3, -1, 0),
    ]
    assert problems_of(lines, cards=()) == [
        (sheet.CLOSER_HAS_UNUSED, 1, "unused"),
        (sheet.NOT_WHOLE_NUMBER, 3, "laid"),
        (sheet.TOO_MANY_CLOSERS, 1, "closed"),
        (sheet.TOO_MANY_CLOSERS, 2, "closed"),
    ]


def test_the_card_bound_grows_by_the_cards_an_action_card_brings():
    # round 1 deals 4 cards; with Syllabatim 2 a hand may gain 3 more
    over_casual = [ClubLine(1, 4 * 14, 1, words=2, longest_word=4)]
    assert problems_of(over_casual, number=1, cards=()) == [
        (sheet.OVER_CARD_BOUND, 1, "laid"),
        (sheet.NO_CLOSER, None, None),
    ]
    assert problems_of(over_casual, number=1) == [(sheet.NO_CLOSER, None, None)]
    over = [ClubLine(1, 7 * 14, 1, words=3, longest_word=4)]
    assert problems_of(over, number=1)[0] == (sheet.OVER_CARD_BOUND, 1, "laid")


def test_words_and_the_longest_word_must_agree_with_the_hand():
    lines = [
        ClubLine(1, 0, 0, closed=True),  # a closer lays words
        ClubLine(2, 5, 0, words=0),  # points without a word
        ClubLine(3, 5, 0, words=0, longest_word=3),  # a length without a word
        ClubLine(4, 5, 0, words=1, longest_word=1),  # a word has two cards, two letters at least
        ClubLine(5, 5, 0, words=3, longest_word=4),  # 7 cards in round 4 make 3 words at most
        ClubLine(6, 5, 0, words=4, longest_word=4),  # but not 4
        ClubLine(7, 5, 0, words=3, longest_word=7),  # 3 words of 7 cards: the longest has 3
        ClubLine(8, 5, 0, words="2", longest_word=None),
    ]
    assert problems_of(lines, cards=()) == [
        (club.CLOSER_WITHOUT_WORDS, 1, "words"),
        (club.LAID_WITHOUT_WORDS, 2, "laid"),
        (club.LONGEST_WORD_OUT_OF_RANGE, 3, "longest_word"),
        (club.LAID_WITHOUT_WORDS, 3, "laid"),
        (club.LONGEST_WORD_OUT_OF_RANGE, 4, "longest_word"),
        (club.TOO_MANY_WORDS, 6, "words"),
        (club.LONGEST_WORD_OUT_OF_RANGE, 7, "longest_word"),
        (sheet.NOT_WHOLE_NUMBER, 8, "words"),
        (sheet.NOT_WHOLE_NUMBER, 8, "longest_word"),
    ]
    problems = check_club_sheet([lines[6]], round_number=4, seated=[7])
    [problem] = [p for p in problems if p.code == club.LONGEST_WORD_OUT_OF_RANGE]
    assert problem.params == {"longest_word": 7, "least": 2, "most": 6}


def test_action_cards_of_the_rule_set_once_at_a_table():
    lines = [
        ClubLine(1, 9, 0, True, 1, 4, (BONUS_3, GOLDEN_5)),
        ClubLine(2, 5, 2, False, 1, 3, (BONUS_3,)),
        ClubLine(3, 5, 2, False, 1, 3, (LOSS_2, LOSS_2)),
        ClubLine(4, 5, 2, False, 1, 3, ("take_card",)),
    ]
    assert problems_of(lines) == [
        (club.NOT_AN_ACTION_CARD, 4, "action_cards"),
        (club.ACTION_CARD_TWICE, 1, "action_cards"),
        (club.ACTION_CARD_TWICE, 2, "action_cards"),
        (club.ACTION_CARD_TWICE, 3, "action_cards"),
    ]
    # the casual scoring has no action cards
    assert problems_of(lines[:1], cards=()) == [
        (club.NOT_AN_ACTION_CARD, 1, "action_cards"),
        (club.NOT_AN_ACTION_CARD, 1, "action_cards"),
    ]


def test_the_word_a_card_acts_on_is_asked_with_the_card_only():
    lines = [
        ClubLine(1, 9, 0, True, 1, 4, (DOUBLE_SHORTEST,), doubled_word=9),
        ClubLine(2, 9, 0, False, 1, 4, (HALVE_LONGEST,), halved_word=8),  # its only word: 9
        ClubLine(3, 9, 0, False, 2, 4, (), doubled_word=3),  # no card
        ClubLine(4, 9, 0, False, 2, 4, (), halved_word=3),
    ]
    assert problems_of(lines) == [
        (club.WORD_VALUE_OUT_OF_RANGE, 2, "halved_word"),
        (club.WORD_VALUE_OUT_OF_RANGE, 3, "doubled_word"),
        (club.WORD_VALUE_OUT_OF_RANGE, 4, "halved_word"),
    ]
    two_words = ClubLine(5, 9, 0, True, 2, 4, (HALVE_LONGEST,), halved_word=10)
    [problem] = check_club_sheet([two_words], round_number=4, action_cards=SCORING_CARDS)
    assert problem.params == {"value": 10, "least": 0, "most": 9}


def test_the_seats_are_checked_first_and_the_unusual_laid_warns_as_in_the_championship():
    lines = [ClubLine(1, 60, 0, True, 2, 6), ClubLine(9, 5, 0, False, 1, 2)]
    assert problems_of(lines, seated=[1, 2]) == [
        (sheet.LINE_MISSING, 2, None),
        (sheet.NOT_SEATED, 9, None),
    ]
    usual = {1: (1.0, 9)}
    assert problems_of(lines[:1], number=7, averages=usual) == [
        (sheet.FAR_ABOVE_AVERAGE, 1, "laid")
    ]
