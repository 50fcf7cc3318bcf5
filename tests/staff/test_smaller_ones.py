"""Issue 21, point 10, on the staff's pages: the player form's name label, the team picker,
the over-10-finalists warning only while it matters, the favicon."""

import re
from datetime import date

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from draws.services import draw_game
from scoring.selectors import quota_warnings
from tests.authors import author
from tests.conftest import client_of
from tournament.models import Player

pytestmark = pytest.mark.django_db


def test_the_player_form_labels_the_name_jmeno(fresh, organiser):
    html = client_of(organiser).get(reverse("staff:player_new", kwargs={"slug": "fresh"}))
    html = html.content.decode()
    assert re.search(r'<label for="id_name"[^>]*>Jméno:</label>', html), html
    assert "Název:" not in html


def test_the_team_picker_lists_only_present_adults(fresh, organiser):
    minor = Player.objects.create(
        tournament=fresh,
        start_number=91,
        name="Malá Ještěnedospělá",
        sight_class="none",
        paid=True,
        birth_date=date(fresh.start_date.year - 15, 1, 1),
    )
    absent = Player.objects.create(
        tournament=fresh,
        start_number=92,
        name="Nepřítomný Hráč",
        sight_class="B1",
        paid=True,
        present=False,
    )
    adult = Player.objects.create(
        tournament=fresh, start_number=93, name="Dospělý Přítomný", sight_class="B2", paid=True
    )
    html = client_of(organiser).get(reverse("staff:team_new", kwargs={"slug": "fresh"}))
    html = html.content.decode()
    assert f'<option value="{adult.start_number}">' in html
    assert minor.name not in html and absent.name not in html


def test_a_member_who_stopped_qualifying_stays_listed_in_the_own_team(fresh, organiser):
    team = fresh.teams.order_by("id").first()
    member = team.members.select_related("player").first().player
    Player.objects.filter(pk=member.pk).update(present=False)
    url = reverse("staff:team", kwargs={"slug": "fresh", "team": team.pk})
    html = client_of(organiser).get(url).content.decode()
    assert f'<option value="{member.start_number}" selected>' in html


def test_the_over_ten_finalists_warning_goes_once_the_a_final_is_drawn(fresh):
    """The demo's 34 players: 6 + 6 finalists, above K's 10, while it can still matter."""
    assert any("víc než 10" in w for w in quota_warnings(fresh))
    for number in (1, 2, 3):
        draw_game(
            tournament=fresh,
            kind="qualifier",
            number=number,
            by=author("t"),
            seed=number,
            confirm=True,
        )
    assert any("víc než 10" in w for w in quota_warnings(fresh))  # the final not drawn yet


def test_the_over_ten_finalists_warning_is_gone_after_the_championship(played):
    assert not any("víc než 10" in w for w in quota_warnings(played))


def test_the_favicon_answers_and_every_page_links_it():
    response = Client().get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
    html = Client().get("/").content.decode()
    assert re.search(r'<link rel="icon" href="[^"]*favicon\.ico"', html)
    assert re.search(r'<link rel="icon" href="[^"]*favicon\.svg" type="image/svg\+xml"', html)
    assert finders.find("favicon.ico") and finders.find("favicon.svg")
