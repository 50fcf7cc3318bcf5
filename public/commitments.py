"""Reads of the published commitments for the public pages: what each decides, in words."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.labels import stage_label
from tournament.models import Commitment, Tournament


@dataclass(frozen=True)
class PublishedDraw:
    """A commitment as the public draw page shows it."""

    commitment: Commitment
    label: str  # what it decides, in words


def label(commitment: Commitment, tournament: Tournament | None = None) -> str:
    """What the commitment decides, in words; with its ``tournament`` the stage is named as
    its pages name it (a club tournament's one stage: "turnaj")."""
    subject = commitment.subject
    if commitment.kind == Commitment.Kind.DRAW:
        return _("%(stage)s, game %(game)s: table draw") % {
            "stage": stage_label(subject["stage"], tournament),
            "game": subject["game"],
        }
    scope = subject.get("scope", "")
    words = _("teams") if scope == "teams" else stage_label(scope, tournament)
    places = subject.get("places")
    if places:
        return _("Lot: %(scope)s %(category)s, places %(first)s–%(last)s") % {
            "scope": words,
            "category": subject.get("category", ""),
            "first": places[0],
            "last": places[1],
        }
    return _("Lot: %(scope)s") % {"scope": words}


def draw_commitments(tournament: Tournament, games: list) -> dict:
    """For the public draw page: the commitments waiting for a draw or a lot, and for each game
    shown (``scoring.pages.GameNow``) the commitment its draw used (its seed revealed). Two
    queries."""
    waiting = [
        PublishedDraw(c, label(c, tournament))
        for c in Commitment.objects.filter(
            tournament=tournament, used_at__isnull=True, abandoned_at__isnull=True
        ).order_by("committed_at", "id")
    ]
    used = {
        c.pk: c
        for c in Commitment.objects.filter(
            pk__in=[item.game.commitment_id for item in games if item.game.commitment_id]
        )
    }
    shown = [
        {
            "game": item.game,
            "used": PublishedDraw(
                used[item.game.commitment_id], label(used[item.game.commitment_id], tournament)
            )
            if item.game.commitment_id in used
            else None,
        }
        for item in games
    ]
    return {"waiting": waiting, "shown": shown}
