import pytest

from tournament.names import feminine


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Jana Nováková", True),
        ("Marie Černá", True),
        ("Ludmila Jelínková", True),
        ("Nováková", True),
        ("Jan Novák", False),
        ("Petr Černý", False),
        ("Jiří Žáková", False),  # the first name says otherwise: the masculine stays
        ("Eva Smith", False),  # nothing in the surname to go by
        ("Jan Skála", False),
        ("", False),
    ],
)
def test_feminine_forms_follow_the_name(name, expected):
    assert feminine(name) is expected
