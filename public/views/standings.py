"""A stage's standings (page, live fragment, JSON) and the teams' standings."""

from urllib.parse import urlencode

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from accounts.access import public
from interchange.results import results_document
from rules import word_poker
from rules.rulesets import WORD_POKER
from rules.stages import FINAL_A, FINAL_B, QUALIFIER
from scoring import pages, publicity
from scoring.selectors import stage_data
from sharedcache import not_cached_whole
from tournament.labels import CATEGORY_NAMES, stage_label
from tournament.models import Stage
from ui.addresses import lot_record_path
from ui.lookups import tournament_or_404
from ui.page_cache import cached_page, keep_only, table_sort, used_parameters

from .. import live
from ..tables import StandingsTable, TeamsTable
from .common import sort_fields, without_stray_sorts

# The query parameters each page uses (ui.page_cache): the tables' sort, the seat search.
STANDINGS_SORT = table_sort(
    StandingsTable, "|".join(f"{category.lower()}-" for category in CATEGORY_NAMES)
)
TEAMS_SORT = table_sort(TeamsTable)


def _standings_prefix(category: str) -> str:
    return f"{category.lower()}-"


def _standings_tables(request, tournament, kind, page):
    result = []
    for standing in page.categories:
        caption = _("%(stage)s, %(category)s") % {
            "stage": stage_label(kind, tournament),
            "category": CATEGORY_NAMES[standing.category](),
        }
        if standing.quota is not None and page.over:
            caption += ": " + ngettext(
                "the best %(quota)s advances to the A-final",
                "the best %(quota)s advance to the A-final",
                standing.quota,
            ) % {"quota": standing.quota}
        elif standing.quota is not None:
            caption += ": " + ngettext(
                "when the qualifier is over, the best %(quota)s will go to the A-final",
                "when the qualifier is over, the best %(quota)s will go to the A-final",
                standing.quota,
            ) % {"quota": standing.quota}
        table = StandingsTable(
            standing.rows,
            caption=caption,
            slug=tournament.slug,
            prefix=_standings_prefix(standing.category),
            lot_url=lot_record_path(tournament, kind) if page.by_lot else "",
        )
        if kind == QUALIFIER:
            table.cut_label = _("The advancement cut: the players above advance to the A-final.")
        else:
            table.cut_label = None
        RequestConfig(request, paginate=False).configure(table)
        result.append(
            {"standing": standing, "table": table, "name": CATEGORY_NAMES[standing.category]()}
        )
    return result


def _live_url(tournament, stage, sort) -> str:
    """The live fragment's address: the sort the reader chose and the state of their copy."""
    return (
        reverse("public:standings_live", kwargs={"slug": tournament.slug, "stage": stage})
        + "?"
        + urlencode([*sort, ("od", str(live.Stamp.of(tournament)))])
    )


# Slovní poker's standings criteria as the legend of a shared place names them.
POKER_CRITERIA_WORDS = {
    word_poker.GAMES_WON: lambda: pgettext("equal", "games won"),
    word_poker.DEALS_WON: lambda: pgettext("equal", "deals won"),
    word_poker.POINTS: lambda: pgettext("equal", "points"),
}


def shared_place_legend(tournament) -> str:
    """What a shared place is equal in, when the rule set's criteria are the organiser's
    (Slovní poker's, in the tournament's order); empty: the template's own legend."""
    if tournament.rule_set != WORD_POKER:
        return ""
    words = [POKER_CRITERIA_WORDS[name]() for name in tournament.rules().order]
    criteria = words[0]
    if len(words) > 1:
        criteria = pgettext("equal", "%(earlier)s and %(last)s") % {
            "earlier": ", ".join(words[:-1]),
            "last": words[-1],
        }
    if len(words) == 1:
        legend = _("A star after the place: the place is shared (equal %(criteria)s).")
    else:
        legend = _(
            "A star after the place: the place is shared (equal %(criteria)s, ranked in this "
            "order)."
        )
    return legend % {"criteria": criteria}


def _standings_context(request, tournament, stage, page: pages.StagePage) -> dict:
    if page.stage is None:
        raise Http404
    return pages.page_context(
        tournament,
        stage,
        kind=stage,
        stage_name=stage_label(stage, tournament),
        page=page,
        tables=_standings_tables(request, tournament, stage, page),
        live_url=_live_url(tournament, stage, used_parameters(request.GET, [STANDINGS_SORT])),
        is_final_a=stage == FINAL_A,
        is_final_b=stage == FINAL_B,
        shared_legend=shared_place_legend(tournament),
    )


def _standings_sort_fields(page: pages.StagePage) -> set[str]:
    return sort_fields(StandingsTable, [_standings_prefix(s.category) for s in page.categories])


@public
@cached_page(uses=[STANDINGS_SORT])
def standings(request, slug, stage):
    tournament = tournament_or_404(slug)
    page = live.stage_standings(tournament, stage)
    redirected = without_stray_sorts(request, STANDINGS_SORT, _standings_sort_fields(page))
    if redirected is not None:
        return redirected
    context = _standings_context(request, tournament, stage, page)
    return render(request, "public/standings.html", context)


@public
@not_cached_whole("the fragment is computed once per change and sort (public.live)")
def standings_live(request, slug, stage):
    """The standings' tables for the live refresh (``public.live``), in the sort the reader
    chose: 204 while the reader's copy (``od``) is the newest, else the new tables and one
    sentence for the status region saying what changed since the reader's copy."""
    tournament = tournament_or_404(slug)
    now = live.Stamp.of(tournament)  # the fragment and its digest are of this state
    since = live.Stamp.parse(request.GET.get("od", ""))
    if since == now:
        return HttpResponse(status=204)
    page = live.stage_standings(tournament, stage)
    fields = _standings_sort_fields(page)
    sort = [pair for pair in used_parameters(request.GET, [STANDINGS_SORT]) if pair[0] in fields]
    keep_only(request, sort)

    def render_fragment() -> str:
        context = _standings_context(request, tournament, stage, page)
        return render_to_string("public/standings_live.html", context, request)

    fragment = live.live_fragment(
        now, stage, f"{get_language()}?{urlencode(sort)}", render_fragment
    )
    if since is not None and since.has(fragment.stamp):
        return HttpResponse(status=204)
    return HttpResponse(
        fragment.html
        + format_html(
            '<p id="live-status" hx-swap-oob="innerHTML">{}</p>',
            live.changes(stage, since, fragment.stamp),
        )
    )


@public
@cached_page
def standings_json(request, slug, stage):
    """The stage's standings in the syllabatim-results shape."""
    tournament = tournament_or_404(slug)
    stage_ = get_object_or_404(
        Stage.objects.select_related("tournament"), tournament=tournament, kind=stage
    )
    response = JsonResponse(
        results_document(
            stage_data(stage_), announced_only=True, held=publicity.held_results(tournament)
        ),
        json_dumps_params={"ensure_ascii": False, "indent": 1},
    )
    response["Access-Control-Allow-Origin"] = "*"
    return response


@public
@cached_page(uses=[TEAMS_SORT])
def team_standings(request, slug):
    tournament = tournament_or_404(slug)
    teams = pages.team_page(tournament)
    table = TeamsTable(
        teams.rows,
        caption=_("Teams: the three best players of each over both days"),
        slug=slug,
        lot_url=lot_record_path(tournament, "teams") if teams.by_lot else "",
    )
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "public/teams.html",
        pages.page_context(
            tournament, "teams", table=table, has_teams=bool(teams.rows), teams=teams
        ),
    )
