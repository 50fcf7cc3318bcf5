"""Nothing is announced before it is decided: a championship walked game by game, and after
each game what the public pages, the JSON, the printouts and the downloads say about titles,
medals, advancement and "over" (issue: what a new organiser saw, 1)."""

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from printing import catalog, documents, text

pytestmark = pytest.mark.django_db

TITLE = "Mistr ČR v Syllabatimu 2026"


def snapshot(qualifier_games: int, final_games: int = 0) -> dict:
    """The demo as it stood after ``qualifier_games`` of its 4 qualifier games and
    ``final_games`` of the finals' 2."""
    document = json.loads(DEMO_FILE.read_text("utf-8"))
    stages = document["stages"]
    stages["qualifier"]["games"] = stages["qualifier"]["games"][:qualifier_games]
    for kind in ("final_a", "final_b"):
        stages[kind]["games"] = stages[kind]["games"][:final_games]
        if not final_games:
            del stages[kind]
    return document


def pages(slug: str) -> dict[str, str]:
    client = Client()
    found = {}
    for name, path in {
        "home": "",
        "qualifier": "kvalifikace/",
        "final_a": "finale-a/",
        "final_b": "finale-b/",
        "teams": "druzstva/",
        "downloads": "ke-stazeni/",
    }.items():
        response = client.get(f"/turnaj/{slug}/{path}")
        found[name] = response.content.decode() if response.status_code == 200 else ""
    found["json"] = json.loads(client.get(f"/turnaj/{slug}/kvalifikace/vysledky.json").content)
    return found


def printed(tournament) -> dict[str, str]:
    with translation.override("cs"):
        return {
            "qualifier": "\n".join(
                text.standings_lines(documents.stage_standings(tournament, "qualifier"))
            ),
            "results": "\n".join(text.results_lines(documents.results(tournament))),
            "awards": documents.results(tournament).awards(),
            "public": [
                d.file_name(tournament.slug) for d in catalog.available(tournament, public=True)
            ],
        }


@pytest.mark.parametrize("played", [1, 2, 3])
def test_during_the_qualifier_nobody_advances_yet(played):
    tournament, _ = import_tournament(snapshot(played), slug=f"q{played}")
    seen = pages(tournament.slug)
    state = f"průběžné pořadí po partii {played} z 4"
    assert state in seen["qualifier"] and state in seen["home"]
    assert "skončila" not in seen["home"]
    assert "postupuje" not in seen["qualifier"]
    assert seen["json"]["qualifier"]["advancing"] == {"B1": [], "VS": []}
    assert seen["json"]["qualifier"]["unresolved_ties"] == []
    assert "medaile" not in seen["teams"] and "zlato" not in seen["teams"]
    out = printed(tournament)
    assert "Průběžné pořadí" in out["qualifier"] and state in out["qualifier"]
    assert "postupuje" not in out["qualifier"]
    assert not any("poradi-kvalifikace" in name for name in out["public"])


def test_after_the_last_qualifier_game_advancement_is_announced():
    tournament, _ = import_tournament(snapshot(4), slug="q4")
    seen = pages(tournament.slug)
    assert "skončila" in seen["home"] and "průběžné" not in seen["qualifier"]
    assert "postupuje" in seen["qualifier"]
    assert seen["json"]["qualifier"]["advancing"]["B1"]
    out = printed(tournament)
    assert "postupuje do finále A" in out["qualifier"]
    assert any("poradi-kvalifikace" in name for name in out["public"])


def test_after_the_first_final_game_no_title_and_no_medal():
    tournament, _ = import_tournament(snapshot(4, 1), slug="f1")
    seen = pages(tournament.slug)
    for kind in ("final_a", "final_b"):
        assert "průběžné pořadí po partii 1 z 2" in seen[kind]
        assert TITLE not in seen[kind]
        for medal in ("zlato", "stříbro", "bronz"):
            assert medal not in seen[kind]
    assert TITLE not in seen["home"]
    assert "Průběžné pořadí" in seen["teams"]
    for medal in ("zlato", "stříbro", "bronz"):
        assert medal not in seen["teams"]
    out = printed(tournament)
    assert TITLE not in out["results"] and "ještě neskončilo" in out["results"]
    assert out["awards"] == []  # no certificate before the places are decided
    assert not any("poradi-finale" in name or "vysledky" in name for name in out["public"])


def test_after_the_second_final_game_the_titles_and_medals():
    tournament, _ = import_tournament(snapshot(4, 2), slug="f2")
    seen = pages(tournament.slug)
    assert TITLE in seen["final_a"] and "zlato" in seen["final_a"]
    assert "zlato" in seen["final_b"] and TITLE not in seen["final_b"]
    assert "zlato" in seen["teams"] and "Průběžné pořadí" not in seen["teams"]
    out = printed(tournament)
    assert TITLE in out["results"]
    assert {award.place for award in out["awards"]} == {1, 2, 3}
    assert any("poradi-finale-a" in name for name in out["public"])


def test_the_walk_shows_what_happened_never_why_marks_lots_and_holds(organiser):
    """Issue 21 (1, 3, 5): after the championship, with a game disqualification and an
    expulsion whose reasons are distinctive, the qualifier's lot and the A-final held for the
    ceremony, the public side shows what happened, marks the lot, holds the A-final; the staff
    side keeps the reasons and the results."""
    from scoring.models import Sanction
    from scoring.sanctions import record_sanction
    from tests.conftest import client_of
    from tournament.models import Game
    from tournament.services import hold_results

    tournament, _ = import_tournament(snapshot(4, 2), slug="w")
    reasons = {"game": "Důvod QX9 diskvalifikace", "tournament": "Důvod ZK4 vyloučení"}
    for scope, kind in (("game", "qualifier"), ("tournament", "final_b")):
        game = Game.objects.get(stage__tournament=tournament, stage__kind=kind, number=2)
        player = game.seats.order_by("player__start_number").first().player
        record_sanction(player=player, scope=scope, game=game, reason=reasons[scope], by=organiser)
    hold_results(tournament=tournament, kind="final_a", announcement="17:30")
    seen = pages(tournament.slug)
    for name, content in seen.items():
        for reason in reasons.values():
            assert reason not in json.dumps(content, ensure_ascii=False), name
    assert re.search(r"diskvalifikován[a]? z partie 2", seen["qualifier"])
    assert re.search(r"vyloučen[a]? z turnaje", seen["final_b"])
    assert "pořadí určil los" in seen["qualifier"]
    assert any(
        row.get("by_lot")
        for rows in seen["json"]["qualifier"]["standings"].values()
        for row in rows
    )
    assert "Výsledky budou vyhlášeny v 17:30." in seen["final_a"] and TITLE not in seen["final_a"]
    assert "poradi-finale-a" not in seen["downloads"]
    staff = client_of(organiser)
    for sanction in Sanction.objects.filter(tournament=tournament):
        page = staff.get(f"/sprava/w/hraci/{sanction.player.start_number}/").content.decode()
        assert sanction.reason in page
    assert TITLE in "\n".join(text.results_lines(documents.results(tournament, staff=True)))
