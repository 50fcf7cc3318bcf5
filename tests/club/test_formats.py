"""Version 4 of the formats: a tournament's kind and rule set, and the values a club rule set's
sheet asks, exported and imported again unchanged; the results computed by the rule set."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from interchange.exporter import export_tournament
from interchange.importer import DocumentRejected, import_tournament
from interchange.schema import validator
from rules import club
from rules import verify as rules_verify
from scoring import sheets as sheet_services
from scoring.models import RoundResult
from tests.authors import author
from tournament.models import Tournament

from .conftest import club_game, club_lines

pytestmark = pytest.mark.django_db

PLAYED = {
    "casual": {"seat1": {"words": 2, "longest_word": 6}},
    "syllabatim_2": {
        "seat1": {"action_cards": (club.DOUBLE_SHORTEST, club.BONUS_3), "doubled_word": 10},
        "seat2": {"action_cards": (club.HALVE_LONGEST,), "halved_word": 10},
    },
    "championship": {},
}


def played_club_game(rule_set: str):
    """A club tournament by ``rule_set`` with the first round of every table of game 1."""
    game = club_game(rule_set)
    round_ = game.rounds.get(position=0)
    for table in game.tables.order_by("number"):
        if rule_set == "championship":
            from tests.conftest import good_lines

            lines = good_lines(table)
        else:
            lines = club_lines(table, **PLAYED[rule_set])
        sheet_services.save_sheet(
            table=table, round=round_, lines=lines, by=author("Rozhodčí"), version=0
        )
    return game.stage.tournament


def results_of(slug: str) -> dict:
    out = StringIO()
    call_command("results", slug, stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize("rule_set", ["casual", "syllabatim_2", "championship"])
def test_a_club_tournament_round_trips_with_its_rules(rule_set, tmp_path):
    tournament = played_club_game(rule_set)
    exported = export_tournament(tournament)
    assert exported["version"] == 7
    assert list(validator("tournament").iter_errors(exported)) == []
    assert exported["tournament"]["kind"] == "club"
    settings = exported["tournament"].get("settings", {})
    assert settings.get("rule_set", "championship") == rule_set
    first = exported["stages"]["qualifier"]["games"][0]["tables"][0]["rounds"][0]["results"]
    if rule_set == "championship":
        assert "words" not in first[0]
    else:
        assert {"words", "longest_word"} <= set(first[0])
    if rule_set == "syllabatim_2":
        assert first[1]["action_cards"] == [club.DOUBLE_SHORTEST, club.BONUS_3]

    again, warnings = import_tournament(json.loads(json.dumps(exported)), slug="znovu")
    assert (again.kind, again.rule_set) == ("club", rule_set)
    assert export_tournament(again) == exported
    scores = sorted(
        RoundResult.objects.filter(table__game__stage__tournament=tournament).values_list(
            "player__start_number", "rule_score", "rule_values"
        )
    )
    assert scores == sorted(
        RoundResult.objects.filter(table__game__stage__tournament=again).values_list(
            "player__start_number", "rule_score", "rule_values"
        )
    )
    results = results_of("znovu")
    assert results["version"] == 7 and results == results_of(tournament.slug)
    assert list(validator("results").iter_errors(results)) == []
    assert set(results["qualifier"]["standings"]) == {"ALL"} and results["qualifier"]["quota"] == {}

    path = tmp_path / "klub.json"
    path.write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
    assert rules_verify.main([str(path), "--lang", "en"]) == 0


def test_a_document_is_scored_by_its_rule_set():
    tournament = played_club_game("syllabatim_2")
    results = results_of(tournament.slug)
    points = {row["player"]: row["points"] for row in results["qualifier"]["standings"]["ALL"]}
    table = tournament.players.get(start_number=next(iter(points))).seats.first().table
    lines = club_lines(table, **PLAYED["syllabatim_2"])
    # 10 laid, ×2 of its only word (+10), +3, minus 3 unused
    assert points[lines[1].player] == 20
    # 10 laid, ÷2 writes off the smaller half (5), minus 3 unused
    assert points[lines[2].player] == 2


def test_an_import_refuses_a_club_sheet_against_its_rules():
    exported = export_tournament(played_club_game("casual"))
    results = exported["stages"]["qualifier"]["games"][0]["tables"][0]["rounds"][0]["results"]
    results[1]["words"] = 0
    results[1]["longest_word"] = 0
    with pytest.raises(DocumentRejected) as refused:
        import_tournament(exported, slug="spatne")
    assert any("slov" in str(problem) for problem in refused.value.problems)
    assert not Tournament.objects.filter(slug="spatne").exists()


def test_an_import_refuses_finals_of_a_tournament_without_them():
    exported = export_tournament(played_club_game("casual"))
    exported["stages"]["final_a"] = exported["stages"]["qualifier"]
    with pytest.raises(DocumentRejected) as refused:
        import_tournament(exported, slug="spatne")
    assert any("bez finále" in str(problem) for problem in refused.value.problems)


def test_the_championship_only_by_its_rules_in_a_document():
    exported = export_tournament(played_club_game("casual"))
    del exported["tournament"]["kind"]
    with pytest.raises(DocumentRejected) as refused:
        import_tournament(exported, slug="spatne")
    assert any("pravidel mistrovství" in str(problem) for problem in refused.value.problems)


@pytest.mark.parametrize(
    ("rule_set", "field", "value"),
    [
        ("casual", "action_cards", [club.BONUS_3]),  # issue 35: was accepted and dropped
        ("casual", "penalty", 2),
        ("championship", "words", 2),
        ("championship", "action_cards", [club.GOLDEN_5]),
    ],
)
def test_an_import_refuses_a_field_the_rule_set_does_not_ask_with_its_place(rule_set, field, value):
    exported = export_tournament(played_club_game(rule_set))
    table = exported["stages"]["qualifier"]["games"][0]["tables"][0]
    results = table["rounds"][0]["results"]
    results[1][field] = value
    with pytest.raises(DocumentRejected) as refused:
        import_tournament(exported, slug="spatne")
    place = [str(problem) for problem in refused.value.problems if field in str(problem)]
    assert len(place) == 1, refused.value.problems
    assert (
        f"stůl {table['number']}" in place[0] and f"kolo {table['rounds'][0]['round']}" in place[0]
    )
    assert str(results[1]["player"]) in place[0]
    assert not Tournament.objects.filter(slug="spatne").exists()
