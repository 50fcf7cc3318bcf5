"""The public rating (issue 25): the lists and a person's history, shown only."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from season import rating
from season.models import PersonRating, RatingEntry
from tests.season.test_rating import link_persons
from tournament.cache import forget_states

SHOWN_ONLY = "Rating se jen zobrazuje: nerozhoduje"


@pytest.fixture
def rated(demo):
    """The demo championship with a person behind every player, its rating computed."""
    link_persons(demo)
    rating.refresh()
    return demo


def get(url):
    response = Client().get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_list_has_the_three_lists_and_says_it_decides_nothing(rated):
    html = get(reverse("tournament:rating") + "?partii=1")
    assert SHOWN_ONLY in html
    for heading in ("b1-heading", "vs-heading", "all-heading"):
        assert f'id="{heading}"' in html
    everybody = PersonRating.objects.count()
    best = max(PersonRating.objects.all(), key=lambda row: row.mu - 3 * row.sigma)
    combined = html[html.index('id="all-heading"') :]
    assert combined.count('<th scope="row">') == everybody
    assert best.person.name in combined[: combined.index("</tr>", combined.index("<tbody>"))]
    b1 = html[html.index('id="b1-heading"') : html.index('id="vs-heading"')]
    assert b1.count('<th scope="row">') == PersonRating.objects.filter(category="B1").count()


def test_the_least_number_of_games_is_a_setting_or_the_lists_parameter(rated, settings):
    most = max(PersonRating.objects.values_list("games", flat=True))
    settings.RATING_MIN_GAMES = most + 1
    html = get(reverse("tournament:rating"))
    assert '<th scope="row">' not in html
    html = get(reverse("tournament:rating") + f"?partii={most}")
    shown = PersonRating.objects.filter(games__gte=most).count()
    assert html.count('<th scope="row">') == 2 * shown  # B1 and VS, then all together
    for junk in ("0", "-3", "x", "99999"):  # ignored: the setting's number
        assert '<th scope="row">' not in get(reverse("tournament:rating") + f"?partii={junk}")


def queries(url) -> int:
    """The queries of a request that reads the state anew (a process keeps it a while)."""
    forget_states()
    with CaptureQueriesContext(connection) as captured:
        get(url)
    return len(captured)


def test_the_pages_take_a_fixed_number_of_queries(rated):
    url = reverse("tournament:rating")
    assert queries(url + "?partii=1000") == queries(url + "?partii=1")  # none vs everybody
    many, few = PersonRating.objects.values_list("person_id", flat=True)[:2]
    first = RatingEntry.objects.filter(person=few).order_by("position").first()
    RatingEntry.objects.filter(person=few).exclude(pk=first.pk).delete()  # one game shown
    assert RatingEntry.objects.filter(person=many).count() > 1
    assert queries(reverse("tournament:rating_person", args=[few])) == queries(
        reverse("tournament:rating_person", args=[many])
    )


def test_a_persons_history_is_a_chart_with_its_table(rated):
    entry = RatingEntry.objects.order_by("-games").first()
    person = entry.person
    html = get(reverse("tournament:rating_person", args=[person.pk]))
    assert SHOWN_ONLY in html
    assert '<svg class="chart"' in html and 'role="img"' in html
    games = RatingEntry.objects.filter(person=person).count()
    assert html.count('<th scope="row">') == games
    caption = re.search(r'aria-labelledby="(chart-[0-9a-f]+-c)"', html).group(1)
    assert f'id="{caption}"' in html
    assert f"{games} hodnocených partií" in html or f"{games} hodnocené partie" in html
    assert reverse("public:home", kwargs={"slug": rated.slug}) in html


def test_a_person_without_rated_games_and_an_unknown_person(rated):
    from tournament.models import Person

    nobody = Person.objects.create(name="Nová Osoba")
    html = get(reverse("tournament:rating_person", args=[nobody.pk]))
    assert "<svg" not in html
    response = Client().get(reverse("tournament:rating_person", args=[nobody.pk + 1000]))
    assert response.status_code == 404


def test_the_english_pages(rated):
    html = get("/en" + reverse("tournament:rating"))
    assert "decides no draw, no place and no advancement" in html


def test_the_rating_chart_runs_from_the_lowest_value_to_the_highest():
    from public.charts import HEIGHT, MARGIN, rating_history

    chart = rating_history([1000, 1130, 1090, 1210], "Rating: Jana Nová")
    assert chart["svg"].count("<circle") == 4
    assert f'cy="{HEIGHT - MARGIN}.0"' in chart["svg"]  # the lowest, 1000, on the axis
    assert f'cy="{MARGIN}.0"' in chart["svg"]  # the highest, 1210, at the top
    assert "3 hodnocené partie" in chart["summary"] and "od 1000 do 1210" in chart["summary"]


def test_the_pages_come_from_the_cache_until_what_they_show_changes(
    rated, django_capture_on_commit_callbacks
):
    """Cached by the state of what they show (issue 32, 4): a page asked again costs one
    query; a sheet corrected, a tournament no longer rated or a person renamed is shown at
    once. The writes bring the rating up to date once committed (issue 35), the pages only
    read it."""
    from scoring.models import RoundResult
    from tournament.changes import touch

    best = max(PersonRating.objects.all(), key=lambda row: row.mu - 3 * row.sigma)
    pages = [
        reverse("tournament:rating") + "?partii=1",
        reverse("tournament:rating_person", args=[best.person_id]),
        reverse("tournament:person", args=[best.person.uuid]),
    ]
    before = {url: get(url) for url in pages}
    for url in pages:
        assert queries(url) == 1 and get(url) == before[url]

    best.person.name = "Přejmenovaná Osoba"
    best.person.save()
    renamed = {url: get(url) for url in pages}
    for url in pages:
        assert "Přejmenovaná Osoba" in renamed[url] and renamed[url] != before[url], url

    # the best player's results corrected to nothing laid (a write moves the tournament's
    # stamp): last at every table, the rating falls
    with django_capture_on_commit_callbacks(execute=True):  # as the write's commit does
        RoundResult.objects.filter(player__person=best.person).update(laid=0)
        touch(rated.pk)
    assert rating.refresh() == rating.CURRENT  # the write brought the ratings up to date
    assert get(pages[1]) != renamed[pages[1]]
    fallen = PersonRating.objects.get(person=best.person)
    assert (fallen.mu, fallen.sigma) != (best.mu, best.sigma)

    rated.rated = False
    with django_capture_on_commit_callbacks(execute=True):
        rated.save()
    assert '<th scope="row">' not in get(pages[0])
