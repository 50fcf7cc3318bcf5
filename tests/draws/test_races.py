"""Two organisers at once: two "draw" requests with one commitment, and a confirmation of a
draft that another organiser drew again after this one looked (draws.services)."""

import time

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

import draws.services
from accounts.roles import ORGANISER, create_account
from draws.services import confirm_draw, draw_game, publish_draw_commitment, redraw_game
from tests.authors import author
from tests.conftest import at_once
from tournament.models import Commitment, Game

DRAW_URL = reverse("draws:draw", kwargs={"slug": "fresh", "stage": "qualifier"})
GAME_URL = reverse("draws:game", kwargs={"slug": "fresh", "stage": "qualifier", "number": 1})
CONFIRM_URL = reverse("draws:confirm", kwargs={"slug": "fresh", "stage": "qualifier", "number": 1})


def signed_in(name: str) -> Client:
    client = Client()
    client.force_login(create_account(username=name, role=ORGANISER, password="heslo-1234-abcd"))
    return client


@pytest.mark.django_db(transaction=True)
def test_two_draws_with_one_commitment_draw_once(fresh, monkeypatch):
    """The second request finds the commitment used: it draws nothing, abandons nothing, and
    its organiser sees the draft the first one drew."""
    jana, petr = signed_in("jana"), signed_in("petr")
    published = publish_draw_commitment(
        tournament=fresh, kind="qualifier", number=1, by=author("Jana")
    )
    store = draws.services._store_seating

    def slow_store(*args, **kwargs):
        time.sleep(0.3)  # the first draw holds its transaction while the second one reads
        return store(*args, **kwargs)

    monkeypatch.setattr(draws.services, "_store_seating", slow_store)
    data = {"action": "draw", "commitment": str(published.pk)}
    answers = at_once(lambda: jana.post(DRAW_URL, data), lambda: petr.post(DRAW_URL, data))
    assert [answer.status_code for answer in answers] == [302, 302]
    assert {answer.url for answer in answers} == {GAME_URL}
    published.refresh_from_db()
    assert published.used_at is not None and published.abandoned_at is None
    assert Commitment.objects.count() == 1
    game = Game.objects.get()
    assert game.commitment == published and game.draw_version == 1
    texts = [[str(message) for message in get_messages(answer.wsgi_request)] for answer in answers]
    assert sorted(len(t) for t in texts) == [1, 1]
    assert any("losována s tímto závazkem" in " ".join(t) for t in texts), texts
    page = jana.get(GAME_URL).content.decode()
    assert "návrh" in page


@pytest.mark.django_db(transaction=True)
def test_two_publications_at_once_leave_one_open_commitment(fresh):
    jana, petr = signed_in("jana"), signed_in("petr")
    data = {"least": 3, "most": 7}
    at_once(lambda: jana.post(DRAW_URL, data), lambda: petr.post(DRAW_URL, data))
    assert Commitment.objects.filter(used_at__isnull=True, abandoned_at__isnull=True).count() == 1


@pytest.mark.django_db
def test_a_confirmation_of_a_draft_drawn_again_since_is_refused(fresh):
    jana = signed_in("jana")
    game = draw_game(tournament=fresh, kind="qualifier", number=1, by=author("Jana"), seed=1)
    seen = jana.get(GAME_URL).content.decode()
    assert f'name="version" value="{game.draw_version}"' in seen
    redrawn = redraw_game(game=game, by=author("Petr"), seed=2)  # another organiser, meanwhile
    assert redrawn.draw_version == game.draw_version + 1
    response = jana.post(CONFIRM_URL, {"version": str(game.draw_version)}, follow=True)
    html = response.content.decode()
    assert "nic nebylo potvrzeno" in html and "Petr" in html
    assert not Game.objects.get().draw_confirmed
    assert f'name="version" value="{redrawn.draw_version}"' in html  # the current draft
    response = jana.post(CONFIRM_URL, {"version": str(redrawn.draw_version)})
    assert Game.objects.get().draw_confirmed


@pytest.mark.django_db
def test_a_change_by_hand_makes_a_new_version(fresh):
    game = draw_game(tournament=fresh, kind="qualifier", number=1, by=author("Jana"), seed=1)
    first, second = (seat.player.start_number for seat in game.seats.all()[:2])
    swapped = draws.services.swap_players(game=game, first=first, second=second, by=author("org"))
    assert swapped.draw_version == 2
    with pytest.raises(draws.services.DraftChanged):
        confirm_draw(game=game, by=author("Jana"), version=1)
    assert confirm_draw(game=game, by=author("Jana"), version=2).draw_confirmed
