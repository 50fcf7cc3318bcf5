"""A club tournament's one stage is the tournament, not a qualification (issue 35, point 4a):
its pages name it "turnaj"; with finals it is a qualification again, and the championship's
is "kvalifikace" as ever."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import client_of
from tournament.labels import stage_label

from .conftest import club_tournament

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    assert response.status_code == 200
    return re.sub(r"<[^>]+>", " ", response.content.decode())


def test_a_club_tournament_s_stage_is_named_the_tournament_on_its_pages(
    casual_game, referees, organiser
):
    tournament = casual_game.stage.tournament
    assert casual_game.stage.get_kind_display() == "turnaj"
    slug = tournament.slug
    pages = {
        "standings": Client().get(
            reverse("public:standings", kwargs={"slug": slug, "stage": "qualifier"})
        ),
        "home": Client().get(reverse("public:home", kwargs={"slug": slug})),
        "desk": client_of(referees[0]).get(reverse("desk:dashboard", kwargs={"slug": slug})),
        "draws": client_of(organiser).get(reverse("draws:overview", kwargs={"slug": slug})),
    }
    for name, response in pages.items():
        text = text_of(response)
        assert "Turnaj" in text, name  # the stage's links, headings and grid
        assert not re.search(r"\bkvalifikac", text.lower()), name  # "diskvalifikace" may stay


def test_with_finals_or_in_the_championship_it_is_the_qualifier(demo):
    club = club_tournament("casual", slug="klub-finale")
    assert stage_label("qualifier", club) == "turnaj"
    club.plays_finals = True
    assert stage_label("qualifier", club) == "kvalifikace"
    assert stage_label("qualifier", demo) == "kvalifikace"
    assert demo.stages.get(kind="qualifier").get_kind_display() == "kvalifikace"
