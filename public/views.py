"""The public pages: no login, cached, thin over ``public.selectors``."""

from datetime import UTC, datetime
from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

import sharedcache
from accounts.access import public
from interchange.results import results_document
from rules.stages import FINAL_A, FINAL_B, QUALIFIER, STAGES
from scoring import ceremony as ceremony_reveals
from scoring import pages, publicity
from scoring.selectors import stage_data
from sharedcache import not_cached_whole
from tournament import disk
from tournament.addresses import INSTANCE_HEADER, instance_token
from tournament.cache import (
    cached_page,
    keep_only,
    named,
    persons_state,
    table_sort,
    used_parameters,
)
from tournament.labels import CATEGORY_NAMES, stage_label
from tournament.lookups import tournament_or_404
from tournament.models import Person, Player, Stage, Tournament, TournamentKind
from tournament.persons import resolved
from tournament.templatetags.czech import czech_page, with_czech
from ui.labels import MEDALS

from . import charts, hall, live, rating, selectors
from .commitments import draw_commitments
from .tables import DrawTable, StandingsTable, TeamsTable

RECORDS_SHOWN = 10  # the archive's lists of records show the top ten

# The query parameters each page uses (tournament.cache): the tables' sort, the seat search.
STANDINGS_SORT = table_sort(
    StandingsTable, "|".join(f"{category.lower()}-" for category in CATEGORY_NAMES)
)
TEAMS_SORT = table_sort(TeamsTable)
DRAW_SORT = table_sort(DrawTable, r"(qualifier|final-a|final-b)-[1-9][0-9]?-")
SEAT_SEARCH = named("hledat")


def _standings_prefix(category: str) -> str:
    return f"{category.lower()}-"


def _draw_prefix(game) -> str:
    return f"{game.stage.kind.replace('_', '-')}-{game.number}-"


def _sort_fields(table_class, prefixes) -> set[str]:
    """The sort parameters of the tables of ``table_class`` with these prefixes."""
    return {prefix + table_class._meta.order_by_field for prefix in prefixes}


def _without_stray_sorts(request, sort, fields: set[str]):
    """A redirect to the page's address without the ``sort`` parameters of tables the page
    does not show (``fields``: the sort parameters of those it shows), or None when it has
    none: each would be another cache entry of the same page (issue 31, 7)."""
    stray = {name for name, _value in used_parameters(request.GET, [sort]) if name not in fields}
    if not stray:
        return None
    kept = [
        (name, value)
        for name, values in request.GET.lists()
        if name not in stray
        for value in values
    ]
    return redirect(f"{request.path}?{urlencode(kept)}" if kept else request.path)


@public
@not_cached_whole("no data: the framework and the cache's state, never stored")
def health(request):
    """For load balancers and the benchmark's floor: the framework and the cache's state, no
    database. A cache that does not answer leaves the server serving (the pages are rendered,
    the guesses counted per process): still 200, with the outage named."""
    down_since = sharedcache.state()
    cache = "ok" if down_since is None else f"unavailable since {down_since}"
    space = disk.state()
    status, disk_line = health_of_disk(space)
    response = HttpResponse(
        f"{status}\ncache: {cache}\ndisk: {disk_line}\n", content_type="text/plain"
    )
    response["Cache-Control"] = "no-store"
    # which server this is: the settings page checks the phones' address reaches this one
    response[INSTANCE_HEADER] = instance_token()
    return response


def health_of_disk(space: disk.DiskState) -> tuple[str, str]:
    """The first line of ``/zdravi/`` and its disk's line: "disk full" while saves fail for a
    full disk (the pages are still served), the free space, and "low" under the warning's
    threshold."""
    free = "unknown" if space.free is None else f"{space.free_mib} MiB free"
    if space.full:
        since = datetime.fromtimestamp(space.full_since, tz=UTC).isoformat(timespec="seconds")
        return "disk full", f"full since {since}: nothing can be saved; {free}"
    return "ok", f"low, {free}" if space.low else f"ok, {free}"


