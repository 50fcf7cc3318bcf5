"""How stages and categories are named to people: the pages, the printouts, Braille."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.stages import QUALIFIER

from .models import Stage, TournamentKind

CATEGORY_NAMES = {
    "B1": lambda: _("B1, blind"),
    "VS": lambda: _("VS, sighted and low-vision"),
    "ALL": lambda: _("all categories"),
}


def stage_label(kind: str, tournament=None, *, single: bool | None = None) -> str:
    """A stage's name ("Kvalifikace"); a code that names no stage (an old history record's)
    is shown as it is. Given its tournament: a club tournament without finals plays one stage,
    which qualifies for nothing: it is named "Turnaj" (issue 35). ``single``: whether the
    tournament is such a one, where the caller kept that instead of the tournament."""
    if single is None:
        single = tournament is not None and single_stage(tournament)
    if kind == QUALIFIER and single:
        return pgettext("the one stage of a club tournament", "Tournament")
    return str(Stage.Kind(kind).label) if kind in Stage.Kind.values else kind


def single_stage(tournament) -> bool:
    """A club tournament without finals: its one stage is the tournament."""
    return tournament.kind == TournamentKind.CLUB and not tournament.has_finals()


def category_name(category: str) -> str:
    return CATEGORY_NAMES[category]()
