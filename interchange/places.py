"""Where in a tournament a problem is: stage, game, table, round, player or team, in words."""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from rules.stages import QUALIFIER, TEAMS
from tournament.models import StageKind

STAGE_NAMES = {
    **{kind: label for kind, label in StageKind.choices},
    TEAMS: gettext_lazy("teams"),
}


@dataclass(frozen=True)
class Place:
    stage: str | None = None
    game: object = None
    table: object = None
    round: object = None
    player: object = None
    team: object = None
    lot: int | None = None  # 1-based position in the file's list of lots
    sanction: int | None = None  # 1-based position in the file's list of sanctions
    replacement: int | None = None  # 1-based position in the file's list of replacements
    item: str | None = None  # a field or another part, as the file names it
    # the document is a club tournament's without finals: its one stage is "turnaj"
    single_stage: bool = False

    def __str__(self) -> str:
        parts = []
        if self.lot is not None:
            parts.append(_("lot %(number)s") % {"number": self.lot})
        if self.sanction is not None:
            parts.append(_("sanction %(number)s") % {"number": self.sanction})
        if self.replacement is not None:
            parts.append(_("replacement %(number)s") % {"number": self.replacement})
        if self.stage is not None:
            if self.single_stage and self.stage == QUALIFIER:
                parts.append(pgettext("the one stage of a club tournament", "Tournament"))
            else:
                parts.append(str(STAGE_NAMES.get(self.stage, self.stage)))
        if self.game is not None:
            parts.append(_("game %(number)s") % {"number": self.game})
        if self.table is not None:
            parts.append(_("table %(number)s") % {"number": self.table})
        if self.round is not None:
            parts.append(_("round %(number)s") % {"number": self.round})
        if self.team is not None:
            parts.append(_("team „%(name)s“") % {"name": self.team})
        if self.player is not None:
            parts.append(_("player no. %(number)s") % {"number": self.player})
        if self.item is not None:
            parts.append(_("field „%(name)s“") % {"name": self.item})
        return ", ".join(parts) if parts else _("the tournament")


@dataclass(frozen=True)
class Problem:
    place: Place
    message: str
    warning: bool = False

    def __str__(self) -> str:
        text = f"{self.place}: {self.message}"
        return text[:1].upper() + text[1:]
