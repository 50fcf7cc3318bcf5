"""Local qualifiers feed the championship (A: "postoupili přes předem vyhlášené místní
kvalifikace"): a local qualifier's announcement, made before its first draw; a championship
player's "qualified locally" from the person's qualification, or ticked by hand with a reason.

Which players a local qualifier qualifies comes from its standings, a level up
(``season.local_qualifiers``); this module holds what needs only the people and the
structure.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from refusals import Refused

from .labels import category_name
from .models import (
    DrawStatus,
    Game,
    LocalQualification,
    LocalQualifierAnnouncement,
    Player,
    Seat,
    Tournament,
    TournamentKind,
)

OVERALL = "ALL"  # the category of a place in the overall list


def announcement_frozen(tournament: Tournament) -> bool:
    """Announced in advance: the announcement stands from the confirmation of the first
    draw on, as the teams' rosters do (B)."""
    return Game.objects.filter(
        stage__tournament=tournament, draw_status=DrawStatus.CONFIRMED
    ).exists()


def announcement_frozen_message() -> str:
    return _(
        "The local qualifier's first draw is confirmed: what it qualifies for was announced "
        "in advance and stays (A)."
    )


def not_a_local_qualifier_message() -> str:
    return _("Only a local qualifier announces places in a championship.")


@transaction.atomic
def announce(
    *, tournament: Tournament, championship_year: int, places: int, per_category: bool, by
) -> LocalQualifierAnnouncement:
    """Announce (or correct before the first draw) what a local qualifier qualifies for."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.kind != TournamentKind.LOCAL_QUALIFIER:
        raise Refused(not_a_local_qualifier_message())
    if announcement_frozen(tournament):
        raise Refused(announcement_frozen_message())
    announcement = LocalQualifierAnnouncement.objects.filter(tournament=tournament).first()
    if announcement is None:
        announcement = LocalQualifierAnnouncement(tournament=tournament)
    announcement.championship_year = championship_year
    announcement.places = places
    announcement.per_category = per_category
    announcement.announced_at = timezone.now()
    announcement.announced_by = by
    announcement.full_clean()
    announcement.save()
    return announcement


def source_words(qualification: LocalQualification) -> str:
    """Where a player's "qualified locally" comes from, e.g. „Místní kvalifikace Brno 2026,
    2. místo“ (with the category where the places were per category)."""
    params = {"tournament": qualification.source.name, "place": qualification.place}
    if qualification.category == OVERALL:
        return _("%(tournament)s, %(place)s. place") % params
    params["category"] = category_name(qualification.category)
    return _("%(tournament)s, %(place)s. place (%(category)s)") % params


def qualification_of(player: Player) -> LocalQualification | None:
    """The best qualification of the player's person for the championship's year."""
    if player.person_id is None or player.tournament.kind != TournamentKind.CHAMPIONSHIP:
        return None
    return (
        LocalQualification.objects.filter(
            person_id=player.person_id, championship_year=player.tournament.year
        )
        .select_related("source")
        .order_by("place", "marked_at", "id")
        .first()
    )


def apply_local_qualification(player: Player) -> LocalQualification | None:
    """Set the championship player's "qualified locally" and its source when the player's
    person qualified for the championship's year; call it wherever a player gets (or changes)
    its person, and after a local qualifier's results are recorded. A source that no longer
    holds is cleared, and with it the mark, unless the organiser ticked it by hand."""
    found = qualification_of(player)
    if found is not None:
        changed = not player.local_qualifier or player.local_qualification_id != found.pk
        player.local_qualifier = True
        player.local_qualification = found
    else:
        changed = player.local_qualification_id is not None
        if changed:
            player.local_qualification = None
            player.local_qualifier = bool(player.local_qualifier_reason)
    if changed:
        player.save(update_fields=["local_qualifier", "local_qualification"])
    return found


def _reason_missing(player: Player) -> str:
    if player.feminine:
        return pgettext("feminine", "Say why %(player)s qualified locally.") % {"player": player}
    return _("Say why %(player)s qualified locally.") % {"player": player}


def _recorded_by_a_qualifier(player: Player) -> str:
    if player.feminine:
        return pgettext(
            "feminine",
            "%(player)s qualified through %(source)s; the qualification is that "
            "tournament's record.",
        ) % {"player": player, "source": player.local_qualification.source.name}
    return _(
        "%(player)s qualified through %(source)s; the qualification is that tournament's record."
    ) % {"player": player, "source": player.local_qualification.source.name}


def _drawn_and_unpaid(player: Player) -> str:
    if player.feminine:
        return pgettext(
            "feminine",
            "%(player)s is drawn at a table already and has not paid the entry fee: the mark "
            "stays (A).",
        ) % {"player": player}
    return _(
        "%(player)s is drawn at a table already and has not paid the entry fee: the mark stays (A)."
    ) % {"player": player}


@transaction.atomic
def tick_by_hand(*, player: Player, qualified: bool, reason: str) -> Player:
    """The organiser's own "qualified locally" (A), with a reason; or untick it. A
    qualification recorded by a local qualifier is that tournament's: it stays."""
    player = (
        Player.objects.select_for_update(of=("self",))
        .select_related("tournament", "local_qualification__source")
        .get(pk=player.pk)
    )
    reason = reason.strip()
    if qualified:
        if not reason:
            raise Refused(_reason_missing(player), place="reason")
        player.local_qualifier = True
        player.local_qualifier_reason = reason
    else:
        if player.local_qualification_id is not None:
            raise Refused(_recorded_by_a_qualifier(player), place="qualified")
        if not player.paid and Seat.objects.filter(player=player).exists():
            raise Refused(_drawn_and_unpaid(player), place="qualified")
        player.local_qualifier = False
        player.local_qualifier_reason = ""
    player.save(update_fields=["local_qualifier", "local_qualifier_reason"])
    return player
