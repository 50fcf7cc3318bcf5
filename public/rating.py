"""The public rating of persons (issue 25): the lists (B1, VS and combined) and each person's
history as a chart with its table. Shown only: the pages say the rating decides nothing.

Cached whole like the tournaments' pages (``tournament.cache``), under the state of what they
show (``rating_state``): every tournament's change stamp and the persons' last change, which
move with anything the stored ratings are computed from, and the model's parameters. A page
computed anew first brings the stored ratings up to date (``season.rating.refresh``: three
queries when nothing changed), then reads them in a fixed number of queries, whatever the
number of persons.

``season.rating`` is imported by the views, not when the URLs are
loaded: no server worker or command pays for it before a rating page is asked for
(``tests/test_startup.py``)."""

from django.conf import settings
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from accounts.access import public
from rules.categories import ALL, BLIND, SIGHTED
from tournament.cache import cached_page, number, persons_state, table_sort
from tournament.labels import CATEGORY_NAMES
from tournament.models import Person
from tournament.templatetags.czech import czech_page, with_czech

from . import charts
from .tables import RatingHistoryTable, RatingTable

MIN_GAMES_PARAMETER = "partii"  # ?partii=3: persons with at least three rated games
MIN_GAMES_LIMIT = 1000


def min_games(request) -> int:
    """The list's least number of rated games: the parameter's, else the setting's."""
    text = request.GET.get(MIN_GAMES_PARAMETER, "").strip()
    if text.isdigit() and 1 <= int(text) <= MIN_GAMES_LIMIT:
        return int(text)
    return settings.RATING_MIN_GAMES


def rating_state(kwargs: dict) -> str:
    """What the rating pages show depends on: the tournaments and the persons
    (``tournament.cache.persons_state``; the rating's fingerprint, ``season.rating``, reads
    nothing else of the database), the model's parameters and the list's least number of
    games when the address gives none."""
    from dataclasses import astuple

    from rules.rating import DISPLAY_BASE, MODEL

    model = (*astuple(MODEL), DISPLAY_BASE)
    setup = ".".join(map(str, (*model, settings.RATING_MIN_GAMES)))
    return f"{persons_state()}:{setup}"


LISTS = ((BLIND, "b1-"), (SIGHTED, "vs-"), (ALL, "all-"))  # each list's table and its prefix
RATING_SORT = table_sort(RatingTable, "|".join(prefix for _category, prefix in LISTS))


@public
@require_safe
@cached_page(
    uses=[number(MIN_GAMES_PARAMETER, 1, MIN_GAMES_LIMIT), RATING_SORT], state=rating_state
)
def rating_list(request):
    from rules.rating import DISPLAY_BASE
    from season import rating as stored_rating

    least = min_games(request)
    lists = stored_rating.rating_lists(least)
    sections = []
    for category, prefix in LISTS:
        name = CATEGORY_NAMES[category]()
        table = RatingTable(
            lists[category],
            caption=_("Rating: %(category)s") % {"category": name},
            prefix=prefix,
        )
        RequestConfig(request, paginate=False).configure(table)
        sections.append({"id": prefix.rstrip("-"), "name": name, "table": table})
    return render(
        request,
        "public/rating_list.html",
        {
            "sections": sections,
            "least": least,
            "parameter": MIN_GAMES_PARAMETER,
            "limit": MIN_GAMES_LIMIT,
            "base": DISPLAY_BASE,
        },
    )


@public
@require_safe
@cached_page(state=rating_state)
def rating_person(request, person):
    person = get_object_or_404(Person, pk=person)
    return render(request, "public/rating_person.html", rating_history(person))


def rating_history(person: Person) -> dict:
    """A person's rating after each rated game: the chart, its table and the latest value,
    for the rating's own page and the person's page."""
    from season import rating as stored_rating

    history = stored_rating.person_history(person)
    context = {"person": person, "history": history}
    if history:
        values = [history[0].before] + [row.after for row in history]
        context["chart"] = charts.rating_history(
            values,
            with_czech(_("Rating of %(person)s after each rated game"), person=person.name),
            # the image's name without the Czech name (the page's h1 says it)
            spoken="" if czech_page() else _("Rating after each rated game"),
        )
        context["table"] = RatingHistoryTable(
            history,
            caption=with_czech(_("Rated games of %(person)s"), person=person.name),
            prefix="history-",
        )
        context["current"] = history[-1]
    return context
