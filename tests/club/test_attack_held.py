"""A Scrabble or Slovní poker tournament's results held for the announcement stay held on every
public address: its pages, live fragments, JSON, downloads, the hall, the persons' and the
rating's pages read the same with the whole round played as with nothing played at all; the
rating counts none of it. Released, the results are there."""

import html
import re

import pytest
from django.test import Client

from printing import catalog
from rules.rulesets import PokerLine, ScrabbleLine
from scoring import sheets as sheet_services
from season import rating
from season.models import RatingEntry
from tests.authors import author
from tests.public.test_private_reasons import readable
from tests.season.test_rating import link_persons
from tournament import services
from tournament.models import Tournament

from .test_attack_access import poker_game, scrabble_game
from .test_scrabble_sheets import seated

pytestmark = pytest.mark.django_db

WHEN = "20:00 v klubovně"
SAID = f"Výsledky budou vyhlášeny v {WHEN}."


def every_public_address(tournament) -> dict[str, str]:
    client = Client()
    base = f"/turnaj/{tournament.slug}/"
    paths = [
        base + p
        for p in (
            "",
            "druzstva/",
            "stupne-vitezu/",
            "vyhlaseni/",
            "vyhlaseni/zive/",
            "jak-losujeme/",
            "rozlosovani/",
            "zaznam/",
            "losovani.json",
            "ke-stazeni/",
            "kvalifikace/",
            "kvalifikace/zive/",
            "kvalifikace/vysledky.json",
            "sal/",
            "sal/obsah/",
        )
    ]
    paths += ["/", "/archiv/", "/hodnoceni/", "/hodnoceni/?partii=1"]
    for player in tournament.players.select_related("person").order_by("start_number"):
        paths += [
            f"{base}hrac/{player.start_number}/",
            f"/osoby/{player.person.uuid}/",
            f"/hodnoceni/{player.person.pk}/",
        ]
    paths += [
        f"/turnaj/{tournament.slug}/ke-stazeni/{d.file_name(tournament.slug)}"
        for d in catalog.available(tournament, public=True)
    ]
    assert len(catalog.available(tournament, public=True)) > 1  # the standings' files too
    found = {}
    for path in paths:
        response = client.get(path)
        assert response.status_code in (200, 204), (path, response.status_code)
        found[path] = readable(response)
    return found


def play_scrabble(game):
    round_ = game.rounds.get()
    for table in game.tables.order_by("number"):
        players = seated(table)
        if len(players) == 2:
            a, b = players
            lines = [ScrabbleLine(a, 571, 0, True), ScrabbleLine(b, 197, 13, False)]
            sheet_services.save_sheet(
                table=table, round=round_, lines=lines, by=author("R"), version=0
            )


def play_poker(game):
    """Two deals at every table, seat 0 past the limit of 30 with 58 points."""
    for round_ in game.rounds.order_by("position")[:2]:
        for table in game.tables.order_by("number"):
            players = list(
                table.seats.order_by("position").values_list("player__start_number", flat=True)
            )
            lines = [
                PokerLine(p, 29 if i == 0 else 6, 0 if i == 0 else 5) for i, p in enumerate(players)
            ]
            sheet_services.save_sheet(
                table=table, round=round_, lines=lines, by=author("R"), version=0
            )


def differing(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return sorted(path for path in before if before[path] != after[path])


def words(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", text)).replace("\xa0", " ")


@pytest.mark.parametrize(
    ("make", "play", "marks"),
    [
        # a winner's 571 + 13 and a loser's 197 - 13, spread 400
        (scrabble_game, play_scrabble, re.compile(r"(?<![\d.,])(584|184)(?!\d|[.,]\d)")),
        # seat 0's 29 + 29 points, the game won in the second deal
        (poker_game, play_poker, re.compile(r"(?<![\d.,])58(?!\d|[.,]\d)")),
    ],
)
def test_a_held_club_tournament_shows_nothing_of_its_results(make, play, marks):
    game = make()
    tournament = game.stage.tournament
    Tournament.objects.filter(pk=tournament.pk).update(rated=True)
    link_persons(tournament)
    services.hold_results(tournament=tournament, kind="qualifier", announcement=WHEN)
    nothing_played = every_public_address(tournament)
    play(game)
    rating.refresh()
    held = every_public_address(tournament)
    base = f"/turnaj/{tournament.slug}/"
    # what may change: the front page's progress, the hall's turn to the standings (a page
    # saying they are held), a player's page offering the card (which says when, below)
    assert not [
        path
        for path in differing(nothing_played, held)
        if path not in (base, base + "sal/", base + "sal/obsah/")
        and not re.fullmatch(base + r"hrac/\d+/", path)
    ]
    client = Client()
    at_boards = [
        number
        for table in game.tables.all()
        if len(numbers := seated(table)) > 1
        for number in numbers
    ]
    for number in at_boards:
        card = client.get(f"{base}ke-stazeni/hrac/{number}/html/")
        held[card.wsgi_request.path] = readable(card)
        assert SAID in held[card.wsgi_request.path]
    shown = [path for path, text in held.items() if marks.search(words(text))]
    assert not shown, f"held results shown: {shown}"
    assert not RatingEntry.objects.filter(table__game__stage__tournament=tournament).exists()
    services.release_results(tournament=tournament, kind="qualifier")
    rating.refresh()
    assert RatingEntry.objects.filter(table__game__stage__tournament=tournament).exists()
    released = every_public_address(tournament)
    shown = [path for path, text in released.items() if marks.search(words(text))]
    assert f"{base}kvalifikace/" in shown and f"{base}kvalifikace/vysledky.json" in shown
