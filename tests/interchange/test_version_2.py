"""Version 2 of the tournament document: organiser, qualifier_games, sanctions and published
commitments; version 1 still imports; export writes version 2 and round-trips."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from rules.commitment import commitment
from scoring.models import Sanction
from tests.interchange.test_example import with_defaults
from tests.interchange.test_rejected import assert_refused_with_its_place

pytestmark = pytest.mark.django_db


@pytest.fixture
def english():
    from django.utils import translation

    with translation.override("en"):
        yield


def v2(document: dict) -> dict:
    document["version"] = 2
    document["tournament"]["organiser"] = "Klub deskových her Praha"
    document["tournament"]["settings"] = {"qualifier_games": 2}
    document["sanctions"] = [
        {
            "player": 12,
            "scope": "game",
            "stage": "qualifier",
            "game": 1,
            "reason": "zvonící telefon potřetí",
            "decided_by": "Jana Veselá",
            "decided_at": "2025-06-14T11:05:00+02:00",
        },
        {"player": 5, "scope": "tournament", "stage": "final_b", "game": 2, "reason": "alkohol"},
    ]
    return document


def test_a_version_1_file_still_imports_and_exports_as_version_4(example_document):
    assert example_document["version"] == 1
    tournament, warnings = import_tournament(example_document, slug="v1")
    assert warnings == []
    exported = export_tournament(tournament)
    assert exported["version"] == 7
    assert exported["tournament"]["organiser"] == "Společenství duševních sportů, z. s."
    assert "sanctions" not in exported


def test_version_2_round_trips(example_document):
    document = v2(example_document)
    tournament, _ = import_tournament(json.loads(json.dumps(document)), slug="v2")
    assert tournament.organiser == "Klub deskových her Praha"
    assert tournament.qualifier_games == 2
    assert Sanction.objects.filter(tournament=tournament).count() == 2
    exported = export_tournament(tournament)
    assert with_defaults(json.loads(json.dumps(exported))) == with_defaults(document)
    # and what is exported imports again to the same document
    again, _ = import_tournament(json.loads(json.dumps(exported)), slug="v2-again")
    assert export_tournament(again) == exported


def test_the_results_name_the_expelled(example_document):
    import_tournament(v2(example_document), slug="v2")
    out = StringIO()
    call_command("results", "v2", stdout=out)
    results = json.loads(out.getvalue())
    assert results["version"] == 7 and results["expelled"] == [5]
    assert all(row["player"] != 5 for row in results["final_b"]["standings"]["ALL"])
    assert results["qualifier"]["participants"] == 22


def a_sanction(d, **changes):
    d["sanctions"] = [
        {"player": 12, "scope": "game", "stage": "qualifier", "game": 1, "reason": "x", **changes}
    ]


def tables(d, kind, game):
    return d["stages"][kind]["games"][game - 1]["tables"]


def committed(d, **changes):
    seed, what = "9f86d081884c7d65", "mcr-2025/qualifier/game-1/tables"
    d["stages"]["qualifier"]["games"][0]["draw"] = {
        "seed": seed,
        "what": what,
        "commitment": commitment(seed, what),
        "committed_at": "2025-06-14T08:00:00+02:00",
        "drawn_at": "2025-06-14T08:05:00+02:00",
        **changes,
    }


BROKEN = {
    "unknown_player": (
        lambda d: a_sanction(d, player=99),
        ["sanction 1", "player no. 99", "no such player"],
    ),
    "unknown_stage": (
        lambda d: (d["stages"].pop("final_b"), a_sanction(d, stage="final_b")),
        ["sanction 1", "B-final", "no such stage"],
    ),
    "unknown_game": (
        lambda d: a_sanction(d, game=3),
        ["sanction 1", "qualifier", "game 3", "no game of this number"],
    ),
    "not_seated": (
        lambda d: a_sanction(d, player=5, stage="final_a"),
        ["sanction 1", "A-final", "player no. 5", "does not sit"],
    ),
    "expelled_seated_later_in_the_stage": (
        lambda d: a_sanction(d, scope="tournament"),
        ["sanction 1", "player no. 12", "expelled", "qualifier, game 2"],
    ),
    "expelled_seated_in_a_later_stage": (
        lambda d: a_sanction(d, scope="tournament", game=2),
        ["sanction 1", "player no. 12", "expelled", "A-final, game 1"],
    ),
    "same_sanction_twice": (
        lambda d: (a_sanction(d), d["sanctions"].append(dict(d["sanctions"][0]))),
        ["sanction 2", "player no. 12", "already"],
    ),
    "unknown_scope": (
        lambda d: a_sanction(d, scope="round"),
        ["sanction 1", "scope", "round"],
    ),
    "no_reason": (lambda d: a_sanction(d, reason=""), ["sanction 1", "reason"]),
    "decided_at": (
        lambda d: a_sanction(d, decided_at="po obědě"),
        ["sanction 1", "decided_at"],
    ),
    "more_qualifier_games_than_planned": (
        lambda d: d["tournament"].update(settings={"qualifier_games": 1}),
        ["qualifier", "qualifier_games", "2 games", "1 fixed"],
    ),
    "commitment_of_another_seed": (
        lambda d: committed(d, seed="0123abcd"),
        ["qualifier", "game 1", "commitment does not match"],
    ),
    "commitment_after_the_draw": (
        lambda d: committed(d, committed_at="2025-06-14T09:00:00+02:00"),
        ["qualifier", "game 1", "published after the draw"],
    ),
    "commitment_without_what": (
        lambda d: (committed(d), d["stages"]["qualifier"]["games"][0]["draw"].pop("what")),
        ["qualifier", "game 1", "what"],
    ),
    "organiser_too_long": (
        lambda d: d["tournament"].update(organiser="Spolek " * 40),
        ["organiser", "200"],
    ),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_version_2_file_is_refused_with_its_place(name, example_document, english):
    example_document["version"] = 2
    assert_refused_with_its_place(example_document, *BROKEN[name])


def test_a_matching_commitment_is_accepted(example_document):
    example_document["version"] = 2
    committed(example_document)
    tournament, _ = import_tournament(example_document, slug="committed")
    assert tournament.pk


def test_a_third_final_game_or_rounds_out_of_order_only_warn(example_document, english):
    final_a = example_document["stages"]["final_a"]
    third = json.loads(json.dumps(final_a["games"][1]))
    third["number"] = 3
    final_a["games"].append(third)
    final_a["games"][0]["rounds"] = [2, 1, 3, 4, 5, 6, 7]
    _tournament, warnings = import_tournament(example_document, slug="odd")
    text = "\n".join(map(str, warnings))
    assert "A-final" in text and "this one 3" in text and "ascending" in text
