"""The announcement of the results (issue 24): the ceremony's reveals in order and where it
stands. Per category of the A-final the third, the second and the first place (the first with
the title, "Mistryně ČR v Syllabatimu 2026 v kategorii nevidomí"), then the B-final's podium,
then the teams' podium, the best team last. The organiser moves it one reveal at a time; the
hall display, the public page and the handout read the same sequence. Revealing the last place
releases the results held for the announcement (``Stage.results_held``).
"""

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from refusals import Refused
from rules.categories import ALL
from rules.podium import title_in_category
from rules.stages import FINAL_A, FINAL_B
from tournament import services as tournament_services
from tournament.cache import computed_once
from tournament.czech import cs
from tournament.labels import CATEGORY_NAMES, stage_label
from tournament.lookups import who
from tournament.models import Stage, Tournament

from .models import Ceremony
from .pages import MedalsPage, medals_page

MEDAL_WORDS = {
    1: pgettext_lazy("ceremony", "gold medal"),
    2: pgettext_lazy("ceremony", "silver medal"),
    3: pgettext_lazy("ceremony", "bronze medal"),
}

TEAMS = "teams"  # the kind of the teams' reveals (rule B: the best team and the further places)


class CeremonyRefused(Refused):
    """A move of the ceremony that cannot be made now, with the reason in words."""


@dataclass(frozen=True)
class Reveal:
    """One place as the ceremony reveals it. ``title`` is the A-final champion's, Czech in
    every language (``rules.podium``); the other words are made when they are shown."""

    kind: str  # final_a, final_b or TEAMS
    category: str  # B1, VS; ALL for the B-final and the teams
    place: int
    name: str  # the player's or the team's
    points: int
    number: int | None = None  # the player's start number
    feminine: bool = False
    title: str = ""
    members: tuple[str, ...] = ()  # the team's counted players

    @property
    def heading(self) -> str:
        """What the place is of: "Finále A, B1, nevidomí", "Finále B", "Družstva"."""
        if self.kind == TEAMS:
            return _("Best team") if self.place == 1 else _("Teams")
        label = capfirst(stage_label(self.kind))
        if self.category == ALL:
            return label
        return f"{label}, {CATEGORY_NAMES[self.category]()}"

    @property
    def place_words(self) -> str:
        return _("place %(place)s") % {"place": self.place}

    @property
    def points_words(self) -> str:
        return ngettext("%(points)s point", "%(points)s points", self.points) % {
            "points": self.points
        }

    @property
    def medal_words(self) -> str:
        """The medal of the place: "zlatá medaile", "stříbrná medaile", "bronzová medaile"."""
        return str(MEDAL_WORDS[self.place]) if self.place in MEDAL_WORDS else ""

    @property
    def sentence(self) -> str:
        """The reveal in one sentence, as the handout prints it."""
        return self._said(mark=str, escape=str)

    @property
    def sentence_html(self) -> SafeString:
        """The sentence as the pages say it, the Czech in it (names, the title) marked Czech
        on a page in another language, so that a screen reader reads it with a Czech voice."""
        return mark_safe(self._said(mark=cs, escape=conditional_escape))

    def _said(self, *, mark, escape) -> str:
        where = {
            "heading": escape(self.heading),
            "place": escape(self.place_words),
            "name": mark(self.name),
        }
        if self.kind == TEAMS and self.place == 1:
            said = escape(_("%(heading)s: %(name)s")) % where
        elif self.kind == TEAMS:  # a team's name has no gender to agree with
            said = escape(_("%(heading)s, %(place)s: %(name)s")) % where
        elif self.feminine:
            said = escape(pgettext("feminine", "%(heading)s: %(place)s goes to %(name)s")) % where
        else:
            said = escape(_("%(heading)s: %(place)s goes to %(name)s")) % where
        if self.medal_words:
            said += escape(", " + self.medal_words)
        said += escape(", " + self.points_words)
        if self.members:
            said += escape(" (") + escape(", ").join(mark(m) for m in self.members) + escape(")")
        if self.title:
            said += escape(". ") + mark(self.title)
        return said + "."


def sequence(medals: MedalsPage, year: int) -> list[Reveal]:
    """The ceremony's reveals in order, from the medals' read model: each A-final category's
    podium from the third place up, the first with the title in the category; the B-final's
    podium; the teams' podium, the best team last. Places a tie still leaves open (waiting for
    a lot) are left out."""
    reveals: list[Reveal] = []
    for kind in (FINAL_A, FINAL_B):
        for podium in (p for p in medals.podiums if p.kind == kind):
            for row in sorted(podium.rows, key=lambda row: -row.rank):
                champion = (
                    kind == FINAL_A
                    and podium.champion is not None
                    and podium.champion.number == row.player.number
                )
                reveals.append(
                    Reveal(
                        kind,
                        podium.category,
                        row.rank,
                        row.player.name,
                        row.points,
                        number=row.player.number,
                        feminine=row.player.feminine,
                        title=title_in_category(year, podium.category, row.player.feminine)
                        if champion
                        else "",
                    )
                )
    # Rule B: "the best team and then the order at the further places": the teams' podium
    # from the third place up, like the finals'.
    for row in sorted(medals.teams, key=lambda row: -row.rank):
        reveals.append(
            Reveal(
                TEAMS,
                ALL,
                row.rank,
                row.team,
                row.points,
                members=tuple(player.name for player in row.counted),
            )
        )
    return reveals


