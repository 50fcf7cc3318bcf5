"""Issue 36, point 5: the desk's grid with a game chosen has one address builder,
``dashboard_url``, for the views and (``{% dashboard_url %}``) for the templates."""

import pytest
from django.template import Context, Template
from django.urls import reverse

from desk.views.common import dashboard_url
from tests.desk.conftest import client_of

pytestmark = pytest.mark.django_db


def test_the_address_names_the_game_and_the_place_on_the_page(game):
    grid = reverse("desk:dashboard", kwargs={"slug": "mcr"})
    assert dashboard_url("mcr", game) == grid + "?partie=qualifier-1"
    assert dashboard_url("mcr", game, "table-links") == grid + "?partie=qualifier-1#table-links"


def test_templates_build_the_same_address(game):
    template = Template("{% load desk_urls %}{% dashboard_url slug game %}")
    assert template.render(Context({"slug": "mcr", "game": game})) == dashboard_url("mcr", game)


def test_the_grid_links_each_game_by_that_address(game, organiser):
    html = client_of(organiser).get(dashboard_url("mcr", game)).content.decode()
    assert f'href="{dashboard_url("mcr", game)}" aria-current="page"' in html
