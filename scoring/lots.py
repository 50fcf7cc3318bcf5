"""Writes of lots: a tie's lot, committed before it is drawn (``rules.commitment``)."""

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from refusals import Refused
from rules.commitment import lot_what, new_seed
from rules.draw import lot_order
from rules.finals import contradicting_lots
from tournament import commitments
from tournament.changes import one_touch
from tournament.lookups import who
from tournament.models import Commitment

from .models import (
    Lot,
)


class LotRefused(Refused):
    """A lot that cannot be drawn, with the reason in the interface's language."""


def lot_subject(scope: str, category: str, places: Sequence[int], tied: Sequence) -> dict:
    return {
        "scope": scope,
        "category": category,
        "places": [places[0], places[-1]],
        "tied": sorted(tied, key=str),
    }


@transaction.atomic
def publish_lot_commitment(
    *, tournament, scope: str, category: str, places: Sequence[int], tied: Sequence, by: User | None
) -> Commitment:
    """Publish the commitment of the lot for a tie (its secret seed fixed), before the lot is
    drawn; an open commitment for the same places and other players (the standings changed)
    is abandoned."""
    what = lot_what(tournament.slug, scope, category, (places[0], places[-1]))
    subject = lot_subject(scope, category, places, tied)
    existing = commitments.open_commitment(tournament=tournament, what=what)
    if existing is not None and existing.subject.get("tied") != subject["tied"]:
        commitments.abandon(existing, by=by, why=_("the tied group changed"))
    return commitments.publish(
        tournament=tournament, kind=Commitment.Kind.LOT, what=what, subject=subject, by=by
    )


@transaction.atomic
@one_touch()  # the archive's summary and the rating brought up to date with the lot
def draw_lot(
    *,
    tournament,
    scope: str,
    tied: Sequence,
    by: User | None,
    seed=None,
    commitment: Commitment | None = None,
) -> Lot:
    """Order a tied group by a recorded, seeded lot (the same seed gives the same order):
    with ``commitment`` (the desk) the published seed, for exactly its tied group; an explicit
    ``seed`` (tests, import) draws without a commitment."""
    if commitment is not None:
        if seed is not None:
            raise ValueError("a committed lot takes its seed from the commitment")
        commitment = commitments.locked(commitment)  # two lots at once: the second sees it used
        if not commitment.open or commitment.kind != Commitment.Kind.LOT:
            raise LotRefused(_("This commitment was used or abandoned already: publish a new one."))
        if commitment.tournament_id != tournament.pk or commitment.subject.get("tied") != sorted(
            tied, key=str
        ):
            raise LotRefused(_("This commitment is for another tie: publish a new one."))
        seed = commitment.seed
    elif seed is None:
        seed = new_seed()
    now = timezone.now()
    lot = Lot(
        tournament=tournament,
        stage=scope,
        order=lot_order(tied, seed),
        seed=seed,
        drawn_at=now,
        drawn_by=who(by),
        commitment=commitment,
    )
    earlier = list(
        Lot.objects.filter(tournament=tournament, stage=scope)
        .order_by("id")
        .values_list("order", flat=True)
    )
    if any(contradicting_lots([order, lot.order]) for order in earlier):  # issue 22
        raise LotRefused(
            _(
                "A lot of this stage orders some of these players the other way already: "
                "the tie is decided."
            )
        )
    lot.full_clean()
    lot.save()
    if commitment is not None:
        commitments.use(commitment, at=now)
    return lot
