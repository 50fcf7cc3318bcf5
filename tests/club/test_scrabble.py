"""Scrabble as a club tournament's rule set (issue 37, point 2): offered by the settings form
with its settings; the championship's settings page stays as it was."""

import pytest
from django.urls import reverse

from rules import scrabble
from rules.rulesets import Scrabble
from staff.forms import TournamentForm
from tests.club.test_pages import NEW
from tests.conftest import client_of
from tournament.models import RuleSetChoice, Tournament

from .conftest import club_tournament

pytestmark = pytest.mark.django_db

SCRABBLE_SETTINGS = {
    "scrabble_bye_margin": "60",
    "scrabble_first_round": "lot",
    "scrabble_king_of_the_hill": "on",
}


def test_the_rule_set_choice_is_named_as_the_rating_reads_it():
    assert RuleSetChoice.SCRABBLE == "scrabble"
    offered = [value for value, _label in TournamentForm().fields["rule_set"].choices]
    assert "scrabble" in offered


def test_a_new_scrabble_club_tournament_by_the_settings_form(organiser):
    client = client_of(organiser)
    form = client.get(reverse("staff:tournament_new"), HTTP_ACCEPT_LANGUAGE="cs")
    html = form.content.decode()
    assert 'value="scrabble"' in html and 'name="scrabble_bye_margin"' in html
    assert 'name="scrabble_first_round"' in html and 'name="scrabble_king_of_the_hill"' in html
    response = client.post(
        reverse("staff:tournament_new"),
        {**NEW, "kind": "club", "rule_set": "scrabble", **SCRABBLE_SETTINGS},
    )
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(name=NEW["name"])
    rules = tournament.rules()
    assert isinstance(rules, Scrabble)
    assert (rules.bye_margin, rules.first_round, rules.king_of_the_hill) == (60, "lot", True)


def test_a_form_sent_without_the_scrabble_settings_keeps_the_defaults(organiser):
    response = client_of(organiser).post(
        reverse("staff:tournament_new"), {**NEW, "kind": "club", "rule_set": "scrabble"}
    )
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(name=NEW["name"])
    assert (
        tournament.scrabble_bye_margin,
        tournament.scrabble_first_round,
        tournament.scrabble_king_of_the_hill,
    ) == (scrabble.BYE_MARGIN, scrabble.BY_RATING, False)


def test_a_wrong_first_round_is_refused_next_to_its_field(organiser):
    tournament = club_tournament("scrabble")
    url = reverse("staff:settings", kwargs={"slug": tournament.slug})
    settings = {**NEW, "name": tournament.name, "kind": "club", "rule_set": "scrabble"}
    response = client_of(organiser).post(
        url, {**settings, "scrabble_first_round": "seeded"}, HTTP_ACCEPT_LANGUAGE="cs"
    )
    assert response.status_code == 400
    assert 'id="id_scrabble_first_round_error"' in response.content.decode()


def test_the_championship_is_not_played_by_scrabble_and_its_page_asks_nothing_of_it(organiser):
    client = client_of(organiser)
    response = client.post(
        reverse("staff:tournament_new"), {**NEW, "kind": "championship", "rule_set": "scrabble"}
    )
    assert response.status_code == 400
    assert 'id="id_rule_set_error"' in response.content.decode()
    championship = club_tournament("championship", slug="mcr")
    Tournament.objects.filter(pk=championship.pk).update(kind="championship")
    html = client.get(reverse("staff:settings", kwargs={"slug": "mcr"})).content.decode()
    assert 'name="scrabble_' not in html and "frozen-scrabble" not in html
    assert "Scrabble (only when" not in html
