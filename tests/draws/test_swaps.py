"""A swap in the draw screen is the organiser's published decision: recorded in the draw (who,
when, which seats), exported and imported with the tournament, so that ``rules.verify``
reproduces the seeded draw, applies the recorded swaps in order and passes, naming them; a
tampered swap list fails."""

import copy
import json

import pytest
from django.urls import reverse
from django.utils import translation

from draws.selectors import game_tables
from draws.services import confirm_draw, draw_game, publish_draw_commitment
from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from interchange.validate import check_document
from rules import verify
from tests.authors import author
from tests.conftest import client_of
from tournament.models import Game

pytestmark = pytest.mark.django_db


def seating(game):
    return [[seat.player.start_number for seat in table.seats] for table in game_tables(game)]


def committed_draft(tournament, number=1):
    return draw_game(
        tournament=tournament,
        kind="qualifier",
        number=number,
        by=author("Jana"),
        commitment=publish_draw_commitment(
            tournament=tournament, kind="qualifier", number=number, by=author("Jana")
        ),
    )


@pytest.fixture
def swapped(fresh, organiser):
    """Game 1 drawn with a commitment, two swaps made through the draw screen, confirmed."""
    game = committed_draft(fresh)
    drawn = seating(game)
    client = client_of(organiser)
    url = reverse("draws:swap", kwargs={"slug": "fresh", "stage": "qualifier", "number": 1})
    # the second swap moves a player the first one moved: their order matters
    for first, second in ((drawn[0][0], drawn[1][1]), (drawn[0][0], drawn[2][0])):
        assert client.post(url, {"first": first, "second": second}).status_code == 302
    game.refresh_from_db()
    confirm_draw(game=game, by=author("Jana"))
    return game, drawn


def test_the_swap_form_says_swaps_are_published(fresh, organiser):
    committed_draft(fresh)
    url = reverse("draws:game", kwargs={"slug": "fresh", "stage": "qualifier", "number": 1})
    page = client_of(organiser).get(url).content.decode()
    assert 'id="swap-published"' in page
    assert "Výměna je rozhodnutím organizátora a zveřejňuje se" in page


def test_each_swap_is_recorded_who_when_which_seats(swapped):
    game, drawn = swapped
    swaps = game.draw_options["swaps"]
    assert [swap["by"] for swap in swaps] == ["org", "org"]
    assert all(swap["at"] for swap in swaps)
    assert swaps[0]["seats"] == [
        {"table": 1, "position": 0, "player": drawn[0][0]},
        {"table": 2, "position": 1, "player": drawn[1][1]},
    ]
    assert swaps[1]["seats"] == [
        {"table": 2, "position": 1, "player": drawn[0][0]},
        {"table": 3, "position": 0, "player": drawn[2][0]},
    ]
    now = seating(game)
    assert (now[0][0], now[1][1], now[2][0]) == (drawn[1][1], drawn[2][0], drawn[0][0])


def test_swap_then_verify_passes_and_names_the_swaps(swapped, tmp_path, capsys):
    game, _drawn = swapped
    document = export_tournament(game.stage.tournament)
    _normalised, problems = check_document(document)
    assert not [problem for problem in problems if not problem.warning]  # the schema takes it
    [check] = verify.verify_document(document)
    assert check.commitment.key == verify.OK
    assert check.result.key == verify.REPRODUCED_SWAPS_FEW and not check.failed
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert verify.main([str(path), "--lang", "en"]) == 0
    assert "result reproduced: the seeded draw and 2 swaps by org" in capsys.readouterr().out
    assert verify.main([str(path)]) == 0
    assert "los ze seedu a 2 zveřejněné výměny (org)" in capsys.readouterr().out


@pytest.mark.parametrize(
    "tamper",
    [
        lambda swaps: swaps.pop(),  # a swap left out
        lambda swaps: swaps.reverse(),  # the swaps in another order
        lambda swaps: swaps[0]["seats"][1].update(position=2),  # another seat named
        lambda swaps: swaps[1]["seats"][0].update(player=swaps[1]["seats"][1]["player"]),
    ],
)
def test_a_tampered_swap_list_fails(swapped, tamper, tmp_path):
    game, _drawn = swapped
    document = copy.deepcopy(export_tournament(game.stage.tournament))
    [entry] = document["stages"]["qualifier"]["games"]
    tamper(entry["draw"]["swaps"])
    [check] = verify.verify_document(document)
    assert check.failed and check.result.key == verify.DIFFERS
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert verify.main([str(path)]) == 1


def test_a_swap_not_recorded_fails(swapped):
    game, _drawn = swapped
    document = export_tournament(game.stage.tournament)
    del document["stages"]["qualifier"]["games"][0]["draw"]["swaps"]
    [check] = verify.verify_document(document)
    assert check.failed


def test_the_swaps_travel_with_the_tournament(swapped):
    game, _drawn = swapped
    document = export_tournament(game.stage.tournament)
    copy_of, _ = import_tournament(json.loads(json.dumps(document)), slug="kopie")
    imported = Game.objects.get(stage__tournament=copy_of, stage__kind="qualifier", number=1)
    assert imported.draw_options["swaps"] == game.draw_options["swaps"]
    again = export_tournament(copy_of)
    assert again["stages"]["qualifier"]["games"] == document["stages"]["qualifier"]["games"]
    with translation.override("en"):
        [check] = verify.verify_document(again)
    assert check.result.key == verify.REPRODUCED_SWAPS_FEW
