"""Issue 21, point 10, in the draws: the finals' form shows the finals' own rounds, and the
report of a later game says the least number of repeated pairs possible."""

import pytest
from django.urls import reverse
from django.utils import translation

from draws.services import draw_game
from rules import draw as rules_draw
from tests.authors import author
from tournament.models import Game

pytestmark = pytest.mark.django_db


def test_the_finals_draw_form_shows_rounds_one_to_seven_not_the_qualifiers_range(
    clients, after_qualifier
):
    with translation.override("cs"):
        final = clients["organiser"].get(
            reverse("draws:draw", kwargs={"slug": after_qualifier[0].slug, "stage": "final_a"})
        )
        qualifier = clients["organiser"].get(
            reverse("draws:draw", kwargs={"slug": "fresh", "stage": "qualifier"})
        )
    html = final.content.decode()
    assert 'name="least"' not in html and 'name="most"' not in html
    assert "Ve finále se rozdávají kola 1 až 7 vzestupně" in html
    page = qualifier.content.decode()
    assert 'name="least"' in page and 'name="most"' in page


def test_the_third_games_report_says_the_least_possible_repeats(clients, fresh):
    games = [
        draw_game(
            tournament=fresh, kind="qualifier", number=n, by=author("t"), seed=n, confirm=n < 3
        )
        for n in (1, 2, 3)
    ]
    report = Game.objects.get(pk=games[2].pk).draw_options["report"]
    earlier = [
        [[s.player.start_number for s in t.seats.select_related("player")] for t in g.tables.all()]
        for g in games[:2]
    ]
    third = [
        [s.player.start_number for s in t.seats.select_related("player")]
        for t in games[2].tables.all()
    ]
    assert report["earlier_games"] == 2
    assert report["repeat_bound"] == rules_draw.repeat_bound(earlier, third) > 0
    assert report["repeated_pairs"] >= report["repeat_bound"]
    with translation.override("cs"):
        html = (
            clients["organiser"]
            .get(reverse("draws:game", kwargs={"slug": "fresh", "stage": "qualifier", "number": 3}))
            .content.decode()
        )
    assert (
        f"dvojic, které se už potkaly: {report['repeated_pairs']} (žádné rozsazení jich nemá "
        f"méně než {report['repeat_bound']}"
    ) in html
