"""Persons across tournaments (issue 25): matching a player to a person and the stable id in the
formats; matching keeps every result (merging: ``tests/season/test_merges.py``)."""

import copy
import importlib
import io
import uuid
from datetime import date

import pytest
from django.apps import apps

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from interchange.results import results_document
from scoring.selectors import tournament_data
from season import merges
from season.models import ArchiveEntry
from tournament import persons, registration, services
from tournament.models import Person, Player, Tournament

pytestmark = pytest.mark.django_db


def results_of(slug: str) -> dict:
    return results_document(tournament_data(Tournament.objects.get(slug=slug)))


def archive_rows(slug: str) -> list[tuple]:
    return sorted(
        ArchiveEntry.objects.filter(tournament__slug=slug).values_list(
            "player__start_number",
            "stage",
            "category",
            "place",
            "medal",
            "champion",
            "points",
            "closes",
            "best_round",
            "rounds",
        )
    )


def persons_of(slug: str) -> dict[int, int]:
    return dict(
        Player.objects.filter(tournament__slug=slug).values_list("start_number", "person_id")
    )


def test_the_name_is_matched_without_accents_case_and_extra_spaces():
    person = Person.objects.create(name="Jana Kolářová", birth_date=date(1980, 1, 2))
    assert person.folded_name == "jana kolarova"
    assert persons.certain_match("JANA  kolarova", date(1980, 1, 2)) == person
    assert persons.certain_match("Jana Kolářová", date(1980, 1, 3)) is None  # another date
    assert persons.certain_match("Jana Kolářová", None) is None  # nothing to be sure by
    other = Person.objects.create(name="Jana Kolarova")
    assert [p.pk for p in persons.candidates("jana kolářová", date(1980, 1, 2))] == [
        person.pk,
        other.pk,
    ]


def test_two_persons_with_one_name_and_birth_date_are_no_certain_match():
    for _ in range(2):
        Person.objects.create(name="Petr Novák", birth_date=date(1970, 5, 5))
    assert persons.certain_match("Petr Novak", date(1970, 5, 5)) is None


def test_a_second_championship_finds_its_players_persons(example_document):
    import_tournament(copy.deepcopy(example_document), slug="first")
    second = copy.deepcopy(example_document)
    second["players"][0]["name"] = second["players"][0]["name"].upper()  # typed otherwise
    import_tournament(second, slug="second")
    assert persons_of("second") == persons_of("first")
    assert Person.objects.count() == len(example_document["players"])
    # the results are the players', whoever the persons are
    assert results_of("second") == results_of("first")


def test_export_carries_the_stable_id_and_import_links_by_it(example_document):
    import_tournament(copy.deepcopy(example_document), slug="first")
    exported = export_tournament(Tournament.objects.get(slug="first"))
    ids = {p["no"]: p["person"] for p in exported["players"]}
    assert ids == {
        number: str(Person.objects.get(pk=pk).uuid) for number, pk in persons_of("first").items()
    }
    # another copy: its names typed otherwise (the same without accents and case), and no
    # certain match to fall back on (a namesake with the same birth date)
    for player in exported["players"]:
        Person.objects.create(
            name=player["name"], birth_date=date.fromisoformat(player["birth_date"])
        )
    first = exported["players"][0]
    assert persons.certain_match(first["name"], date.fromisoformat(first["birth_date"])) is None
    again = copy.deepcopy(exported)
    for player in again["players"]:
        player["name"] = player["name"].upper()
    import_tournament(again, slug="again")
    assert persons_of("again") == persons_of("first")  # the id decides between namesakes


