"""Persons recorded twice (issue 25): the possible duplicates for the organiser to merge or keep
apart, and the merge. A merge moves the players to the person kept and changes no result; it
moves their tournaments' change stamps (``one_touch``), so the archive, the rating and the
public pages follow from there (``season.refresh``), as after any other write. Matching a player
to a person as it is registered stays ``tournament.persons``."""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, F, Q
from django.utils.translation import gettext as _

from refusals import Refused
from tournament.changes import one_touch, touch
from tournament.local_qualifiers import apply_local_qualification
from tournament.models import LocalQualification, Person, Player
from tournament.persons import PERSON_FIELDS

REASON_MAX = 100  # the history's change reason holds this many characters


@dataclass(frozen=True)
class DuplicateGroup:
    name: str
    persons: list[Person]  # each with ``tournaments``
    claim: bool = False  # the second person was made for a claim of the first one's id


def possible_duplicates() -> list[DuplicateGroup]:
    """Persons that share a name (without accents and case): the ones a registration could
    not tell apart; then each person made for an id claim that was not taken, with the person
    claimed, where their names differ (``Person.claimed``). For the organiser to merge or
    leave. Four queries."""
    shared = (
        Person.objects.filter(merged_into__isnull=True)
        .values("folded_name")
        .annotate(count=Count("id"), unchecked=Count("id", filter=Q(kept_apart=False)))
        .filter(count__gt=1, unchecked__gt=0)
        .values("folded_name")
    )
    groups = defaultdict(list)
    for person in (
        Person.objects.filter(merged_into__isnull=True, folded_name__in=shared)
        .annotate(tournaments=Count("players"))
        .order_by("folded_name", "id")
    ):
        groups[person.folded_name].append(person)
    found = [DuplicateGroup(persons[0].name, persons) for persons in groups.values()]
    claims = list(
        Person.objects.filter(
            merged_into__isnull=True, claimed__isnull=False, claimed__merged_into__isnull=True
        )
        .exclude(folded_name=F("claimed__folded_name"))  # among the names' groups already
        .annotate(tournaments=Count("players"))
        .order_by("name", "id")
    )
    claimed = (
        Person.objects.filter(pk__in={person.claimed_id for person in claims})
        .annotate(tournaments=Count("players"))
        .in_bulk()
    )
    found += [
        DuplicateGroup(claimed[person.claimed_id].name, [claimed[person.claimed_id], person], True)
        for person in claims
    ]
    return found


@transaction.atomic
def keep_apart(*, group: Iterable[Person]) -> int:
    """The organiser found the persons of one name different people: the page of possible
    duplicates leaves them out until another person of the name is recorded. Or a person made
    for an id claim and the one it claimed: the claim is dropped. Each person's history
    records it."""
    found = list(Person.objects.select_for_update().filter(pk__in=[p.pk for p in group]))
    claimants = [p for p in found for q in found if p.claimed_id == q.pk != p.pk]
    if len(found) == 2 and claimants and found[0].folded_name != found[1].folded_name:
        claimant = claimants[0]
        claimant.claimed = None  # a claim the organiser checked: not the same person
        claimant._change_reason = (
            _("not the same person as %(others)s")
            % {"others": ", ".join(str(o.uuid)[:8] for o in found if o.pk != claimant.pk)}
        )[:REASON_MAX]
        claimant.save()
        return 2
    names = {person.folded_name for person in found}
    if len(found) < 2 or len(names) != 1 or any(p.merged_into_id for p in found):
        raise Refused(_("Choose two or more persons of one name."))
    for person in found:
        person.kept_apart = True
        person._change_reason = (
            _("not the same person as %(others)s")
            % {"others": ", ".join(str(o.uuid)[:8] for o in found if o.pk != person.pk)}
        )[:REASON_MAX]
        person.save()
    return len(found)


def merge_refusal(keep: Person, merged: Person) -> str | None:
    """Why ``merged`` cannot be merged into ``keep`` (None: it can)."""
    if keep.pk == merged.pk:
        return _("Choose two different persons.")
    if keep.merged_into_id is not None or merged.merged_into_id is not None:
        return _("This person has been merged into another already.")
    both = set(keep.players.values_list("tournament_id", flat=True)) & set(
        merged.players.values_list("tournament_id", flat=True)
    )
    if both:
        return _(
            "Both persons played in the same tournament: one person cannot be two players "
            "of one tournament."
        )
    return None


@transaction.atomic
@one_touch()  # the rating brought up to date with the persons' games joined
def merge_persons(*, keep: Person, merged: Person) -> Person:
    """Join a person recorded twice: the players of ``merged`` become ``keep``'s; no result
    changes (the players, their numbers and sheets stay as they are). ``merged`` is kept,
    pointing at ``keep``, so that its stable id and address still find the person; both
    persons' history records the merge."""
    keep = Person.objects.select_for_update().get(pk=keep.pk)
    merged = Person.objects.select_for_update().get(pk=merged.pk)
    problem = merge_refusal(keep, merged)
    if problem:
        raise Refused(problem)
    tournaments = set(merged.players.values_list("tournament_id", flat=True))
    moved = Player.objects.filter(person=merged).update(person=keep)
    for key in PERSON_FIELDS:
        if key != "name" and not getattr(keep, key) and getattr(merged, key):
            setattr(keep, key, getattr(merged, key))
    keep._change_reason = (
        _("merged with %(name)s (%(id)s): %(count)s tournaments")
        % {"name": merged.name, "id": str(merged.uuid)[:8], "count": moved}
    )[:REASON_MAX]
    keep.save()
    merged.merged_into = keep
    merged._change_reason = (
        _("merged into %(name)s (%(id)s)") % {"name": keep.name, "id": str(keep.uuid)[:8]}
    )[:REASON_MAX]
    merged.save()
    LocalQualification.objects.filter(person=merged).update(person=keep)
    for player in Player.objects.filter(person=keep).select_related("tournament"):
        apply_local_qualification(player)  # a qualification of either person now counts
    for tournament_id in tournaments:
        touch(tournament_id)  # the public pages link the player to the person kept
    return keep
