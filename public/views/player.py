"""One player's page."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from accounts.access import public
from rules.stages import STAGES
from scoring import pages, publicity
from tournament.czech import czech_page, with_czech
from tournament.labels import stage_label
from tournament.models import Player
from ui.lookups import tournament_or_404
from ui.page_cache import cached_page

from .. import charts, selectors


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
                        else _("Running total in the %(stage)s")
                        % {"stage": stage_label(kind, tournament)},
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