@dataclass
class CeremonyState:
    """The ceremony as the organiser's page shows it: every reveal, how many are shown, and
    what keeps it from starting."""

    reveals: list[Reveal]
    shown: int
    over: bool  # the championship is over: every final played is
    undecided: bool  # a tie on a podium waits for the referee's lot
    held: list[str] = field(default_factory=list)  # the stages held for the announcement
    changed_at: datetime | None = None

    @property
    def current(self) -> Reveal | None:
        return self.reveals[self.shown - 1] if self.shown else None

    @property
    def next(self) -> Reveal | None:
        return self.reveals[self.shown] if self.shown < len(self.reveals) else None

    @property
    def revealed(self) -> list[Reveal]:
        return self.reveals[: self.shown]

    @property
    def finished(self) -> bool:
        return bool(self.reveals) and self.shown >= len(self.reveals)

    @property
    def status_words(self) -> str:
        """Where the ceremony stands, in one sentence: "Na obrazovce 3 z 10: …"."""
        if self.current is None:
            return _("Nothing is revealed: the hall and the public page wait for the first place.")
        said = _("On screen, %(shown)s of %(total)s: %(reveal)s") % {
            "shown": self.shown,
            "total": len(self.reveals),
            "reveal": self.current.sentence,
        }
        if self.finished:
            said += " " + _("Every place is announced; the results are public.")
        return said

    @property
    def refusal(self) -> str:
        """Why the ceremony cannot start now; empty when it can."""
        if not self.over:
            return _("The championship is not over yet: the places are not decided.")
        if self.undecided:
            return _("A tie on a podium waits for the referee's lot: draw it first.")
        if not self.reveals:
            return _("No place to announce.")
        return ""


def _medals(tournament: Tournament) -> tuple[MedalsPage, list[Reveal]]:
    medals = medals_page(tournament, staff=True)
    return medals, sequence(medals, tournament.year)


def _shown(tournament: Tournament) -> tuple[int, datetime | None]:
    found = (
        Ceremony.objects.filter(tournament=tournament).values_list("shown", "changed_at").first()
    )
    return found or (0, None)


def ceremony_state(tournament: Tournament) -> CeremonyState:
    """Where the ceremony stands, with everything it will reveal (the staff's: results held
    for the announcement included)."""
    medals, reveals = _medals(tournament)
    shown, changed_at = _shown(tournament)
    held = list(
        Stage.objects.filter(tournament=tournament, results_held=True).values_list(
            "kind", flat=True
        )
    )
    return CeremonyState(
        reveals,
        min(shown, len(reveals)),
        medals.over,
        any(p.undecided for p in medals.podiums) or medals.teams_undecided,
        held,
        changed_at,
    )


def revealed(tournament: Tournament) -> list[Reveal]:
    """The reveals shown so far, in order: what the public may see of the ceremony (nothing
    before its turn). Computed once for each state of the tournament's data: every move of
    the ceremony moves its change stamp."""
    key = f"ceremony-revealed:{tournament.pk}:{tournament.revision}"

    def compute() -> list[Reveal]:
        shown, _changed_at = _shown(tournament)
        if not shown:
            return []
        return _medals(tournament)[1][:shown]

    return computed_once(key, compute)


def current_reveal(tournament: Tournament) -> Reveal | None:
    """What the ceremony shows now (the last place revealed), or None before the first reveal
    and once it is started over: the hall display's highest priority."""
    shown = revealed(tournament)
    return shown[-1] if shown else None


# The organiser's moves --------------------------------------------------------------------


def _locked(tournament: Tournament) -> Ceremony:
    ceremony, _created = Ceremony.objects.select_for_update().get_or_create(tournament=tournament)
    return ceremony


def _moved(ceremony: Ceremony, shown: int, by: User) -> None:
    ceremony.shown = shown
    ceremony.changed_at = timezone.now()
    ceremony.changed_by = who(by)
    ceremony.save()


@transaction.atomic
def show_next(*, tournament: Tournament, by: User) -> CeremonyState:
    """Reveal the next place. The last reveal releases every stage's results held for the
    announcement: the public pages show them from then on."""
    ceremony = _locked(tournament)
    state = ceremony_state(tournament)
    if state.refusal:
        raise CeremonyRefused(state.refusal)
    if state.finished:
        raise CeremonyRefused(_("Every place has been announced already."))
    _moved(ceremony, state.shown + 1, by)
    state.shown += 1
    if state.finished:
        for kind in state.held:
            tournament_services.release_results(tournament=tournament, kind=kind)
        state.held = []
    return state


@transaction.atomic
def show_previous(*, tournament: Tournament, by: User) -> CeremonyState:
    """Take the last reveal back (a click too many). Results released stay released."""
    ceremony = _locked(tournament)
    state = ceremony_state(tournament)
    if state.shown == 0:
        raise CeremonyRefused(_("Nothing has been revealed yet."))
    _moved(ceremony, state.shown - 1, by)
    state.shown -= 1
    return state


@transaction.atomic
def start_over(*, tournament: Tournament, by: User) -> CeremonyState:
    """Hide every place again (a rehearsal, or a new start). Results released stay released."""
    ceremony = _locked(tournament)
    state = ceremony_state(tournament)
    _moved(ceremony, 0, by)
    state.shown = 0
    return state