def test_an_id_is_a_claim_taken_only_when_the_name_and_birth_date_agree(example_document):
    """The ids are public (in the persons' addresses): a document that gives a person's id
    with another name, another birth date or none is not that person. Each such player is
    matched as if the document gave no id (by name and birth date, else a new person), and
    the claimed persons keep their names, birth dates and players."""
    import_tournament(copy.deepcopy(example_document), slug="first")
    exported = export_tournament(Tournament.objects.get(slug="first"))
    before = {
        p.pk: (p.name, p.birth_date, p.folded_name, p.sight_class, p.club)
        for p in Person.objects.all()
    }
    claims = copy.deepcopy(exported)
    renamed, redated, undated, *others = claims["players"]
    renamed["name"] = "Někdo Jiný"
    redated["birth_date"] = "1901-01-01"
    undated.pop("birth_date")
    ids = [player["person"] for player in others]
    for player, claimed_id in zip(others, ids[1:] + ids[:1], strict=True):
        player["person"] = claimed_id  # another player's person, with the player's own data
    _tournament, warnings = import_tournament(claims, slug="claims")

    first, linked = persons_of("first"), persons_of("claims")
    assert not {linked[1], linked[2], linked[3]} & set(first.values())  # new persons
    assert all(linked[n] == first[n] for n in linked if n > 3)  # themselves, by name and date
    assert {
        p.pk: (p.name, p.birth_date, p.folded_name, p.sight_class, p.club)
        for p in Person.objects.filter(pk__in=before)
    } == before
    assert [w.place.player for w in warnings if "nárok, ne klíč" in w.message] == sorted(linked)
    # each new person is among the possible duplicates: by its name, or with the one claimed
    groups = {tuple(p.pk for p in group.persons): group for group in merges.possible_duplicates()}
    assert {(first[2], linked[2]), (first[3], linked[3])} <= set(groups)
    renamed_group = groups[(first[1], linked[1])]
    assert renamed_group.claim and renamed_group.name == exported["players"][0]["name"]
    assert Person.objects.get(pk=linked[1]).name == "Někdo Jiný"
    # the organiser finds them different people: the claim is dropped, the names stay
    merges.keep_apart(group=Person.objects.filter(pk__in=[first[1], linked[1]]))
    assert (first[1], linked[1]) not in {
        tuple(p.pk for p in group.persons) for group in merges.possible_duplicates()
    }
    assert Person.objects.get(pk=linked[1]).claimed is None
    # an id that a person here has is not given to a new person
    assert {str(Person.objects.get(pk=linked[n]).uuid) for n in (1, 2, 3)}.isdisjoint(
        p["person"] for p in exported["players"]
    )


def test_an_id_this_server_does_not_know_makes_the_person_with_it(example_document):
    stable = uuid.uuid4()
    example_document["players"][0]["person"] = str(stable)
    import_tournament(example_document, slug="first")
    player = Player.objects.get(tournament__slug="first", start_number=1)
    assert player.person.uuid == stable
    assert player.person.name == player.name


def test_a_wrongly_written_id_is_refused(example_document):
    from interchange.importer import DocumentRejected

    example_document["players"][0]["person"] = "not-an-id"
    with pytest.raises(DocumentRejected):
        import_tournament(example_document, slug="first")


@pytest.fixture
def tournament():
    return services.create_tournament(
        values={
            "slug": "klub",
            "name": "Klubový turnaj",
            "year": 2026,
            "start_date": date(2026, 3, 1),
        }
    )


def test_the_organiser_links_a_player_to_a_person_or_makes_a_new_one(tournament):
    known = Person.objects.create(name="Jan Kolář", birth_date=date(1960, 2, 2))
    values = {
        "start_number": 1,
        "name": "Jan Kolar",
        "birth_date": date(1960, 2, 2),
        "sight_class": "B1",
        "paid": True,
    }
    automatic = services.create_player(tournament=tournament, values=values)
    assert automatic.person == known  # the certain match
    chosen = services.create_player(
        tournament=tournament, values={**values, "start_number": 2}, person=persons.NEW
    )
    assert chosen.person != known and chosen.person.name == "Jan Kolar"
    with pytest.raises(Exception) as refused:
        services.update_player(player=chosen, values={}, person=known)
    assert "person" in refused.value.message_dict  # one person is one player of a tournament
    services.delete_player(player=automatic)
    relinked = services.update_player(player=chosen, values={}, person=known)
    assert relinked.person == known


