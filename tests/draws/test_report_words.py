"""The draw's report in words (issue 33, point 7): no reason given for pairs that had to meet
again when none had to, no floor of 0 stated as if it said something."""

from django.utils import translation

from draws.views.common import report_lines


def repeats_detail(count: int, bound: int | None, earlier: int) -> str:
    report = {
        "tables_without_sighted": 0,
        "tables_without_sighted_unavoidable": 0,
        "sighted_held": True,
        "teammates_held": True,
        "teammate_pairs": 0,
        "teammate_pairs_unavoidable": 0,
        "repeated_pairs": count,
        "repeat_bound": bound,
        "earlier_games": earlier,
    }
    with translation.override("cs"):
        return str(report_lines(report)[-1]["detail"])


def test_when_nobody_had_to_meet_again_no_reason_is_given_why_some_did():
    assert repeats_detail(0, 0, 1) == "dvojic, které se už potkaly: 0 (nejméně možných: 0)"
    assert "seděli" not in repeats_detail(2, 0, 1)


def test_a_floor_of_0_after_more_games_is_not_stated():
    assert repeats_detail(0, 0, 2) == "dvojic, které se už potkaly: 0"


def test_a_bound_above_0_keeps_its_reason():
    assert "takže někteří z nich už spolu seděli" in repeats_detail(3, 2, 1)
    assert "žádné rozsazení jich nemá méně než 2" in repeats_detail(3, 2, 2)