FAVICON = settings.BASE_DIR / "static" / "favicon.ico"


@public
@not_cached_whole("a file read once, cached by browsers for a day")
@require_safe
def favicon(request):
    """/favicon.ico, which browsers ask for whatever the page links: the site's icon (the
    pages also link it and its SVG from the static files)."""
    response = HttpResponse(FAVICON.read_bytes(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@public
@cached_page
def front_page(request):
    tournaments = Tournament.objects.order_by("-year", "name")
    return render(request, "public/front_page.html", {"tournaments": tournaments})


@public
@cached_page
def home(request, slug):
    """The tournament's front page: once the championship is over it leads with the
    champions, the B-final's podium, the best team and the games ended early; then what is
    played now and where each stage stands."""
    tournament = tournament_or_404(slug)
    now = [
        {
            "game": item.game,
            "stage": stage_label(item.game.stage.kind, tournament),
            "round": item.round,
        }
        for item in pages.announced_games(tournament)
    ]
    summaries = pages.stage_summaries(tournament)
    stages = [
        {"summary": summary, "label": stage_label(summary.kind, tournament)}
        for summary in summaries
    ]
    # no final over: nothing is decided, and the page keeps its few queries
    final_over = any(s.over for s in summaries if s.kind in (FINAL_A, FINAL_B))
    medals = _medals(pages.medals_page(tournament)) if final_over else None
    return render(
        request,
        "public/home.html",
        pages.page_context(tournament, "home", now=now, stages=stages, medals=medals),
    )


def _podium_caption(block: pages.PodiumBlock) -> str:
    if block.kind == FINAL_B:
        return capfirst(stage_label(block.kind))
    return _("%(stage)s, %(category)s") % {
        "stage": capfirst(stage_label(block.kind)),
        "category": CATEGORY_NAMES[block.category](),
    }


def _medal_rows(rows) -> list[dict]:
    return [{"row": row, "medal": MEDALS[row.medal]} for row in rows]


def _medals(page: pages.MedalsPage) -> dict:
    """The medals read model with the words the pages show around it."""
    return {
        "page": page,
        "champions": [
            {"block": block, "category": CATEGORY_NAMES[block.category]()}
            for block in page.champions
        ],
        "podiums": [
            {"block": block, "caption": _podium_caption(block), "rows": _medal_rows(block.rows)}
            for block in page.podiums
        ],
        "b_final": _medal_rows(page.b_final.rows) if page.b_final else [],
        "teams": _medal_rows(page.teams),
        "ended_early": [
            _(
                "%(stage)s, game %(game)s: ended early by the referee (rule F); rounds not "
                "played: %(rounds)s."
            )
            % {
                "stage": capfirst(stage_label(game.kind)),
                "game": game.game,
                "rounds": ", ".join(map(str, game.rounds_dropped)),
            }
            for game in page.ended_early
        ],
    }


@public
@cached_page
def medals(request, slug):
    """Every podium decided so far: each category of the A-final, the B-final, the teams."""
    tournament = tournament_or_404(slug)
    return render(
        request,
        "public/medals.html",
        pages.page_context(tournament, "medals", medals=_medals(pages.medals_page(tournament))),
    )


def _ceremony_context(tournament: Tournament, shown: list) -> dict:
    return {
        "revealed": shown,
        "current": shown[-1] if shown else None,
        "live_url": reverse("public:ceremony_live", kwargs={"slug": tournament.slug})
        + "?"
        + urlencode({CEREMONY_SEEN: len(shown)}),
    }


CEREMONY_SEEN = "videno"  # how many places the reader's copy of the ceremony shows


@public
@cached_page
def ceremony(request, slug):
    """The ceremony as it goes (issue 24): the place on stage now and those revealed before,
    nothing before its turn; htmx asks for the next state every few seconds and the status
    region announces each newly revealed place to screen readers."""
    tournament = tournament_or_404(slug)
    shown = ceremony_reveals.revealed(tournament)
    return render(
        request,
        "public/ceremony.html",
        pages.page_context(tournament, "ceremony", **_ceremony_context(tournament, shown)),
    )


def _ceremony_news(shown: list, seen: int | None) -> SafeString:
    """What the status region says to a reader whose copy showed ``seen`` places (the Czech
    in it marked Czech on a page in another language)."""
    if seen is None or seen == len(shown):
        return mark_safe("")
    if seen < len(shown):
        return mark_safe(" ".join(reveal.sentence_html for reveal in shown[seen:]))
    if shown:
        said = conditional_escape(_("Taken back. On stage now: %(reveal)s"))
        return mark_safe(said % {"reveal": shown[-1].sentence_html})
    return conditional_escape(_("The ceremony starts over: no place is revealed."))


@public
@not_cached_whole(
    "the reader's copy decides between 204 and the block; the places revealed are computed "
    "once per change (scoring.ceremony.revealed)"
)
@never_cache
@require_safe
def ceremony_live(request, slug):
    """The ceremony's block for the live refresh: 204 while the reader's copy (``videno``)
    shows as many places as the ceremony, else the block and, for the status region, the
    places revealed since the reader's copy (or that one was taken back)."""
    tournament = tournament_or_404(slug)
    shown = ceremony_reveals.revealed(tournament)
    seen = request.GET.get(CEREMONY_SEEN, "")
    seen = int(seen) if seen.isdigit() and len(seen) < 4 else None
    if seen == len(shown):
        return HttpResponse(status=204)
    html = render_to_string("public/_ceremony.html", _ceremony_context(tournament, shown), request)
    return HttpResponse(
        html
        + format_html(
            '<p id="ceremony-status" hx-swap-oob="innerHTML">{}</p>',
            _ceremony_news(shown, seen),
        )
    )


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
            lot_url=page.lot_record,
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
    )


def _standings_sort_fields(page: pages.StagePage) -> set[str]:
    return _sort_fields(StandingsTable, [_standings_prefix(s.category) for s in page.categories])


@public
@cached_page(uses=[STANDINGS_SORT])
def standings(request, slug, stage):
    tournament = tournament_or_404(slug)
    page = live.stage_standings(tournament, stage)
    redirected = _without_stray_sorts(request, STANDINGS_SORT, _standings_sort_fields(page))
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
        lot_url=teams.lot_record,
    )
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "public/teams.html",
        pages.page_context(
            tournament, "teams", table=table, has_teams=bool(teams.rows), teams=teams
        ),
    )


