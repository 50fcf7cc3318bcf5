"""Documents the regulations forbid are refused with their place, the database unchanged
(issue 22); the legal edge cases beside them load. The checks are ``rules.finals`` and
``rules.eligibility``, called by the import."""

import json

import pytest

from interchange.importer import DocumentRejected, import_tournament
from tests.conftest import database_snapshot

pytestmark = pytest.mark.django_db


def _games(document, kind):
    return document["stages"][kind]["games"]


def seat(document, kind, game, table, player):
    """Seat ``player`` at a table of a game, with an empty line in every round played."""
    spec = _games(document, kind)[game]["tables"][table]
    spec["seats"].append(player)
    for played in spec.get("rounds", []):
        played["results"].append({"player": player, "laid": 0, "unused": 0, "closed": False})


def unseat(document, kind, player):
    """Take ``player`` from every table of the stage (the round lines too)."""
    for game in _games(document, kind):
        for spec in game["tables"]:
            if player in spec["seats"]:
                spec["seats"].remove(player)
                if spec.get("starting_seat", 0) >= len(spec["seats"]):
                    spec["starting_seat"] = 0
                for played in spec.get("rounds", []):
                    played["results"] = [r for r in played["results"] if r["player"] != player]


def player(document, number):
    return next(p for p in document["players"] if p["no"] == number)


def qualifier_table_of_nine(d):
    d["players"].append({"no": 23, "name": "Nový Hráč", "sight_class": "B2"})
    seat(d, "qualifier", 0, 0, 23)  # the table had 8


def in_both_finals(d):
    seat(d, "final_a", 0, 0, 20)  # 20 plays the B-final


def not_advancing_in_a_final(d):
    unseat(d, "final_b", 20)
    seat(d, "final_a", 0, 0, 20)


def advancing_only_in_b_final(d):
    unseat(d, "final_a", 16)
    seat(d, "final_b", 0, 0, 16)


def not_playing_the_b_final(d):
    player(d, 9)["plays_b_final"] = False


def neither_paid_nor_local(d):
    player(d, 3)["paid"] = False
    player(d, 3)["local_qualifier"] = False


def under_eighteen(d):
    player(d, 3)["birth_date"] = "2007-06-15"  # 17 on 2025-06-14


def lots_in_opposite_orders(d):
    d["lots"] = [{"stage": "qualifier", "order": [6, 14]}, {"stage": "qualifier", "order": [14, 6]}]


def replacement_of_another_category(d):
    unseat(d, "final_a", 16)  # VS
    unseat(d, "final_b", 11)  # B1
    seat(d, "final_a", 0, 0, 11)
    d["replacements"] = [{"withdrawn": 16, "replacement": 11}]


def replaced_yet_seated(d):
    unseat(d, "final_b", 20)
    seat(d, "final_a", 0, 1, 20)
    d["replacements"] = [{"withdrawn": 16, "replacement": 20}]


FORBIDDEN = {
    "qualifier_table_of_nine": (qualifier_table_of_nine, ["Qualifier", "table 1", "9 players"]),
    "in_both_finals": (in_both_finals, ["player no. 20", "both finals"]),
    "not_advancing_in_a_final": (
        not_advancing_in_a_final,
        ["A-final", "game 1", "table 1", "player no. 20", "did not advance"],
    ),
    "advancing_only_in_b_final": (
        advancing_only_in_b_final,
        ["B-final", "game 1", "player no. 16", "advanced to the A-final"],
    ),
    "not_playing_the_b_final": (
        not_playing_the_b_final,
        ["B-final", "player no. 9", "plays_b_final"],
    ),
    "neither_paid_nor_local": (neither_paid_nor_local, ["player no. 3", "entry fee"]),
    "under_eighteen": (under_eighteen, ["player no. 3", "under 18"]),
    "lots_in_opposite_orders": (lots_in_opposite_orders, ["Lot 2", "lot 1", "14 before 6"]),
    "replacement_of_another_category": (
        replacement_of_another_category,
        ["Replacement 1", "player no. 11", "category"],
    ),
    "replaced_yet_seated": (replaced_yet_seated, ["A-final", "player no. 16", "withdrew"]),
}


@pytest.mark.parametrize("name", sorted(FORBIDDEN))
def test_a_forbidden_document_is_refused_with_its_place(name, example_document, english):
    change, words = FORBIDDEN[name]
    import_tournament(json.loads(json.dumps(example_document)), slug="kept")
    before = database_snapshot()
    change(example_document)
    for slug, replace in (("new", False), ("kept", True)):
        with pytest.raises(DocumentRejected) as rejected:
            import_tournament(json.loads(json.dumps(example_document)), slug=slug, replace=replace)
        message = str(rejected.value)
        for word in words:
            assert word in message, (word, message)
    assert database_snapshot() == before


def test_a_recorded_replacement_moves_the_next_player_up(example_document, english):
    """An advancing player withdrew and the organiser moved a player of the same category up:
    the document records it, the import stores it and the export writes it back."""
    from interchange.exporter import export_tournament
    from scoring.selectors import tournament_data
    from scoring.standings import final_fields

    unseat(example_document, "final_a", 16)
    unseat(example_document, "final_b", 20)
    seat(example_document, "final_a", 0, 0, 20)
    seat(example_document, "final_a", 1, 0, 20)
    with pytest.raises(DocumentRejected):  # without the organiser's decision
        import_tournament(json.loads(json.dumps(example_document)), slug="r")
    example_document["version"] = 4
    example_document["replacements"] = [
        {
            "withdrawn": 16,
            "replacement": 20,
            "reason": "odstoupil ze zdravotních důvodů",
            "decided_by": "Jana",
            "decided_at": "2025-06-15T08:30:00+02:00",
        }
    ]
    tournament, _warnings = import_tournament(json.loads(json.dumps(example_document)), slug="r")
    fields = final_fields(tournament_data(tournament))
    assert 20 in fields.a_final and 16 not in fields.a_final | fields.b_final
    assert export_tournament(tournament)["replacements"] == example_document["replacements"]


def split_a_qualifier_table(d):
    """Table 2 of the first game (7 players) played as tables of 4 and 3: every line kept."""
    tables = d["stages"]["qualifier"]["games"][0]["tables"]
    old = tables[1]
    moved = old["seats"][4:]
    old["seats"] = old["seats"][:4]
    old["starting_seat"] = 0
    new = {"number": 4, "seats": moved, "rounds": []}
    for played in old["rounds"]:
        new["rounds"].append(
            {
                "round": played["round"],
                "results": [r for r in played["results"] if r["player"] in moved],
            }
        )
        played["results"] = [r for r in played["results"] if r["player"] not in moved]
    tables.append(new)


def third_final_game_in_descending_rounds(d):
    games = d["stages"]["final_a"]["games"]
    third = json.loads(json.dumps(games[1])) | {"number": 3}
    games.append(third)
    games[0]["rounds"] = list(reversed(games[0]["rounds"]))


@pytest.mark.parametrize("change", [split_a_qualifier_table, third_final_game_in_descending_rounds])
def test_the_referees_choices_still_load(change, example_document, english):
    change(example_document)
    _tournament, warnings = import_tournament(example_document, slug="legal")
    assert all(problem.warning for problem in warnings)
