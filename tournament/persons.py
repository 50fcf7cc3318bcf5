"""Persons across tournaments (issue 25): finding the person behind a player, and merging a
person recorded twice.

A player is matched by the name without accents and case (``models.matching_name``) and the
birth date. One person with both the same is certain and is linked; a name alone is not (two
people may share one, and a birth date may be missing): the organiser confirms it on the
player's form, and the spreadsheet and the JSON import make a new person, which the staff's
page of possible duplicates lists for a merge. A document that carries a person's stable id
(format version 4) is linked by it.
"""

import uuid as uuid_module
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from .changes import touch
from .local_qualifiers import apply_local_qualification
from .models import LocalQualification, Person, Player, matching_name
from .refusals import Refused

AUTO = "auto"  # a certain match, else a new person
NEW = "new"  # a new person whatever matches
REASON_MAX = 100  # the history's change reason holds this many characters
PERSON_FIELDS = ("name", "birth_date", "sight_class", "gender", "club")


def values_of(player: Player) -> dict:
    """What a player's registration says of the person."""
    return {key: getattr(player, key) for key in PERSON_FIELDS}


def resolved(person: Person) -> Person:
    """The person itself, or the one it was merged into (a merge may follow a merge)."""
    seen = set()
    while person.merged_into_id is not None and person.pk not in seen:
        seen.add(person.pk)
        person = Person.objects.get(pk=person.merged_into_id)
    return person


def by_stable_id(value) -> Person | None:
    """The person with this stable id (or the one it was merged into); None when unknown."""
    try:
        key = value if isinstance(value, uuid_module.UUID) else uuid_module.UUID(str(value))
    except ValueError:
        return None
    person = Person.objects.filter(uuid=key).first()
    return resolved(person) if person is not None else None


def candidates(name: str, birth_date=None, *, without: Person | None = None) -> list[Person]:
    """The persons a player of this name may be: the same name without accents and case; the
    ones with the same birth date first. Each carries ``tournaments`` (how many played)."""
    found = (
        Person.objects.filter(folded_name=matching_name(name), merged_into__isnull=True)
        .annotate(tournaments=Count("players"))
        .order_by("name", "id")
    )
    if without is not None:
        found = found.exclude(pk=without.pk)
    return sorted(found, key=lambda p: birth_date is None or p.birth_date != birth_date)


def certain_match(name: str, birth_date) -> Person | None:
    """The one person with the same name (without accents and case) and birth date; None
    when there is none, more than one, or no birth date to be sure by."""
    if birth_date is None:
        return None
    found = list(
        Person.objects.filter(
            folded_name=matching_name(name), birth_date=birth_date, merged_into__isnull=True
        )[:2]
    )
    return found[0] if len(found) == 1 else None


def _new_person(values: Mapping, stable_id=None) -> Person:
    person = Person(**{key: values.get(key) or "" for key in PERSON_FIELDS if key != "birth_date"})
    person.birth_date = values.get("birth_date")
    if stable_id is not None:
        person.uuid = stable_id
    person.save()
    return person


def _filled(person: Person, values: Mapping) -> Person:
    """What the person lacks, taken from the player's registration (the first name recorded
    stays: a merge or the organiser's form change it)."""
    changed = [
        key
        for key in PERSON_FIELDS
        if key != "name" and not getattr(person, key) and values.get(key)
    ]
    for key in changed:
        setattr(person, key, values[key])
    if changed:
        person.save()
    return person


def person_for(values: Mapping, choice: Person | str = AUTO, stable_id=None) -> Person:
    """The person a player's registration ``values`` belongs to: the one with ``stable_id``
    (a new one with that id when this server has none), the organiser's ``choice`` (a person,
    ``NEW``), or, for ``AUTO``, the certain match or a new person."""
    if stable_id is not None:
        found = by_stable_id(stable_id)
        if found is not None:
            return _filled(found, values)
        return _new_person(values, uuid_module.UUID(str(stable_id)))
    if isinstance(choice, Person):
        return _filled(resolved(choice), values)
    if choice == AUTO:
        found = certain_match(values.get("name", ""), values.get("birth_date"))
        if found is not None:
            return _filled(found, values)
    return _new_person(values)


def link_players(players: Iterable[Player], stable_ids: Mapping[int, object] | None = None):
    """Give each of ``players`` (saved) a person: by the stable id given for its start number
    (a new person with that id when this server has none), else the certain match, else a new
    person. For the bulk ways in (the JSON import, the push): a few queries for any number of
    players. Returns the players given a new person that shares its name with another."""
    players = list(players)
    wanted = {
        number: uuid_module.UUID(str(value))
        for number, value in (stable_ids or {}).items()
        if value is not None
    }
    known = {person.uuid: person for person in Person.objects.filter(uuid__in=wanted.values())}
    names = {
        matching_name(p.name)
        for p in players
        if p.start_number not in wanted and p.birth_date is not None
    }
    same = defaultdict(list)
    for person in Person.objects.filter(folded_name__in=names, merged_into__isnull=True):
        same[(person.folded_name, person.birth_date)].append(person)
    new = []
    for player in players:
        stable_id = wanted.get(player.start_number)
        if stable_id is not None and stable_id in known:
            player.person = known[stable_id]
            if player.person.merged_into_id is not None:
                player.person = resolved(player.person)
            continue
        found = same.get((matching_name(player.name), player.birth_date), [])
        if stable_id is None and player.birth_date is not None and len(found) == 1:
            player.person = found[0]
            continue
        person = Person(
            **{key: getattr(player, key) or "" for key in PERSON_FIELDS if key != "birth_date"},
            birth_date=player.birth_date,
            folded_name=matching_name(player.name),
        )
        if stable_id is not None:
            person.uuid = stable_id
            known[stable_id] = person
        new.append(person)
        player.person = person
    # bulk_create skips save(): the name as matched is set above
    bulk_create_with_history(new, Person)
    for player in players:
        player.person_id = player.person.pk
    Player.objects.bulk_update(players, ["person"])
    made = {person.pk for person in new}
    return sharing_a_name([player for player in players if player.person_id in made])


def sharing_a_name(players: Iterable[Player]) -> list[Player]:
    """Those of ``players`` (their persons loaded) whose person shares the name with another
    person: the possible duplicates they join. One query."""
    players = list(players)
    names = {player.person.folded_name for player in players if player.person is not None}
    shared = set(
        Person.objects.filter(folded_name__in=names, merged_into__isnull=True)
        .values("folded_name")
        .annotate(count=Count("id"))
        .filter(count__gt=1)
        .values_list("folded_name", flat=True)
    )
    return [p for p in players if p.person is not None and p.person.folded_name in shared]


# --- possible duplicates and the merge -----------------------------------------------------


@dataclass(frozen=True)
class DuplicateGroup:
    name: str
    persons: list[Person]  # each with ``tournaments``


def possible_duplicates() -> list[DuplicateGroup]:
    """Persons that share a name (without accents and case): the ones a registration could
    not tell apart, for the organiser to merge or leave. Two queries."""
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
    return [DuplicateGroup(persons[0].name, persons) for persons in groups.values()]


@transaction.atomic
def keep_apart(*, group: Iterable[Person]) -> int:
    """The organiser found the persons of one name different people: the page of possible
    duplicates leaves them out until another person of the name is recorded. Each person's
    history records it."""
    found = list(Person.objects.select_for_update().filter(pk__in=[p.pk for p in group]))
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
