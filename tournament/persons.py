"""Persons across tournaments (issue 25): finding the person behind a player (merging a person
recorded twice is ``season.merges``'s).

A player is matched by the name without accents and case (``models.matching_name``) and the
birth date. One person with both the same is certain and is linked; a name alone is not (two
people may share one, and a birth date may be missing): the organiser confirms it on the
player's form, and the spreadsheet and the JSON import make a new person, which the staff's
page of possible duplicates lists for a merge.

A document (format version 4) or a registration sheet may carry a person's stable id. The id is
public (it is in the address of the person's page), so it is a claim, not a key: it links the
player to that person only when the person's name (without accents and case) and birth date
agree with the player's (``honours_claim``), or when the person is the player's already (an
earlier copy of the same tournament linked it). Otherwise the player is matched as if the
document had no id: the certain match, else a new person (with the id, when no person here
has it). A new person that shares a name, or whose id claim was not taken (``Person.claimed``),
is among the possible duplicates for the organiser to merge or keep apart
(``season.merges``). A claim never
renames or re-dates a person.
"""

import uuid as uuid_module
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db.models import Count
from simple_history.utils import bulk_create_with_history

from .models import Person, Player, matching_name

AUTO = "auto"  # a certain match, else a new person
NEW = "new"  # a new person whatever matches
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


def agrees(person: Person, name: str, birth_date) -> bool:
    """Whether a player of this name and birth date is surely ``person``: the same name
    without accents and case and the same birth date (no birth date, on either side, is no
    agreement: the name alone is public)."""
    return (
        birth_date is not None
        and person.birth_date == birth_date
        and person.folded_name == matching_name(name)
    )


def honours_claim(person: Person, name: str, birth_date, *, own: Iterable[int] = ()) -> bool:
    """Whether a document's or a sheet's claim that a player (``name``, ``birth_date``) is
    ``person`` (found by the stable id it gives) is taken: when the name and the birth date
    agree, or when ``person`` is among ``own`` (the ids of the persons that the same
    tournament's players had already: what the tournament linked before is its own). The one
    rule of every way in that reads a person's id."""
    return person.pk in own or agrees(person, name, birth_date)


def _new_person(values: Mapping, stable_id=None, claimed: Person | None = None) -> Person:
    person = Person(**{key: values.get(key) or "" for key in PERSON_FIELDS if key != "birth_date"})
    person.birth_date = values.get("birth_date")
    person.claimed = claimed
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


def person_for(
    values: Mapping,
    choice: Person | str = AUTO,
    stable_id=None,
    *,
    current: Person | None = None,
) -> Person:
    """The person a player's registration ``values`` belongs to: the one a ``stable_id``
    claims, when the claim is honoured (``honours_claim``; ``current``, the player's person
    so far, is the player's own); else ``current``; else, for an id no person here has, the
    certain match or a new person with that id. Without an id: the organiser's ``choice`` (a
    person, ``NEW``), or, for ``AUTO``, the certain match or a new person."""
    if stable_id is not None:
        claimed = by_stable_id(stable_id)
        name, birth_date = values.get("name", ""), values.get("birth_date")
        own = [current.pk] if current is not None else []
        if claimed is not None and honours_claim(claimed, name, birth_date, own=own):
            return _filled(claimed, values) if agrees(claimed, name, birth_date) else claimed
        if current is not None:
            return current
        found = certain_match(name, birth_date)
        if found is not None:
            return _filled(found, values)
        if claimed is None:  # an id no person here has is kept for the new person
            return _new_person(values, uuid_module.UUID(str(stable_id)))
        return _new_person(values, claimed=claimed)
    if isinstance(choice, Person):
        return _filled(resolved(choice), values)
    if choice == AUTO:
        found = certain_match(values.get("name", ""), values.get("birth_date"))
        if found is not None:
            return _filled(found, values)
    return _new_person(values)


@dataclass(frozen=True)
class Linked:
    duplicates: list[Player]  # given a new person that shares its name with another
    unclaimed: list[Player]  # their id claimed an existing person, and the claim was not taken


def link_players(
    players: Iterable[Player],
    stable_ids: Mapping[int, object] | None = None,
    kept: Mapping[tuple[int, str], int] | None = None,
):
    """Give each of ``players`` (saved) a person, for the bulk ways in (the JSON import, the
    push), in a few queries for any number of players. In this order, one person one player:

    1. the person the stable id given for its start number claims, when the claim is
       honoured (``honours_claim``: the name and birth date agree, or the person is one of
       ``kept``'s, the tournament's own);
    2. ``kept``: (start number, name as matched) -> the person the copy of the tournament
       being replaced had for that player;
    3. the certain match (the name as matched and the birth date, one person);
    4. a new person, with the id claimed when no person here has it.

    Nothing of an existing person changes. Returns the players given a new person that shares
    its name with another (the possible duplicates), and those whose claim of an existing
    person was not taken."""
    players = list(players)
    kept = kept or {}
    own = set(kept.values())
    wanted = {
        number: uuid_module.UUID(str(value))
        for number, value in (stable_ids or {}).items()
        if value is not None
    }
    claimed = {}
    for person in Person.objects.filter(uuid__in=wanted.values()):
        claimed[person.uuid] = resolved(person)
    kept_persons = Person.objects.in_bulk(own)
    names = {matching_name(p.name) for p in players if p.birth_date is not None}
    same = defaultdict(list)
    for person in Person.objects.filter(folded_name__in=names, merged_into__isnull=True):
        same[(person.folded_name, person.birth_date)].append(person)
    taken: set[int] = set()

    def claim(player: Player) -> Person | None:
        person = claimed.get(wanted.get(player.start_number))
        if person is not None and honours_claim(person, player.name, player.birth_date, own=own):
            return person
        return None

    def kept_person(player: Player) -> Person | None:
        return kept_persons.get(kept.get((player.start_number, matching_name(player.name))))

    def certain(player: Player) -> Person | None:
        found = same.get((matching_name(player.name), player.birth_date), [])
        return found[0] if player.birth_date is not None and len(found) == 1 else None

    unclaimed = [
        player
        for player in players
        if wanted.get(player.start_number) in claimed and claim(player) is None
    ]
    unlinked = players
    for way in (claim, kept_person, certain):
        left = []
        for player in unlinked:
            person = way(player)
            if person is None or person.pk in taken:
                left.append(player)
            else:
                player.person = person
                taken.add(person.pk)
        unlinked = left
    new = []
    for player in unlinked:
        person = Person(
            **{key: getattr(player, key) or "" for key in PERSON_FIELDS if key != "birth_date"},
            birth_date=player.birth_date,
            folded_name=matching_name(player.name),
        )
        stable_id = wanted.get(player.start_number)
        if stable_id is not None and stable_id not in claimed:
            person.uuid = stable_id  # no person here has the id: the new one keeps it
        elif stable_id is not None:
            person.claimed = claimed[stable_id]  # a possible duplicate of the one claimed
        new.append(person)
        player.person = person
    # bulk_create skips save(): the name as matched is set above
    bulk_create_with_history(new, Person)
    for player in players:
        player.person_id = player.person.pk
    Player.objects.bulk_update(players, ["person"])
    made = {person.pk for person in new}
    return Linked(
        sharing_a_name([player for player in players if player.person_id in made]), unclaimed
    )


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
