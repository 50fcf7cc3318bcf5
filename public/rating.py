"""The public rating of persons (issue 25): the lists (B1, VS and combined) of each game
(issue 37: Syllabatim, Slovní poker, Scrabble, ``rules.games``) and each person's history in
each game as a chart with its table. Shown only: the pages say the rating decides nothing.

Cached whole like the tournaments' pages (``ui.page_cache``), under the state of what they
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
from rules.games import GAMES, SYLLABATIM
from season.labels import GAME_NAMES
from tournament.cache import persons_state
from tournament.czech import czech_page, with_czech
from tournament.labels import CATEGORY_NAMES
from tournament.models import Person
from ui.page_cache import cached_page, number, table_sort

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


def game_prefix(game: str) -> str:
    """Where a game's tables' parameters start: Syllabatim's as before the other games came
    (``?b1-sort=``), the others' with the game's name (``?word_poker-b1-sort=``)."""
    return "" if game == SYLLABATIM else f"{game}-"


RATING_SORT = table_sort(
    RatingTable,
    "|".join(game_prefix(game) + prefix for game in GAMES for _category, prefix in LISTS),
)


@public
@require_safe
@cached_page(
    uses=[number(MIN_GAMES_PARAMETER, 1, MIN_GAMES_LIMIT), RATING_SORT], state=rating_state
)
def rating_list(request):
    from rules.rating import DISPLAY_BASE
    from season import rating as stored_rating

    least = min_games(request)
    games = stored_rating.rated_games()
    every = stored_rating.rating_lists(least, games)
    sections = []
    for game in games:
        game_name = GAME_NAMES[game]
        lists = []
        for category, prefix in LISTS:
            name = CATEGORY_NAMES[category]()
            words = {"game": game_name, "category": name}
            table = RatingTable(
                every[game][category],
                caption=_("Rating in %(game)s: %(category)s") % words,
                prefix=game_prefix(game) + prefix,
            )
            RequestConfig(request, paginate=False).configure(table)
            section_id = (game_prefix(game) + prefix).rstrip("-")
            lists.append({"id": section_id, "name": name, "table": table})
        sections.append({"id": game, "name": game_name, "lists": lists})
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
    """A person's rating after each rated game of each game they played (``games``: the
    game's name, the chart, its table and the latest value), for the rating's own page and the
    person's page."""
    from season import rating as stored_rating

    games = []
    for game, history in stored_rating.person_history(person).items():
        name = GAME_NAMES[game]
        values = [history[0].before] + [row.after for row in history]
        chart = charts.rating_history(
            values,
            with_czech(
                _("Rating of %(person)s in %(game)s after each rated game"),
                person=person.name,
                game=name,
            ),
            # the image's name without the Czech name (the page's h1 says it)
            spoken=""
            if czech_page()
            else _("Rating in %(game)s after each rated game") % {"game": name},
        )
        table = RatingHistoryTable(
            history,
            caption=with_czech(
                _("Rated games of %(person)s in %(game)s"), person=person.name, game=name
            ),
            prefix=game_prefix(game) + "history-",
        )
        games.append(
            {
                "id": game,
                "name": name,
                "history": history,
                "chart": chart,
                "table": table,
                "current": history[-1],
            }
        )
    return {"person": person, "games": games}
