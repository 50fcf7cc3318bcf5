"""The published draw with the seat search."""

from django.shortcuts import render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from accounts.access import public
from scoring import pages
from tournament.labels import stage_label
from ui.lookups import tournament_or_404
from ui.page_cache import cached_page, named, table_sort

from .. import selectors
from ..commitments import draw_commitments
from ..tables import DrawTable
from .common import sort_fields, without_stray_sorts

# The query parameters each page uses (ui.page_cache): the tables' sort, the seat search.
DRAW_SORT = table_sort(DrawTable, r"(qualifier|final-a|final-b)-[1-9][0-9]?-")
SEAT_SEARCH = named("hledat")


def _draw_prefix(game) -> str:
    return f"{game.stage.kind.replace('_', '-')}-{game.number}-"


@public
@cached_page(uses=[SEAT_SEARCH, DRAW_SORT])
def draw(request, slug):
    """Where everybody sits in every game being played (the A- and the B-final at once), or
    the last ones played; a reader finds their seat by name (accents optional) or number and
    hears it first: in the page's title and in the status right after the search. A name with
    no seat in those games gets its last seat."""
    tournament = tournament_or_404(slug)
    announced = pages.announced_games(tournament)
    fields = sort_fields(DrawTable, [_draw_prefix(item.game) for item in announced])
    redirected = without_stray_sorts(request, DRAW_SORT, fields)
    if redirected is not None:
        return redirected
    rows_by_game = pages.games_draw_rows([item.game for item in announced])
    query = request.GET.get("hledat", "").strip()
    tables, shown, found_rows = [], [], []
    for item in announced:
        game = item.game
        rows = rows_by_game[game.pk]
        if query:
            rows = selectors.find_seats(rows, query)
            if not rows:
                continue
            found_rows.append((game, rows))
        table = DrawTable(
            rows,
            slug=slug,
            caption=_("Where everybody sits: %(stage)s, game %(game)s")
            % {"stage": stage_label(game.stage.kind, tournament), "game": game.number},
            prefix=_draw_prefix(game),
        )
        RequestConfig(request, paginate=False).configure(table)
        tables.append(table)
        shown.append(item)
    answer = selectors.seat_answer(tournament, announced, found_rows, query) if query else {}
    return render(
        request,
        "public/draw.html",
        pages.page_context(
            tournament,
            "draw",
            announced=announced,
            tables=tables,
            query=query,
            found=sum(len(rows) for _game, rows in found_rows),
            commitments=draw_commitments(tournament, shown),
            **answer,
        ),
    )
