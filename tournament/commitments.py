"""Writes of commitments (commit before, reveal after; ``rules.commitment``), shared by the
table draws (``draws``) and the lots for ties (``scoring``): publish one, use it, abandon it.
Every write moves the tournament's stamp, so the cached public pages show it at once."""

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from rules.commitment import commitment as commitment_of
from rules.commitment import new_seed

from .changes import touch
from .lookups import who
from .models import Commitment, Tournament


def open_commitment(*, tournament: Tournament, what: str) -> Commitment | None:
    return Commitment.objects.filter(
        tournament=tournament, what=what, used_at__isnull=True, abandoned_at__isnull=True
    ).first()


def locked(commitment: Commitment) -> Commitment:
    """The commitment as it is now, its row locked until the transaction ends: of two draws
    sent at once with one commitment, the second sees it used (on SQLite the transaction
    holds the write lock from its start, so it reads what the first one wrote)."""
    return Commitment.objects.select_for_update().get(pk=commitment.pk)


@transaction.atomic
def publish(
    *, tournament: Tournament, kind: str, what: str, subject: dict, by: User | None
) -> Commitment:
    """A new secret seed and its published commitment for the decision ``what``. An open
    commitment of the same decision is returned as it is (publishing twice changes nothing,
    also when two requests publish at once: the tournament's row is locked first)."""
    list(Tournament.objects.select_for_update().filter(pk=tournament.pk).values_list("pk"))
    existing = open_commitment(tournament=tournament, what=what)
    if existing is not None:
        return existing
    seed = new_seed()
    published = Commitment.objects.create(
        tournament=tournament,
        kind=kind,
        what=what,
        subject=subject,
        seed=seed,
        commitment=commitment_of(seed, what),
        committed_at=timezone.now(),
        committed_by=who(by),
    )
    touch(tournament.pk)
    return published


def use(commitment: Commitment, *, at=None) -> None:
    """The draw has used the seed: from now on it is revealed."""
    commitment.used_at = at or timezone.now()
    commitment.save(update_fields=["used_at"])
    touch(commitment.tournament_id)


def abandon(commitment: Commitment, *, by: User | None, why: str) -> None:
    """The commitment no longer counts (a redraw, other options, a tie that changed); it stays
    on record, and its seed is revealed."""
    if commitment.abandoned_at is not None:
        return
    commitment.abandoned_at = timezone.now()
    commitment.abandoned_by = who(by)
    commitment.abandoned_why = why[:300]
    commitment.save(update_fields=["abandoned_at", "abandoned_by", "abandoned_why"])
    touch(commitment.tournament_id)