@public
@cached_page(uses=[SEAT_SEARCH, DRAW_SORT])
def draw(request, slug):
    """Where everybody sits in every game being played (the A- and the B-final at once), or
    the last ones played; a reader finds their seat by name (accents optional) or number and
    hears it first: in the page's title and in the status right after the search. A name with
    no seat in those games gets its last seat."""
    tournament = tournament_or_404(slug)
    announced = pages.announced_games(tournament)
    fields = _sort_fields(DrawTable, [_draw_prefix(item.game) for item in announced])
    redirected = _without_stray_sorts(request, DRAW_SORT, fields)
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


@public
@cached_page
def player(request, slug, number):
    tournament = tournament_or_404(slug)
    page = selectors.player_page(tournament, number)
    if page is None:
        raise Http404
    by_stage = []
    held = publicity.held_results(tournament)
    for kind in STAGES:
        rounds = [r for r in page.rounds if r.stage == kind]
        if rounds and kind in held:  # nothing of a held stage's results before the ceremony
            by_stage.append(
                {
                    "kind": kind,
                    "label": stage_label(kind, tournament),
                    "held": pages.held_words(held[kind]),
                }
            )
        elif rounds:
            by_stage.append(
                {
                    "kind": kind,
                    "label": stage_label(kind, tournament),
                    "rounds": rounds,
                    "chart": charts.running_total(
                        [r.total for r in rounds],
                        with_czech(
                            _("Running total of %(player)s in the %(stage)s")
                            % {"player": "%(player)s", "stage": stage_label(kind, tournament)},
                            player=page.player.name,
                        ),
                        # the image's name without the Czech name (the page's h1 says it)
                        spoken=""
                        if czech_page()
                        else _("Running total in the %(stage)s") % {"stage": stage_label(kind)},
                    ),
                    "ranks": [(game, rank) for k, game, rank in page.ranks if k == kind],
                }
            )
    person = (
        Player.objects.filter(tournament=tournament, start_number=number)
        .values_list("person__uuid", flat=True)
        .first()
    )
    return render(
        request,
        "public/player.html",
        pages.page_context(tournament, "player", page=page, stages=by_stage, person=person),
    )


