"""A qualifier draw's rounds start from the tournament's settings (B); a final's do not."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_draw_form_starts_from_the_tournament_s_round_settings(clients, fresh):
    fresh.qualifier_rounds_min, fresh.qualifier_rounds_max = 4, 6
    fresh.qualifier_rounds = [5, 2, 7]
    fresh.save()
    url = reverse("draws:draw", kwargs={"slug": "fresh", "stage": "qualifier"})
    html = clients["organiser"].get(url).content.decode()
    assert 'name="rounds" value="5, 2, 7"' in html
    assert 'name="least" value="4"' in html and 'name="most" value="6"' in html
    final = reverse("draws:draw", kwargs={"slug": "fresh", "stage": "final_a"})
    html = clients["organiser"].get(final).content.decode()
    # a final deals rounds 1..7 in order (F): neither the qualifier's rounds nor a range
    assert 'value="5, 2, 7"' not in html and 'name="least"' not in html


def test_a_qualifier_game_drawn_from_the_settings_has_rounds_in_their_range(clients, fresh):
    fresh.qualifier_rounds_min = fresh.qualifier_rounds_max = 4
    fresh.save()
    url = reverse("draws:draw", kwargs={"slug": "fresh", "stage": "qualifier"})
    page = clients["organiser"].get(url).content.decode()
    assert 'name="least" value="4"' in page
    clients["organiser"].post(
        url,
        {
            "least": "4",
            "most": "4",
            "sighted_at_every_table": "on",
            "teammates_apart": "on",
            "fewest_repeats": "on",
        },
    )  # publishes the commitment with these options, then the draw uses it
    from draws.services import open_draw_commitment

    commitment = open_draw_commitment(fresh, "qualifier", 1)
    assert commitment.subject["round_range"] == [4, 4]
    clients["organiser"].post(url, {"action": "draw", "commitment": commitment.pk})
    game = fresh.stages.get(kind="qualifier").games.get(number=1)
    assert len(game.round_numbers()) == 4
