import pytest

from rules.gender import FEMININE, MASCULINE, suggested_gender


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Markéta Nováková", FEMININE),
        ("Dagmar Pokorná", FEMININE),
        ("Marie Černá", FEMININE),
        ("Nováková", FEMININE),
        ("Jana Novakova", FEMININE),  # typed without accents
        ("Jan Novák", MASCULINE),
        ("Petr Černý", MASCULINE),
        ("Jan Skála", MASCULINE),  # a man's surname in -a
        ("Pavel Procházka", MASCULINE),
        # surnames Czech does not decline: one form for women and men, masculine by default
        ("Eva Janů", MASCULINE),
        ("Jana Krejčí", MASCULINE),
        ("Alena Tichých", MASCULINE),
        ("Eva Smith", MASCULINE),
        ("", MASCULINE),
    ],
)
def test_the_surname_suggests_the_gender(name, expected):
    assert suggested_gender(name) == expected