def test_the_registration_sheet_carries_the_person_and_links_by_it(tournament):
    someone = Person.objects.create(name="Eva Malá", birth_date=date(1990, 1, 1))
    values = {"name": "Eva Malá", "sight_class": "B2", "paid": True}
    services.create_player(
        tournament=tournament,
        values={**values, "start_number": 1, "birth_date": date(1990, 1, 1)},
        person=someone,
    )
    # the organiser's choice links a player without a birth date; a sheet's id cannot
    services.create_player(tournament=tournament, values={**values, "start_number": 2})
    chosen = Player.objects.get(tournament=tournament, start_number=2)
    services.update_player(player=chosen, values={}, person=persons.NEW)
    sheet = registration.template(tournament)
    other = services.create_tournament(
        values={
            "slug": "jiny",
            "name": "Jiný turnaj",
            "year": 2026,
            "start_date": date(2026, 4, 1),
        }
    )
    outcome = registration.import_players(other, sheet)
    assert outcome.errors == []
    assert Player.objects.get(tournament=other, start_number=1).person == someone
    # the second row claims the person of the first tournament's second player, without a
    # birth date to be sure by: a new person, and the claimed one is as it was
    second = Player.objects.get(tournament=other, start_number=2).person
    assert second != chosen.person and second.name == "Eva Malá"
    assert outcome.to_check == 1
    # uploaded again, each row keeps its player's person
    again = registration.import_players(other, registration.template(other))
    assert again.errors == []
    assert Player.objects.get(tournament=other, start_number=2).person == second


def test_every_player_recorded_before_persons_gets_one(example_document):
    import_tournament(copy.deepcopy(example_document), slug="first")
    import_tournament(copy.deepcopy(example_document), slug="second")
    Player.objects.update(person=None)
    Person.objects.all().delete()
    migration = importlib.import_module("tournament.migrations.0022_every_player_a_person")
    migration.persons_for_players(apps, None)
    assert persons_of("first") == persons_of("second")
    assert None not in persons_of("first").values()
    assert Person.objects.count() == len(example_document["players"])


def test_two_players_of_one_person_in_a_document_are_refused(example_document):
    from interchange.importer import DocumentRejected

    same = str(uuid.uuid4())
    example_document["players"][0]["person"] = same
    example_document["players"][1]["person"] = same
    with pytest.raises(DocumentRejected) as rejected:
        import_tournament(example_document, slug="first")
    assert any("jedna osoba, jeden hráč" in str(p) for p in rejected.value.problems)


def test_an_older_document_imported_again_keeps_its_players_persons(example_document):
    for player in example_document["players"]:
        player.pop("birth_date")  # nothing to be certain by
    import_tournament(copy.deepcopy(example_document), slug="first")
    before = persons_of("first")
    import_tournament(copy.deepcopy(example_document), slug="first", replace=True)
    assert persons_of("first") == before
    assert Person.objects.count() == len(example_document["players"])


def test_an_import_warns_of_each_new_person_sharing_a_name(example_document):
    import_tournament(copy.deepcopy(example_document), slug="first")
    second = copy.deepcopy(example_document)
    del second["players"][2]["birth_date"]
    _tournament, warnings = import_tournament(second, slug="second")
    assert [w.place.player for w in warnings if "duplicit" in w.message] == [3]
    _tournament, again = import_tournament(second, slug="second", replace=True)
    assert not [w for w in again if "duplicit" in w.message]  # its persons are kept


def test_the_upload_says_how_many_new_players_share_a_name(tournament):
    Person.objects.create(name="Eva Malá", birth_date=date(1990, 1, 1))
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(registration.template()))
    sheet = book[registration.sheet_title()]
    for cell, value in {"A2": 1, "B2": "Eva Mala", "D2": "B1", "F2": "ano"}.items():
        sheet[cell] = value
    out = io.BytesIO()
    book.save(out)
    outcome = registration.import_players(tournament, out.getvalue())
    assert outcome.errors == [] and outcome.to_check == 1
    assert "duplicit" in outcome.summary()
