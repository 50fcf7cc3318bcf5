"""What a correction or a sanction would change, in words (issue 33, point 7): a place that
stays is not said to change ("místo 1. se mění na 1.")."""

from dataclasses import dataclass

from django.utils import translation

from scoring import effects


@dataclass
class Row:
    team: str
    rank: int
    points: int
    counted: tuple


def changes(monkeypatch, before: list[Row], after: list[Row]) -> list[str]:
    rows = iter([before, after])
    monkeypatch.setattr(effects, "teams", lambda data: next(rows))

    class Data:
        teams = True

    with translation.override("cs"):
        return effects._team_changes(Data(), Data())


def test_a_team_that_keeps_its_place_is_not_said_to_change_it(monkeypatch):
    [said] = changes(
        monkeypatch, [Row("Praha", 1, 120, (1, 2, 3))], [Row("Praha", 1, 125, (1, 2, 3))]
    )
    assert said == "družstvo Praha zůstává na 1. místě, body: 120 → 125 (započítaní: 1, 2, 3)"
    [said] = changes(
        monkeypatch, [Row("Praha", 1, 120, (1, 2, 3))], [Row("Praha", 1, 120, (1, 2, 4))]
    )
    assert "se mění" not in said and "nově započítaní: 1, 2, 4" in said


def test_a_team_that_moves_says_both_places(monkeypatch):
    [said] = changes(
        monkeypatch, [Row("Praha", 2, 120, (1, 2, 3))], [Row("Praha", 1, 130, (1, 2, 3))]
    )
    assert said.startswith("družstvo Praha: místo 2. se mění na 1.")
