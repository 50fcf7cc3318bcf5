"""The public side of the draws' trust: how we draw with the tournament's real values, the
document anyone can check (no birth dates), the public log; all cached and fresh after a
commitment is published."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from draws.services import confirm_draw, draw_game, publish_draw_commitment, redraw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules import verify
from tests.authors import author

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(db):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    return tournament


def url(name, **kwargs):
    return reverse(f"public:{name}", kwargs={"slug": "mcr", **kwargs})


def test_how_we_draw_explains_with_the_real_values(tournament):
    client = Client()
    page = client.get(url("how_we_draw")).content.decode()
    assert "Jak losujeme" in page and "python -m rules.verify mcr.json" in page
    assert "se závazkem nelosovalo" in page
    published = publish_draw_commitment(
        tournament=tournament, kind="qualifier", number=1, by=author("J")
    )
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("J"), commitment=published
    )
    page = client.get(url("how_we_draw")).content.decode()  # the cache key moved
    assert published.seed in page and published.commitment in page
    assert f"{published.seed}:{published.what}" in page and "stejné" in page
    assert str(int(published.seed, 16)) in page
    assert game.draw_seed == published.seed


def test_the_public_document_checks_out_and_holds_nothing_personal(tournament):
    for number in (1, 2):
        published = publish_draw_commitment(
            tournament=tournament, kind="qualifier", number=number, by=author("J")
        )
        game = draw_game(
            tournament=tournament,
            kind="qualifier",
            number=number,
            by=author("J"),
            commitment=published,
        )
        confirm_draw(game=game, by=author("J"))
    response = Client().get(url("verify_document"))
    assert response["Content-Type"].startswith("application/json")
    document = json.loads(response.content)
    assert all(set(p) == {"no", "name", "sight_class"} for p in document["players"])
    checks = verify.verify_document(document)
    assert [(c.commitment.key, c.result.key) for c in checks] == [
        (verify.OK, verify.REPRODUCED)
    ] * 2


def test_the_public_log_shows_an_abandoned_commitment_with_who(tournament):
    client = Client()
    assert "Zatím nic zaznamenáno." in client.get(url("log")).content.decode()
    published = publish_draw_commitment(
        tournament=tournament, kind="qualifier", number=1, by=author("J")
    )
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("J"), commitment=published
    )
    redraw_game(game=game, by=author("Petr"))
    page = client.get(url("log")).content.decode()
    assert "Zrušen závazek" in page and "Petr" in page and published.seed in page
    assert "vylosována znovu" in page
    draw_page = client.get(url("draw")).content.decode()
    assert "Teď na los nečeká žádný závazek." in draw_page
