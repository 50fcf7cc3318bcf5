"""Every change of a tournament's data moves its ``changed_at`` and adds one to its
``revision``: the public pages are cached under the revision, so that no reader sees stale
standings after a save, and the venue's push notices the change.

Saves and deletions of the models reach here through signals; services that write with
bulk operations or ``QuerySet.update`` call ``touch`` themselves.
"""

from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from .models import Game, Player, Round, Seat, Stage, Table, Team, TeamMember, Tournament


def _moved() -> dict:
    return {"changed_at": timezone.now(), "revision": F("revision") + 1}


def touch(tournament_id: int | None) -> None:
    if tournament_id is not None:
        Tournament.objects.filter(pk=tournament_id).update(**_moved())


def touch_where(**lookup) -> None:
    """Touch the tournament found by a lookup, in one UPDATE (no query to find it first)."""
    Tournament.objects.filter(**lookup).update(**_moved())


def _tournament_lookup(instance) -> dict | None:
    from scoring.models import Lot, RoundResult, Sheet

    if isinstance(instance, Player | Team | Stage | Lot):
        return {"pk": instance.tournament_id}
    if isinstance(instance, TeamMember):
        return {"teams": instance.team_id}
    if isinstance(instance, Game):
        return {"stages": instance.stage_id}
    if isinstance(instance, Round | Table):
        return {"stages__games": instance.game_id}
    if isinstance(instance, Seat):
        return {"stages__games": instance.game_id}
    if isinstance(instance, Sheet | RoundResult):
        return {"stages__games__tables": instance.table_id}
    return None


def _changed(sender, instance, origin=None, **kwargs) -> None:
    if isinstance(origin, Tournament) or getattr(origin, "model", None) is Tournament:
        return  # the whole tournament is being deleted (a replacement): nothing to mark
    lookup = _tournament_lookup(instance)
    if lookup and all(value is not None for value in lookup.values()):
        touch_where(**lookup)


def _tournament_saved(sender, instance, created, raw=False, **kwargs) -> None:
    """The tournament's own fields (its settings, such as the quota) are data too."""
    if not created and not raw:
        touch(instance.pk)


def connect() -> None:
    from scoring.models import Lot, RoundResult, Sheet

    for model in (
        Player,
        Team,
        TeamMember,
        Stage,
        Game,
        Round,
        Table,
        Seat,
        Sheet,
        RoundResult,
        Lot,
    ):
        post_save.connect(_changed, sender=model, dispatch_uid=f"touch-{model.__name__}")
        post_delete.connect(_changed, sender=model, dispatch_uid=f"untouch-{model.__name__}")
    post_save.connect(_tournament_saved, sender=Tournament, dispatch_uid="touch-Tournament")
