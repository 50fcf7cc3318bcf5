"""A Scrabble round paired again (issue 37): the organiser publishes a new commitment on the
game's draw page and pairs the round again with its seed; the first pairing's commitment is
abandoned and stays on record, and ``rules.verify`` reproduces the final pairing from the
exported document (the first round's by lot, the second's after results)."""

import json

import pytest
from django.urls import reverse

from interchange.exporter import export_tournament
from rules import verify
from tests.conftest import client_of
from tournament.models import Commitment, Game, Player

from .conftest import club_tournament
from .test_scrabble_formats import play

pytestmark = pytest.mark.django_db


def pairing(game) -> list[list[int]]:
    return [
        [seat.player.start_number for seat in table.seats.order_by("position")]
        for table in game.tables.order_by("number")
    ]


def draw_and_redraw(client, slug: str, number: int, times: int) -> Game:
    """Publish and pair round ``number`` on the draw page, then pair it again ``times`` on the
    game's page, each time with a newly published commitment; confirm the last pairing."""
    draw = reverse("draws:draw", kwargs={"slug": slug, "stage": "qualifier"})
    page = {"slug": slug, "stage": "qualifier", "number": number}
    assert client.post(draw, {"action": "publish"}).status_code == 302
    first = Commitment.objects.get(used_at__isnull=True, abandoned_at__isnull=True)
    client.post(draw, {"action": "draw", "commitment": str(first.pk)})
    game = Game.objects.get(stage__tournament__slug=slug, number=number)
    assert game.commitment == first
    for _time in range(times):
        client.post(reverse("draws:redraw", kwargs=page), {"action": "publish"})
        new = Commitment.objects.get(used_at__isnull=True, abandoned_at__isnull=True)
        response = client.post(
            reverse("draws:redraw", kwargs=page), {"action": "draw", "commitment": str(new.pk)}
        )
        assert response.status_code == 302
        game.refresh_from_db()
        assert game.commitment == new and game.draw_status == "draft"
    client.post(reverse("draws:confirm", kwargs=page), {"version": str(game.draw_version)})
    game.refresh_from_db()
    assert game.draw_status == "confirmed"
    return game


def test_a_scrabble_round_paired_again_is_reproduced_by_verify(organiser):
    tournament = club_tournament("scrabble")
    Player.objects.filter(tournament=tournament, start_number=3).update(present=False)
    client = client_of(organiser)
    first = draw_and_redraw(client, tournament.slug, 1, times=2)
    abandoned = Commitment.objects.filter(abandoned_at__isnull=False)
    assert abandoned.count() == 2 and not abandoned.filter(pk=first.commitment_id).exists()
    play(first, 1)
    second = draw_and_redraw(client, tournament.slug, 2, times=1)
    assert Commitment.objects.filter(abandoned_at__isnull=False).count() == 3
    assert second.draw_options["rematches"] == 0

    document = json.loads(json.dumps(export_tournament(tournament)))
    games = document["stages"]["qualifier"]["games"]
    assert [[t["seats"] for t in g["tables"]] for g in games] == [pairing(first), pairing(second)]
    checks = verify.verify_document(document)
    assert [(c.commitment.key, c.result.key) for c in checks] == [
        (verify.OK, verify.REPRODUCED)
    ] * 2
    # the final pairing, not an abandoned one, is what verify reproduces: a seat moved fails
    tables = games[1]["tables"]
    tables[0]["seats"][0], tables[1]["seats"][0] = tables[1]["seats"][0], tables[0]["seats"][0]
    assert verify.verify_document(document)[1].result.key == verify.DIFFERS
