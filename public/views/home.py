"""A championship's home page."""

from django.shortcuts import render

from accounts.access import public
from rules.stages import FINAL_A, FINAL_B
from scoring import pages
from tournament.labels import stage_label
from ui.lookups import tournament_or_404
from ui.page_cache import cached_page

from .medals import medals_context


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
    medals = medals_context(pages.medals_page(tournament)) if final_over else None
    return render(
        request,
        "public/home.html",
        pages.page_context(tournament, "home", now=now, stages=stages, medals=medals),
    )
