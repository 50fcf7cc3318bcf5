"""What the desk's pages share: the address of a sheet, of the game's grid, a sheet's place in
words."""

from django.urls import reverse
from django.utils.translation import gettext as _


def sheet_url(cell_or_table, round_=None) -> str:
    table = cell_or_table if round_ is not None else cell_or_table.table
    round_ = round_ if round_ is not None else cell_or_table.round
    game = table.game
    return reverse(
        "desk:sheet",
        kwargs={
            "slug": game.stage.tournament.slug,
            "stage": game.stage.kind,
            "number": game.number,
            "table": table.number,
            "round": round_.number,
        },
    )


def dashboard_url(slug, game, anchor: str = "") -> str:
    """The desk's grid with ``game`` chosen (``?partie=<stage>-<number>``), at ``anchor`` if
    given; templates have it as ``{% dashboard_url tournament.slug game %}``."""
    return (
        reverse("desk:dashboard", kwargs={"slug": slug})
        + f"?partie={game.stage.kind}-{game.number}"
        + (f"#{anchor}" if anchor else "")
    )


def sheet_place(sheet) -> str:
    return _("table %(table)s, round %(round)s") % {
        "table": sheet.table.number,
        "round": sheet.round.number,
    }
