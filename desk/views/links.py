"""Table links on the referee's game page: each table's address for its scorekeeper's phone
(organiser and referees), renewed or revoked by the organiser (``scoring.links``)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.access import organiser_required
from scoring import clocks, links
from tournament.addresses import PhonesAddress, phones_address
from tournament.models import Table
from ui.addresses import table_url
from ui.lookups import game_or_404, tournament_or_404
from ui.refusals import show_refusal

from .common import dashboard_url


def phones(request, tournament) -> PhonesAddress:
    """Where the phones reach this server (``tournament.addresses.phones_address``): the
    tournament's setting, else ``DJANGO_SITE_URL``, else the address the desk is opened at."""
    return phones_address(tournament, request.build_absolute_uri("/"))


def link_rows(request, game) -> list[dict]:
    """Each table of the game with its link in force (issued now for a table that never had
    one), or none where the organiser revoked it, and its move clock where one is on."""
    if not game.draw_confirmed:
        return []
    issued = links.issue_table_links(game=game, by=request.user)
    base = phones(request, game.stage.tournament).url
    clocks_on = clocks.clocks_on(game)
    return [
        {
            "table": table,
            "link": issued.get(table.number),
            "url": table_url(issued[table.number], base) if table.number in issued else None,
            "clock": clocks_on.get(table.number),
        }
        for table in links.played_tables(game).order_by("number")  # a Scrabble bye has none
    ]


def _back(slug, game):
    return redirect(dashboard_url(slug, game, "table-links"))


@organiser_required
@require_POST
def renew_link(request, slug, stage, number, table):
    game = game_or_404(tournament_or_404(slug), stage, number)
    table_ = get_object_or_404(Table, game=game, number=table)
    try:
        link = links.renew_table_link(table=table_, by=request.user)
    except links.LinkRefused as refused:
        show_refusal(request, refused)
    else:
        messages.success(
            request,
            _("Table %(table)s has a new link (code %(code)s); the old one no longer works.")
            % {"table": table_.number, "code": link.code},
        )
    return _back(slug, game)


@organiser_required
@require_POST
def revoke_link(request, slug, stage, number, table):
    game = game_or_404(tournament_or_404(slug), stage, number)
    table_ = get_object_or_404(Table, game=game, number=table)
    try:
        links.revoke_table_link(table=table_, by=request.user)
    except links.LinkRefused as refused:
        show_refusal(request, refused)
    else:
        messages.success(
            request,
            _("The link of table %(table)s no longer works.") % {"table": table_.number},
        )
    return _back(slug, game)
