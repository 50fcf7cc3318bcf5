"""The worked example of ../shared/formats must produce exactly example-results.json."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from interchange.importer import import_tournament
from interchange.schema import validator
from rules.gender import suggested_gender
from tournament.models import DEFAULT_ORGANISER

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


def with_defaults(document: dict) -> dict:
    """The document with every schema default filled in (what export may add), as version 7
    (a document of an earlier version is a version-7 one once its version says so)."""
    document["version"] = 7
    document["tournament"].setdefault("organiser", DEFAULT_ORGANISER)
    for player in document["players"]:
        # v4: the person's stable id, made on import when the document has none (the
        # round trip of a person's id is tests/tournament/test_persons.py's)
        player.pop("person", None)
        player.setdefault("paid", True)
        player.setdefault("local_qualifier", False)
        player.setdefault("plays_b_final", True)
        player.setdefault("gender", suggested_gender(player["name"]))  # v3, absent: suggested
    for stage in document.get("stages", {}).values():
        for game in stage["games"]:
            for table in game["tables"]:
                table.setdefault("starting_seat", 0)
                for played in table.setdefault("rounds", []):
                    for result in played["results"]:
                        result.setdefault("disqualified", False)
                        result.setdefault("penalty", 0)
    return document


def test_the_example_gives_exactly_the_example_results(example_document, example_results, tmp_path):
    path = tmp_path / "example.json"
    path.write_text(json.dumps(example_document), encoding="utf-8")
    run("import_tournament", str(path), "--slug", "example")
    results = json.loads(run("results", "example"))
    assert results == {**example_results, "version": 7}  # writers write version 7
    assert list(validator("results").iter_errors(results)) == []


def test_export_of_an_import_gives_the_same_document(example_document):
    import_tournament(example_document, slug="example")
    exported = json.loads(run("export_tournament", "example"))
    assert list(validator("tournament").iter_errors(exported)) == []
    assert with_defaults(exported) == with_defaults(example_document)


def test_export_keeps_settings_lots_draws_and_order(example_document):
    example_document["tournament"]["settings"] = {
        "close_bonus": 6,
        "max_card_value": 15,
        "quota": {"B1": 6, "VS": 6},  # the finals are seated by it (C): the rules' 6 + 6
    }
    example_document["tournament"]["end_date"] = "2025-06-15"
    example_document["players"].reverse()
    example_document["players"][0]["club"] = ""
    del example_document["players"][1]["birth_date"]
    game = example_document["stages"]["qualifier"]["games"][0]
    game["draw"] = {"seed": "abc-12", "drawn_at": "2025-06-14T09:30:00+02:00", "drawn_by": "Jana"}
    example_document["stages"]["final_b"]["games"][1]["draw"] = {"seed": 12345678901234567890}
    example_document["lots"] = [
        {
            "stage": "qualifier",
            "order": [6, 14],
            "seed": 7,
            "drawn_at": "2025-06-14T18:00:00+02:00",
            "drawn_by": "Jana",
        },
        {"stage": "teams", "order": ["Družstvo Labe 3", "Družstvo Vltava 1"]},
    ]
    import_tournament(example_document, slug="example")
    exported = json.loads(run("export_tournament", "example"))
    del example_document["players"][0]["club"]  # an empty club is no club
    assert with_defaults(exported) == with_defaults(example_document)


def test_a_tournament_in_progress_round_trips(example_document):
    final_b = example_document["stages"]["final_b"]
    del final_b["games"][1]
    for table in final_b["games"][0]["tables"]:
        table["rounds"] = table["rounds"][:3]
    example_document["stages"]["final_a"] = {"games": []}
    import_tournament(example_document, slug="example")
    exported = json.loads(run("export_tournament", "example"))
    assert with_defaults(exported) == with_defaults(example_document)
    results = json.loads(run("results", "example"))
    assert "final_a" not in results
    assert {row["rounds"] for row in results["final_b"]["standings"]["ALL"]} == {3}
