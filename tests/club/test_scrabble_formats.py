"""Scrabble tournaments in the formats, version 7 (issue 37, point 4): the tournament
document carries the rule set, its settings, the pairings' names and ratings and the boards'
sheets; export, import and push round-trip; the results document carries wins, spread and
byes; a document's sheet the rules forbid is refused with its place."""

import json

import pytest
from django.utils import translation

from draws.services import confirm_draw, draw_game
from interchange.exporter import export_tournament
from interchange.importer import DocumentRejected, import_tournament
from interchange.schema import validator
from rules import games, verify
from rules.rulesets import ScrabbleLine
from scoring import sheets as sheet_services
from season.models import PersonRating
from sync.services import create_push_token
from tests.authors import author
from tournament.models import Player, Tournament

from .conftest import club_tournament
from .test_word_poker import results_of

pytestmark = pytest.mark.django_db


def seated(table):
    return [s.player.start_number for s in table.seats.order_by("position")]


def play(game, number):
    """Every board: the first seated wins, the margin varying by board and round; on board 2
    the loser went out."""
    round_ = game.rounds.get()
    for table in game.tables.order_by("number"):
        players = seated(table)
        if len(players) == 1:
            continue
        a, b = players
        if table.number == 2:
            lines = [ScrabbleLine(a, 420, 8, False), ScrabbleLine(b, 330, 0, True)]
        else:
            lines = [
                ScrabbleLine(a, 350 + 7 * table.number + number, 0, True),
                ScrabbleLine(b, 340, 3 + number, False),
            ]
        sheet_services.save_sheet(table=table, round=round_, lines=lines, by=author("R"), version=0)


@pytest.fixture
def played(db):
    """Three rounds of an odd field's Scrabble tournament, the first paired by rating, a
    bye of 60, the last king of the hill; every board played."""
    tournament = club_tournament("scrabble")
    Tournament.objects.filter(pk=tournament.pk).update(
        scrabble_bye_margin=60,
        scrabble_first_round="rating",
        scrabble_king_of_the_hill=True,
        qualifier_games=3,
    )
    tournament.refresh_from_db()
    Player.objects.filter(tournament=tournament, start_number=3).update(present=False)
    for player in Player.objects.filter(tournament=tournament, person__isnull=False):
        PersonRating.objects.create(
            person=player.person,
            mu=900 + 13 * player.start_number % 50,
            sigma=1,
            games=2,
            category="VS",
            game=games.SCRABBLE,
        )
    for number in range(1, 4):
        game = draw_game(tournament=tournament, kind="qualifier", number=number, by=author("J"))
        game = confirm_draw(game=game, by=author("J"))
        play(game, number)
    return tournament


def test_a_scrabble_tournament_round_trips_in_version_7(played):
    exported = json.loads(json.dumps(export_tournament(played)))
    assert exported["version"] == 7
    assert list(validator("tournament").iter_errors(exported)) == []
    settings = exported["tournament"]["settings"]
    assert settings["rule_set"] == "scrabble"
    assert settings["scrabble"] == {
        "bye_margin": 60,
        "first_round": "rating",
        "king_of_the_hill": True,
        "boards_of_three": False,
    }
    games = exported["stages"]["qualifier"]["games"]
    assert [g["draw"]["what"].split(";", 1)[1] for g in games] == [
        "pairing=rating;bye=60",
        "pairing=swiss;bye=60",
        "pairing=king;bye=60",
    ]
    assert games[0]["draw"]["ratings"] and "ratings" not in games[1]["draw"]
    assert [len(t["seats"]) for t in games[0]["tables"]][-1] == 1  # the bye
    checks = verify.verify_document(exported)
    assert [c.result.key for c in checks] == [verify.REPRODUCED] * 3
    assert all(c.commitment.key == verify.OK for c in checks)

    again, _warnings = import_tournament(json.loads(json.dumps(exported)), slug="znovu")
    assert (
        again.rule_set,
        again.scrabble_bye_margin,
        again.scrabble_first_round,
        again.scrabble_king_of_the_hill,
    ) == ("scrabble", 60, "rating", True)
    assert export_tournament(again) == exported
    results = results_of("znovu")
    assert results == results_of(played.slug)
    assert results["version"] == 7
    assert list(validator("results").iter_errors(results)) == []
    (rows,) = results["qualifier"]["standings"].values()
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
    keys = [(-row["wins"], -row["spread"], -row["points"]) for row in rows]
    assert keys == sorted(keys)
    byes = [row for row in rows if row["byes"]]
    assert len(byes) == 3 and all(row["wins"] >= 1 for row in byes)


def test_a_push_carries_a_scrabble_tournament(played, client):
    pushed = export_tournament(played)
    token = create_push_token(slug="scrabble", kind="club", year=2026, by=author("test"))
    response = client.generic(
        "PUT",
        "/api/turnaj/scrabble/",
        json.dumps({"revision": 1, "tournament": pushed}).encode(),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 200, response.content
    server = Tournament.objects.get(slug="scrabble")
    assert (server.rule_set, server.scrabble_bye_margin) == ("scrabble", 60)
    assert results_of("scrabble")["qualifier"] == results_of(played.slug)["qualifier"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda a, b: (a.update(closed=True), b.update(closed=True)), "dohrát může jen jeden"),
        (lambda a, b: (a.update(closed=True, unused=5),), "dohrál všechny kameny"),
        (lambda a, b: b.update(unused=999), "žádný stojánek"),
    ],
)
def test_a_document_s_scrabble_sheet_the_rules_forbid_is_refused_at_its_place(
    played, change, words
):
    document = json.loads(json.dumps(export_tournament(played)))
    board = document["stages"]["qualifier"]["games"][1]["tables"][0]
    a, b = board["rounds"][0]["results"]
    a.update(closed=False, unused=0)
    b.update(closed=False, unused=0)
    change(a, b)
    with translation.override("cs"), pytest.raises(DocumentRejected) as refused:
        import_tournament(document, slug="spatne")
    problems = [str(problem) for problem in refused.value.problems]
    assert any(words in p and "partie 2" in p and "stůl 1" in p for p in problems), problems
    assert not Tournament.objects.filter(slug="spatne").exists()
