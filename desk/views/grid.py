"""The referee's desk: the day's grid of sheets for the game chosen, with what waits (the
blockers from ``desk.selectors.blockers``)."""

from collections import Counter

from django.shortcuts import render

from accounts.access import referee_required
from scoring import early_end as early_end_services
from ui.lookups import tournament_or_404

from ..selectors import (
    blockers,
    current_game,
    game_grid,
    games_of,
    next_missing,
    open_ties,
    unconfirmed,
    waiting_for,
)
from .common import sheet_url
from .links import link_rows, phones


@referee_required
def dashboard(request, slug):
    tournament = tournament_or_404(slug)
    games = games_of(tournament)
    chosen = request.GET.get("partie", "")
    game = next((g for g in games if f"{g.stage.kind}-{g.number}" == chosen), None) or current_game(
        tournament
    )
    grid = game_grid(game) if game else None
    ties = open_ties(tournament)
    waiting = unconfirmed(tournament)
    mine = waiting_for(request.user, waiting)
    mine_here = [s for s in mine if game is not None and s.table.game_id == game.pk]
    to_confirm_by_table = Counter(s.table.number for s in mine_here)
    first_missing = next_missing(grid) if grid else None
    return render(
        request,
        "desk/dashboard.html",
        {
            "tournament": tournament,
            "games": games,
            "game": game,
            "grid": grid,
            "blockers": blockers(game, grid, ties),
            "ties": ties,
            "waiting": waiting,
            "to_confirm_here": len(mine_here),
            "grid_rows": [
                (table, cells, to_confirm_by_table.get(table.number, 0))
                for table, cells in (grid.rows if grid else [])
            ],
            "next_to_confirm": sheet_url(mine[0]) if mine else None,
            "first_missing": sheet_url(first_missing) if first_missing else None,
            "can_end_early": bool(game and not early_end_services.early_end_refusal(game)),
            "sheet_url": sheet_url,
            "table_links": link_rows(request, game) if game else [],
            "phones": phones(request, tournament),
        },
    )