@public
@cached_page(state=persons_state)
def archive(request):
    found = selectors.archive(RECORDS_SHOWN)
    return render(
        request,
        "public/archive.html",
        {
            "champions": [
                {"champion": c, "category": CATEGORY_NAMES[c.category]()} for c in found.champions
            ],
            "best_rounds": found.best_rounds,
            "most_closes": found.most_closes,
            "most_titles": found.most_titles,
        },
    )


@public
@cached_page(state=rating.rating_state)
def person(request, person_id):
    """A person's tournaments, places, medals, titles, best rounds and closes (never the
    birth date); a person merged into another is found at the other's address."""
    found = get_object_or_404(Person, uuid=person_id)
    if found.merged_into_id is not None:
        return redirect("tournament:person", person_id=resolved(found).uuid, permanent=True)
    page = selectors.person_page(found)
    return render(
        request,
        "public/person.html",
        {
            "page": page,
            "rows": [_person_row(item) for item in page.tournaments],
            "rating": rating.rating_history(found),
        },
    )


def _person_row(item: selectors.PersonTournament) -> dict:
    entry = item.entry
    return {
        "item": item,
        "kind": TournamentKind(item.tournament.kind).label,
        "stage": stage_label(entry.stage, item.tournament) if entry and entry.stage else "",
        "category": CATEGORY_NAMES[entry.category]() if entry and entry.category else "",
        "medal": MEDALS.get(entry.medal) if entry and entry.medal else None,
    }


def _hall_context(request, tournament) -> dict:
    """The hall display's content now (``public.hall``), with the address it asks next."""
    state = hall.hall_state(tournament, lambda kind: live.stage_standings(tournament, kind))
    view = hall.hall_view(state)
    live_url = (
        reverse("public:hall_live", kwargs={"slug": tournament.slug})
        + "?"
        + urlencode([("od", str(live.Stamp.of(tournament)))])
    )
    return {
        "tournament": tournament,
        "view": view,
        "live_url": live_url,
        "refresh": hall.refresh_seconds(state),
    }


@public
@cached_page
def hall_display(request, slug):
    """The hall's projector: full screen, large print, following the day by itself."""
    tournament = tournament_or_404(slug)
    return render(request, "public/hall.html", _hall_context(request, tournament))


@public
@not_cached_whole("the content is computed once per change (public.live)")
def hall_live(request, slug):
    """The hall display's content for its refresh: 204 while the display's copy (``od``) is
    the newest, else the content now, computed once per change (``public.live``)."""
    tournament = tournament_or_404(slug)
    now = live.Stamp.of(tournament)
    since = live.Stamp.parse(request.GET.get("od", ""))
    if since == now:
        return HttpResponse(status=204)
    keep_only(request, [])
    fragment = live.live_fragment(
        now,
        "hall",
        get_language(),
        lambda: render_to_string("public/_hall.html", _hall_context(request, tournament), request),
    )
    if since is not None and since.has(fragment.stamp):
        return HttpResponse(status=204)
    return HttpResponse(fragment.html)
