"""The medals and the ceremony that reveals them."""

from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from accounts.access import public
from rules.stages import FINAL_B
from scoring import ceremony as ceremony_reveals
from scoring import pages
from sharedcache import not_cached_whole
from tournament.labels import CATEGORY_NAMES, stage_label
from tournament.models import Tournament
from ui.labels import MEDALS
from ui.lookups import tournament_or_404
from ui.page_cache import cached_page


def _podium_caption(block: pages.PodiumBlock) -> str:
    if block.kind == FINAL_B:
        return capfirst(stage_label(block.kind))
    return _("%(stage)s, %(category)s") % {
        "stage": capfirst(stage_label(block.kind)),
        "category": CATEGORY_NAMES[block.category](),
    }


def _medal_rows(rows) -> list[dict]:
    return [{"row": row, "medal": MEDALS[row.medal]} for row in rows]


def medals_context(page: pages.MedalsPage) -> dict:
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
        pages.page_context(
            tournament, "medals", medals=medals_context(pages.medals_page(tournament))
        ),
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
