"""The refusals of a Slovní poker sheet in words, at their place (issue 37): every problem the
rules can give has its Czech sentence, and the sheet's fields have the game's names."""

from django.utils import translation

from rules import rulesets, word_poker
from rules.sheet import ERROR, NOT_WHOLE_NUMBER, Problem
from scoring.messages import field_label, sheet_problem_message

POKER = rulesets.rule_set(rulesets.WORD_POKER, end=word_poker.GameEnd(deal_wins=1))


def czech(problems):
    with translation.override("cs"):
        return [(p.player, p.field, sheet_problem_message(p, POKER.name)) for p in problems]


def test_each_refusal_of_a_deal_is_said_in_czech_at_its_field():
    first = [POKER.line(1, {"laid": 10, "unused": 0}), POKER.line(2, {"laid": 6, "unused": 2})]
    bad = [POKER.line(1, {"laid": 2, "unused": 0}), POKER.line(2, {"laid": 6, "unused": 40})]
    problems = POKER.check(bad, round_number=2, seated=[1, 2, 3], earlier=[first])
    assert czech(problems) == [
        (3, None, "chybí řádek hráče"),
        (None, None, "partie skončila výhrou v 1. hře: 2. hra se už nehraje"),
        (1, "laid", "karty v ruce za 0: samotné karty slova pak mají nejméně 5 bodů, ne 2"),
        (2, "unused", "karty v ruce (nejvýše 5) mají nejvýše 31 bodů, ne 40"),
    ]


def test_the_sheets_fields_have_the_games_names():
    with translation.override("cs"):
        assert field_label("laid", rulesets.WORD_POKER) == "body slova"
        assert field_label("unused", rulesets.WORD_POKER) == "body karet v ruce"
        assert field_label("laid") == "vyloženo"
        (message,) = [
            sheet_problem_message(
                Problem(NOT_WHOLE_NUMBER, ERROR, 1, "laid", {"value": "x"}), rulesets.WORD_POKER
            )
        ]
    assert message.startswith("„body slova“")


def test_every_problem_code_of_the_game_has_words():
    params = {
        "players": 1,
        "least": 2,
        "most": 9,
        "hand": 5,
        "left": 40,
        "word": 3,
        "deal": 3,
        "ended_after": 2,
        "next": 2,
    }
    codes = [
        word_poker.TABLE_SIZE,
        word_poker.LEFT_OUT_OF_RANGE,
        word_poker.WORD_OUT_OF_RANGE,
        word_poker.DEAL_AFTER_GAME_END,
        word_poker.DEAL_OUT_OF_ORDER,
    ]
    with translation.override("cs"):
        for code in codes:
            assert sheet_problem_message(Problem(code, ERROR, params=params), rulesets.WORD_POKER)
