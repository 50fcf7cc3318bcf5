"""A local qualifier's results recorded for the championship (A): once its stage is over,
the persons of its best players (``rules.local_qualifiers``) are marked qualified for the
announced championship year, and the players already registered for that championship get
"qualified locally" with the source (``tournament.local_qualifiers``).

The places come from the stage's standings (``scoring.standings``), ranked by the one ranking
function with the recorded lots: per category as the qualifier ranks, or all players in one
list."""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from refusals import Refused
from rules.local_qualifiers import qualified
from rules.stages import QUALIFIER
from scoring.selectors import stage_data
from scoring.standings import standings_in
from tournament.local_qualifiers import apply_local_qualification, not_a_local_qualifier_message
from tournament.models import (
    LocalQualification,
    LocalQualifierAnnouncement,
    Player,
    Stage,
    Tournament,
    TournamentKind,
)


@dataclass(frozen=True)
class QualifiedRow:
    number: int
    name: str
    category: str  # the list of the place: B1, VS or ALL
    place: int
    tied_at_cut: bool
    person_id: int | None


@dataclass
class Outcome:
    """Who a local qualifier qualifies, or why it cannot say yet (``problem``)."""

    announcement: LocalQualifierAnnouncement | None
    rows: list[QualifiedRow] = field(default_factory=list)
    problem: str | None = None
    recorded: list[LocalQualification] = field(default_factory=list)

    @property
    def without_person(self) -> list[QualifiedRow]:
        return [row for row in self.rows if row.person_id is None]


def outcome(tournament: Tournament) -> Outcome:
    """The local qualifier's qualified players from its final standings, and what is
    recorded already. A fixed number of queries."""
    announcement = (
        LocalQualifierAnnouncement.objects.filter(tournament=tournament)
        .select_related("announced_by")
        .first()
    )
    result = Outcome(announcement)
    result.recorded = list(
        LocalQualification.objects.filter(source=tournament)
        .select_related("person", "marked_by")
        .order_by("category", "place", "person__name")
    )
    if tournament.kind != TournamentKind.LOCAL_QUALIFIER:
        result.problem = not_a_local_qualifier_message()
        return result
    if announcement is None:
        result.problem = _("The local qualifier has announced no qualifying places.")
        return result
    stage = Stage.objects.filter(tournament=tournament, kind=QUALIFIER).first()
    data = stage_data(stage) if stage is not None else None
    if data is None or not data.progress[QUALIFIER].over:
        result.problem = _(
            "The local qualifier is not over: who qualifies is known once every game is complete."
        )
        return result
    lists = {
        category: [(row.key, row.rank) for row in ranked]
        for category, ranked in standings_in(
            data, QUALIFIER, by_category=announcement.per_category
        ).items()
    }
    players = {
        number: (name, person)
        for number, name, person in Player.objects.filter(tournament=tournament).values_list(
            "start_number", "name", "person_id"
        )
    }
    result.rows = [
        QualifiedRow(
            q.key, players[q.key][0], q.category, q.place, q.tied_at_cut, players[q.key][1]
        )
        for q in qualified(lists, announcement.places)
    ]
    return result


@transaction.atomic
def mark_qualified(*, tournament: Tournament, by) -> list[LocalQualification]:
    """Record the local qualifier's qualified persons for the announced championship year,
    replacing what it recorded before, and bring the players of that year's championships up
    to date. Refused before the stage is over, and while a qualified player has no person."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    found = outcome(tournament)
    if found.problem:
        raise Refused(found.problem)
    if found.without_person:
        raise Refused(
            _(
                "Players %(numbers)s qualify but are not matched to a person: match them "
                "first, so that the championship finds them."
            )
            % {"numbers": ", ".join(str(row.number) for row in found.without_person)}
        )
    year = found.announcement.championship_year
    before = LocalQualification.objects.filter(source=tournament)
    affected = set()
    for player in Player.objects.filter(local_qualification__in=before):
        # the source goes: the mark goes with it, unless the organiser ticked it by hand
        player.local_qualification = None
        player.local_qualifier = bool(player.local_qualifier_reason)
        player.save(update_fields=["local_qualifier", "local_qualification"])
        affected.add(player.pk)
    before.delete()
    now = timezone.now()
    made = LocalQualification.objects.bulk_create(
        LocalQualification(
            person_id=row.person_id,
            championship_year=year,
            source=tournament,
            category=row.category,
            place=row.place,
            marked_at=now,
            marked_by=by,
        )
        for row in found.rows
    )
    persons = [row.person_id for row in found.rows]
    affected |= set(
        Player.objects.filter(
            person_id__in=persons,
            tournament__kind=TournamentKind.CHAMPIONSHIP,
            tournament__year=year,
        ).values_list("pk", flat=True)
    )
    for player in Player.objects.filter(pk__in=affected).select_related("tournament"):
        apply_local_qualification(player)
    return made
