"""Held results stay held everywhere (issue 31, point 6): with the A-final held for the ceremony,
no public address shows a finalist's A-final result, the persons' pages and the rating (the
addresses that used to) included, and no rating moves on a held game; released, they all show
it. Every public reader asks the one rule, ``scoring.publicity``; this test requests every
public address with real arguments, as ``test_private_reasons`` does for reasons."""

import html
import json
import re

import pytest
from django.test import Client

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from public.selectors import archive
from scoring.pages import stage_page
from season import rating
from season.models import PersonRating, RatingEntry
from tests.draws.conftest import demo_document
from tests.public.test_private_reasons import public_responses, readable
from tests.season.test_rating import link_persons
from tournament import services
from tournament.models import Player

pytestmark = pytest.mark.django_db

WHEN = "17:30 ve velkém sále"
SAID = f"Výsledky budou vyhlášeny v {WHEN}."
TITLE = re.compile(r"Mistr(yně)? ČR")  # only the A-final gives the title
FINAL_A_GAME = re.compile(r"finále A, partie \d+, stůl \d+", re.IGNORECASE)  # a rated game


@pytest.fixture
def held():
    """The demo championship played through its A-final, a person behind every player, the
    A-final held for the ceremony."""
    tournament, _ = import_tournament(demo_document(), slug="drzeno")
    link_persons(tournament)
    services.hold_results(tournament=tournament, kind="final_a", announcement=WHEN)
    return tournament


def finalists(tournament) -> list[Player]:
    page = stage_page(tournament, "final_a", staff=True)
    numbers = {row.player.number for c in page.categories for row in c.rows}
    assert numbers
    return list(
        Player.objects.filter(tournament=tournament, start_number__in=numbers).select_related(
            "person"
        )
    )


def every_public_address(tournament) -> dict[str, str]:
    """Every public address with real arguments: the tournament's pages, live fragments, JSON
    and downloads (``public_responses``), the ceremony, the hall and its content, each
    finalist's card, person page and rating page, the archive and the rating's lists."""
    found = {
        f"/turnaj/{tournament.slug}/{p}": text for p, text in public_responses(tournament).items()
    }
    client = Client()
    base = f"/turnaj/{tournament.slug}/"
    paths = [
        base + "vyhlaseni/",
        base + "vyhlaseni/zive/",
        base + "sal/",
        base + "sal/obsah/",
        "/",
        "/archiv/",
        "/hodnoceni/?partii=1",
    ]
    players = finalists(tournament)
    for player in players:
        paths += [
            f"/osoby/{player.person.uuid}/",
            f"/hodnoceni/{player.person.pk}/",
            *[f"{base}ke-stazeni/hrac/{player.start_number}/{f}/" for f in ("html", "txt")],
        ]
    paths += [f"{base}ke-stazeni/hrac/{players[0].start_number}/{f}/" for f in ("pdf", "brf")]
    for path in paths:
        response = client.get(path)
        assert response.status_code in (200, 204), path
        found[path] = readable(response)
    return found


def shows_a_final_result(path: str, text: str) -> bool:
    text = html.unescape(text).replace("\xa0", " ")
    return bool(TITLE.search(text) or FINAL_A_GAME.search(text))


def ratings() -> dict[int, tuple[float, float, int]]:
    return {r.person_id: (r.mu, r.sigma, r.games) for r in PersonRating.objects.all()}


def test_no_public_address_shows_held_results_until_released(held):
    players = finalists(held)
    champions = [
        c.champion.name for c in stage_page(held, "final_a", staff=True).categories if c.champion
    ]
    while_held = every_public_address(held)
    shown = [path for path, text in while_held.items() if shows_a_final_result(path, text)]
    assert not shown, f"A-final results shown while held: {shown}"
    for player in players:  # each finalist's card and person page say when, and rate nothing held
        assert SAID in while_held[f"/turnaj/drzeno/ke-stazeni/hrac/{player.start_number}/html/"]
    assert not RatingEntry.objects.filter(table__game__stage__kind="final_a").exists()
    assert not archive().champions  # the archive's champions and records leave it out
    rated_while_held = ratings()
    assert rated_while_held  # the qualifier's games are rated

    services.release_results(tournament=held, kind="final_a")
    released = every_public_address(held)
    shown = {path for path, text in released.items() if shows_a_final_result(path, text)}
    for player in players:
        assert f"/osoby/{player.person.uuid}/" in shown
        assert f"/hodnoceni/{player.person.pk}/" in shown
        assert SAID not in released[f"/turnaj/drzeno/ke-stazeni/hrac/{player.start_number}/html/"]
    assert "/turnaj/drzeno/finale-a/" in shown
    assert [c.name for c in archive().champions] == champions
    final_a = RatingEntry.objects.filter(table__game__stage__kind="final_a")
    assert {e.person_id for e in final_a} == {p.person_id for p in players}
    moved = ratings()
    assert all(moved[p.person_id] != rated_while_held[p.person_id] for p in players)


def test_no_rating_moves_on_a_held_game(held):
    """Held: the finalists' ratings are those of the qualifier alone, as a from-scratch
    computation says; holding again after the release takes the A-final's games back out."""
    rating.refresh()
    incremental = ratings()
    rating.recompute()
    assert ratings() == incremental
    services.release_results(tournament=held, kind="final_a")
    assert rating.refresh() == rating.CURRENT  # the release brought it up to date (issue 35)
    assert ratings() != incremental
    services.hold_results(tournament=held, kind="final_a", announcement=WHEN)
    assert rating.refresh() == rating.CURRENT  # and so did holding again
    assert ratings() == incremental
    assert not RatingEntry.objects.filter(table__game__stage__kind="final_a").exists()


def test_the_staff_see_the_held_results(held, organiser):
    from tests.conftest import client_of

    staff = client_of(organiser)
    champion = next(
        c.champion for c in stage_page(held, "final_a", staff=True).categories if c.champion
    )
    text = staff.get("/sprava/drzeno/tisk/drzeno-vysledky.html").content.decode()
    assert champion.name in text and TITLE.search(text)
    page = staff.get(f"/sprava/drzeno/hraci/{champion.number}/").content.decode()
    assert champion.name in page


def test_the_public_server_holds_what_the_venue_holds(held):
    """The pushed document carries the hold (``settings.results_held``); the public server
    imports it the way the push does and its every public address, persons and rating
    included, shows nothing of the held A-final."""
    document = json.loads(json.dumps(export_tournament(held)))
    assert document["tournament"]["settings"]["results_held"] == {"final_a": WHEN}
    copy, _ = import_tournament(document, slug="verejny-drzeno")
    link_persons(copy)
    found = every_public_address(copy)
    shown = [path for path, text in found.items() if shows_a_final_result(path, text)]
    assert not shown, f"A-final results shown on the public server while held: {shown}"
    assert not RatingEntry.objects.filter(table__game__stage__kind="final_a").exists()
