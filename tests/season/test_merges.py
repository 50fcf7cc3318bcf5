"""Persons recorded twice (issue 25, ``season.merges``): the possible duplicates and the merge,
which keeps every result and the archive's rows and is recorded in both persons' history."""

import copy

import pytest

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from refusals import Refused
from season import merges
from season.models import ArchiveEntry
from tests.tournament.test_persons import archive_rows, results_of
from tournament import persons
from tournament.models import Player, Tournament

pytestmark = pytest.mark.django_db


def test_uncertain_matches_are_new_persons_listed_as_possible_duplicates(example_document):
    import_tournament(copy.deepcopy(example_document), slug="first")
    second = copy.deepcopy(example_document)
    del second["players"][2]["birth_date"]  # no birth date: the name alone is not certain
    import_tournament(second, slug="second")
    third_player = Player.objects.get(tournament__slug="second", start_number=3)
    first_player = Player.objects.get(tournament__slug="first", start_number=3)
    assert third_player.person_id != first_player.person_id
    groups = merges.possible_duplicates()
    assert [{p.pk for p in group.persons} for group in groups] == [
        {third_player.person_id, first_player.person_id}
    ]


def test_merging_persons_keeps_every_result_and_records_the_merge(example_document):
    import_tournament(copy.deepcopy(example_document), slug="first")
    second = copy.deepcopy(example_document)
    del second["players"][2]["birth_date"]
    import_tournament(second, slug="second")
    before = {slug: (results_of(slug), archive_rows(slug)) for slug in ("first", "second")}
    assert before["first"][1]  # the example championship is complete: it is in the archive
    keep = Player.objects.get(tournament__slug="first", start_number=3).person
    merged = Player.objects.get(tournament__slug="second", start_number=3).person

    kept = merges.merge_persons(keep=keep, merged=merged)

    assert kept == keep
    assert set(kept.players.values_list("tournament__slug", flat=True)) == {"first", "second"}
    assert {slug: (results_of(slug), archive_rows(slug)) for slug in before} == before
    assert ArchiveEntry.objects.filter(player__person=kept).count() == 2
    merged.refresh_from_db()
    assert merged.merged_into == kept
    assert merges.possible_duplicates() == []
    assert "sloučena s osobou" in kept.history.first().history_change_reason
    assert "sloučena do osoby" in merged.history.first().history_change_reason
    # an older document's id of the merged person finds the person kept
    assert persons.by_stable_id(merged.uuid) == kept
    # (with the name and birth date of the person kept: an id is a claim, not a key)
    again = export_tournament(Tournament.objects.get(slug="second"))
    again["players"][2]["person"] = str(merged.uuid)
    import_tournament(copy.deepcopy(again), slug="third")
    assert Player.objects.get(tournament__slug="third", start_number=3).person != kept
    again["players"][2]["birth_date"] = kept.birth_date.isoformat()
    import_tournament(again, slug="fourth")
    assert Player.objects.get(tournament__slug="fourth", start_number=3).person == kept


def test_a_merge_of_two_players_of_one_tournament_is_refused(example_document):
    import_tournament(example_document, slug="first")
    one, two = (p.person for p in Player.objects.filter(tournament__slug="first")[:2])
    with pytest.raises(Refused):
        merges.merge_persons(keep=one, merged=two)
    with pytest.raises(Refused):
        merges.merge_persons(keep=one, merged=one)
    assert one.players.count() == 1 and two.players.count() == 1
