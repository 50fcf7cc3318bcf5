"""A Slovní poker tournament's stage loads in a fixed number of queries whatever its players
(issue 37): its sheets (printed and blank), the desk's grid and page, the table's phone page,
the draw's page and the standings."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from desk.selectors import game_grid
from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from printing import catalog
from rules.rulesets import PokerLine
from scoring import links
from scoring import sheets as sheet_services
from scoring.selectors import stage_data
from scoring.standings import stage_standings
from tests.authors import author
from tests.conftest import client_of
from tournament.models import Tournament
from ui.addresses import table_path

pytestmark = pytest.mark.django_db


def poker_tournament(players: int, slug: str) -> Tournament:
    """The demo's first ``players`` players as a Slovní poker club tournament, its first game
    drawn and confirmed, two deals of every table entered."""
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    document["players"] = document["players"][:players]
    kept = {p["no"] for p in document["players"]}
    document["teams"] = [
        t for t in document["teams"] if set(t["members"]) <= kept and len(t["members"]) > 1
    ]
    tournament, _ = import_tournament(document, slug=slug)
    Tournament.objects.filter(pk=tournament.pk).update(kind="club", rule_set="word_poker")
    tournament.refresh_from_db()
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    rounds = list(game.rounds.order_by("position"))
    for table in game.tables.all():
        players_at = [s.player.start_number for s in table.seats.select_related("player")]
        for deal in rounds[:2]:
            lines = [
                PokerLine(p, 20 if i == 0 else 6, 0 if i == 0 else 4)
                for i, p in enumerate(players_at)
            ]
            sheet_services.save_sheet(
                table=table, round=deal, lines=lines, by=author("Rozhodčí"), version=0
            )
    return tournament


def count(function) -> int:
    with CaptureQueriesContext(connection) as captured:
        function()
    return len(captured)


def measured(tournament, organiser, referee) -> dict[str, int]:
    stage = tournament.stages.get(kind="qualifier")
    game = stage.games.get(number=1)
    table = game.tables.order_by("number").first()
    phone = table_path(links.issue_table_links(game=game, by=author("t"))[table.number])
    organiser_client, referee_client = client_of(organiser), client_of(referee)
    documents = [
        catalog.Document(catalog.SHEETS, catalog.PDF, "qualifier", 1),
        catalog.Document(catalog.SHEETS, catalog.PDF, "qualifier", None),
        catalog.Document(catalog.STANDINGS, catalog.PDF, "qualifier"),
    ]
    counts = {
        f"print {d.what} {d.game}": count(lambda d=d: catalog.render(tournament, d))
        for d in documents
    }
    counts["grid"] = count(lambda: game_grid(game))
    counts["standings"] = count(lambda: stage_standings(stage_data(stage), "qualifier"))
    pages = {
        "desk": (referee_client, reverse("desk:dashboard", args=[tournament.slug])),
        "phone": (referee_client, phone),
        "draw": (
            organiser_client,
            reverse(
                "draws:game",
                kwargs={"slug": tournament.slug, "stage": "qualifier", "number": 1},
            ),
        ),
    }
    for name, (client, url) in pages.items():
        response = None

        def get(client=client, url=url):
            nonlocal response
            response = client.get(url)

        counts[name] = count(get)
        assert response.status_code == 200, (name, response.status_code)
    return counts


def test_a_poker_stage_loads_in_the_same_queries_at_10_and_34_players(organiser, referees):
    fields = {size: poker_tournament(size, f"poker-{size}") for size in (10, 34)}
    deals = {size: deals_of(t) for size, t in fields.items()}
    assert deals[10] < deals[34]  # larger tables, more deals: none may add a query
    small, large = (measured(fields[size], organiser, referees[0]) for size in (10, 34))
    assert small == large
    assert small["grid"] <= 6 and small["standings"] <= 8 and small["print sheets 1"] <= 8


def deals_of(tournament) -> int:
    return tournament.stages.get(kind="qualifier").games.get(number=1).rounds.count()
