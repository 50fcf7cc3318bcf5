import ast
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from rules import cards, championship
from rules.categories import category_of
from rules.eligibility import (
    NO_BIRTH_DATE,
    NOT_PAID,
    UNDER_AGE,
    eligibility_problems,
    eligibility_warnings,
)

RULES = Path(championship.__file__).parent


def test_deal_sizes_are_four_to_ten():
    assert [championship.deal_size(n) for n in championship.ROUND_NUMBERS] == list(range(4, 11))
    with pytest.raises(ValueError):
        championship.deal_size(8)
    with pytest.raises(ValueError):
        championship.deal_size(0)


def test_card_value_bound_is_deal_times_highest_card():
    assert championship.card_value_bound(1) == 4 * 14
    assert championship.card_value_bound(7) == 10 * 14
    assert championship.card_value_bound(7, max_card_value=10) == 100


def test_card_values_are_data_with_the_known_facts():
    by_letters = {card.letters: card for card in cards.known_cards()}
    assert by_letters["X"].value == 14
    assert by_letters["SAM"].value == 0 and by_letters["SOU"].value == 0
    assert "CH" not in by_letters
    assert championship.MAX_CARD_VALUE == 14 == cards.highest_card_value()


def test_the_starting_player_moves_clockwise_every_round():
    assert [championship.starting_seat(2, r, 5) for r in range(7)] == [2, 3, 4, 0, 1, 2, 3]


@pytest.mark.parametrize(
    ("sight_class", "category"),
    [("B1", "B1"), ("B2", "VS"), ("B3", "VS"), ("B4", "VS"), ("none", "VS")],
)
def test_categories(sight_class, category):
    assert category_of(sight_class) == category


def test_unknown_sight_class_is_refused():
    with pytest.raises(ValueError):
        category_of("B5")


FIRST_DAY = date(2026, 6, 13)


@pytest.mark.parametrize(
    ("birth", "paid", "local", "problems"),
    [
        (date(2008, 6, 13), True, False, []),  # 18 exactly on the first day
        (date(2008, 6, 14), True, False, [UNDER_AGE]),  # 18 the day after
        (date(1950, 1, 1), False, True, []),  # a local qualifier need not pay
        (date(1950, 1, 1), False, False, [NOT_PAID]),
        (None, True, False, []),  # unknown: a warning to check, not a block
        (date(2010, 1, 1), False, False, [UNDER_AGE, NOT_PAID]),
    ],
)
def test_eligibility(birth, paid, local, problems):
    assert (
        eligibility_problems(
            birth_date=birth, paid=paid, local_qualifier=local, first_day=FIRST_DAY
        )
        == problems
    )


def test_an_unknown_birth_date_is_a_warning():
    assert eligibility_warnings(birth_date=None) == [NO_BIRTH_DATE]
    assert eligibility_warnings(birth_date=date(1950, 1, 1)) == []


def test_rules_import_no_django():
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(name.split(".")[0] == "django" for name in names), path
    modules = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, rules.ranking, rules.advancement, rules.teams, rules.podium, rules.sheet,"
            " rules.eligibility; print(any(m.startswith('django') for m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=RULES.parent,
    )
    assert modules.stdout.strip() == "False"


RULE_SET_PARAMETERS = {"championship.py", "club.py", "word_poker.py", "scrabble.py"}  # written once
ALGORITHM_PARAMETERS = {
    "draw.py": {"RESTARTS"},
    "sheet.py": {"UNUSUAL_FACTOR", "UNUSUAL_AFTER_ROUNDS"},
    "rating.py": {"CONSERVATIVE_SIGMAS", "DISPLAY_BASE", "DISPLAY_SCALE"},
    "verify.py": {"CZECH_MANY_FROM"},
}  # numbers of an algorithm (or of Czech grammar), not of the rules


def test_each_number_of_the_rules_is_written_once_in_rules():
    """The numbers of RULES.md appear as literals only where a rule set declares them
    (championship.py for the championship, club.py for the club rules, word_poker.py and
    scrabble.py for the association's other games) or in the card data."""
    for path in RULES.rglob("*.py"):
        if path.name in RULE_SET_PARAMETERS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in ALGORITHM_PARAMETERS.get(path.name, ())
                for t in node.targets
            ):
                allowed.add(id(node.value))
        literals = {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and type(node.value) is int
            and id(node) not in allowed
        }
        assert not literals & {3, 4, 5, 6, 8, 10, 14, 18, 20, 21}, (path, literals)
