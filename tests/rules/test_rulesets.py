import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import club, rulesets, sheet
from rules.championship import CLOSE_BONUS
from rules.club import DOUBLE_SHORTEST, HALVE_LONGEST, SCORING_CARDS
from rules.rulesets import (
    CARDS,
    CASUAL,
    CHAMPIONSHIP,
    COUNT,
    FLAG,
    SYLLABATIM_2,
    asked,
    rule_set,
)
from rules.score import RESULT_FIELDS, round_score
from rules.sheet import SheetLine, check_sheet
from tests.rules.test_club import sheet_lines
from tests.rules.test_score import entries


def names(fields):
    return [(field.name, field.kind) for field in fields]


def test_each_rule_set_asks_what_it_scores_by():
    assert names(rule_set(CHAMPIONSHIP).fields) == [
        ("laid", COUNT),
        ("unused", COUNT),
        ("closed", FLAG),
        ("disqualified", FLAG),
        ("penalty", COUNT),
    ]
    assert [field.name for field in rule_set(CHAMPIONSHIP).fields] == list(RESULT_FIELDS)
    casual = [
        ("laid", COUNT),
        ("unused", COUNT),
        ("closed", FLAG),
        ("words", COUNT),
        ("longest_word", COUNT),
    ]
    assert names(rule_set(CASUAL).fields) == casual
    cards = [("action_cards", CARDS), ("doubled_word", COUNT), ("halved_word", COUNT)]
    assert names(rule_set(SYLLABATIM_2).fields) == casual + cards


def test_the_word_a_card_acts_on_is_asked_of_its_holder_only():
    syllabatim_2 = rule_set(SYLLABATIM_2)
    assert names(asked(syllabatim_2)) == names(rule_set(CASUAL).fields) + [("action_cards", CARDS)]
    assert [f.name for f in asked(syllabatim_2, (club.BONUS_3, HALVE_LONGEST))][-2:] == [
        "action_cards",
        "halved_word",
    ]
    assert [f.name for f in asked(syllabatim_2, SCORING_CARDS)][-2:] == [
        "doubled_word",
        "halved_word",
    ]
    assert asked(rule_set(CHAMPIONSHIP), SCORING_CARDS) == rule_set(CHAMPIONSHIP).fields


@given(st.lists(entries, min_size=1, max_size=8), st.integers(0, 20))
def test_the_championship_rule_set_scores_as_rules_score(table, bonus):
    rules = rule_set(CHAMPIONSHIP, close_bonus=bonus)
    lines = [
        rules.line(seat, {name: getattr(entry, name) for name in RESULT_FIELDS})
        for seat, entry in enumerate(table)
    ]
    assert rules.scores(lines) == {
        seat: round_score(entry, bonus) for seat, entry in enumerate(table)
    }
    default = rule_set(CHAMPIONSHIP)
    assert default.close_bonus == CLOSE_BONUS
    assert default.scores(lines) == {seat: round_score(e) for seat, e in enumerate(table)}


@given(st.lists(entries, min_size=1, max_size=8), st.integers(1, 7))
def test_the_championship_rule_set_checks_as_rules_sheet(table, number):
    lines = [
        SheetLine(seat, e.laid, e.unused, e.closed, e.disqualified, e.penalty)
        for seat, e in enumerate(table)
    ]
    seated = list(range(len(table) + 1))
    assert rule_set(CHAMPIONSHIP).check(lines, round_number=number, seated=seated) == check_sheet(
        lines, round_number=number, seated=seated
    )


@given(sheet_lines(with_cards=False), st.sampled_from(club.WORD_BONUSES), st.integers(1, 7))
def test_syllabatim_2_without_action_cards_is_the_casual_scoring(lines, agreed, number):
    casual = rule_set(CASUAL, two_player_bonus=agreed)
    syllabatim_2 = rule_set(SYLLABATIM_2, two_player_bonus=agreed)
    assert casual.scores(lines) == syllabatim_2.scores(lines) == club.round_scores(lines, agreed)
    # the same checks, but with action cards a hand may hold more cards than the deal
    hand_size = {sheet.OVER_CARD_BOUND, club.TOO_MANY_WORDS, club.LONGEST_WORD_OUT_OF_RANGE}

    def others(rules):
        found = rules.check(lines, round_number=number)
        return [(p.code, p.player) for p in found if p.code not in hand_size]

    assert others(casual) == others(syllabatim_2)


def test_the_casual_scoring_has_no_close_bonus_and_no_action_cards():
    lines = [
        rule_set(CASUAL).line(
            1, {"laid": 12, "unused": 0, "closed": True, "words": 2, "longest_word": 4}
        ),
        rule_set(CASUAL).line(2, {"laid": 12, "unused": 0, "words": 2, "longest_word": 4}),
    ]
    assert rule_set(CASUAL).scores(lines) == {1: 12, 2: 12}  # both bonuses tied
    with pytest.raises(ValueError, match="action_cards"):
        rule_set(CASUAL).line(1, {"laid": 1, "unused": 0, "action_cards": (club.BONUS_3,)})


def test_a_syllabatim_2_table():
    rules = rule_set(SYLLABATIM_2, two_player_bonus=club.LONGEST_WORD)
    lines = [
        rules.line(
            "Eva",
            {
                "laid": 9,
                "unused": 0,
                "closed": True,
                "words": 1,
                "longest_word": 5,
                "action_cards": (HALVE_LONGEST, DOUBLE_SHORTEST, club.LOSS_2),
                "doubled_word": 9,
                "halved_word": 9,
            },
        ),
        rules.line("Jan", {"laid": 4, "unused": 7, "words": 2, "longest_word": 2}),
    ]
    assert rules.check(lines, round_number=1) == []
    # Eva: 9 + 9 (×2) − 4 (÷2) − 2, longest word; Jan: 4 − 7 is 0, the most words do not count
    assert rules.scores(lines) == {"Eva": 12 + 10, "Jan": 0}


def test_unknown_rule_sets_and_settings_are_refused():
    with pytest.raises(ValueError):
        rule_set("monopoly")
    with pytest.raises(ValueError):
        rule_set(CASUAL, two_player_bonus="most_points")
    with pytest.raises(TypeError):
        rule_set(CASUAL, close_bonus=5)
    assert set(rulesets.RULE_SETS) == {
        CHAMPIONSHIP,
        CASUAL,
        SYLLABATIM_2,
        rulesets.WORD_POKER,
        rulesets.SCRABBLE,
    }
