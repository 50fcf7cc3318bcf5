"""Format version 5 (issue 35, point 4b): a local qualification's source, which local
qualifier and which place, goes into the tournament document and comes back; a tick by hand
keeps its reason; version-4 documents are still read."""

import copy

import pytest

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from tests.test_row_locks import local_qualifier, registered
from tournament.models import LocalQualification, Player, Tournament

pytestmark = pytest.mark.django_db


def championship_with_a_local_qualifier() -> tuple[Tournament, Player, Player]:
    source = local_qualifier()  # "brno", the demo's players with their persons
    championship = registered("mcr")
    qualified, ticked = Player.objects.filter(tournament=championship).order_by("start_number")[:2]
    record = LocalQualification.objects.create(
        person=qualified.person,
        championship_year=championship.year,
        source=source,
        category="VS",
        place=2,
    )
    Player.objects.filter(pk=qualified.pk).update(local_qualifier=True, local_qualification=record)
    Player.objects.filter(pk=ticked.pk).update(
        local_qualifier=True, local_qualifier_reason="vítěz krajského přeboru"
    )
    return championship, qualified, ticked


def entry_of(document: dict, number: int) -> dict:
    return next(p for p in document["players"] if p["no"] == number)


def test_the_source_and_the_place_make_a_round_trip():
    championship, qualified, ticked = championship_with_a_local_qualifier()
    document = export_tournament(championship)
    assert document["version"] == 7
    source = Tournament.objects.get(slug="brno")
    assert entry_of(document, qualified.start_number)["local_qualification"] == {
        "source": {
            "slug": "brno",
            "name": source.name,
            "start_date": source.start_date.isoformat(),
        },
        "category": "VS",
        "place": 2,
    }
    assert entry_of(document, ticked.start_number)["local_qualifier_reason"] == (
        "vítěz krajského přeboru"
    )
    imported, _warnings = import_tournament(copy.deepcopy(document), slug="mcr-znovu")
    again = Player.objects.get(tournament=imported, start_number=qualified.start_number)
    assert again.local_qualifier and again.local_qualification.source == source
    assert (again.local_qualification.category, again.local_qualification.place) == ("VS", 2)
    by_hand = Player.objects.get(tournament=imported, start_number=ticked.start_number)
    assert by_hand.local_qualifier and by_hand.local_qualifier_reason == "vítěz krajského přeboru"
    assert export_tournament(imported)["players"] == document["players"]


def test_a_source_this_database_does_not_hold_is_kept_in_words():
    championship, qualified, _ticked = championship_with_a_local_qualifier()
    document = export_tournament(championship)
    entry = entry_of(document, qualified.start_number)
    entry["local_qualification"]["source"]["slug"] = "ostrava"
    imported, _warnings = import_tournament(document, slug="jinde")
    player = Player.objects.get(tournament=imported, start_number=qualified.start_number)
    assert player.local_qualifier and player.local_qualification is None
    assert "2" in player.local_qualifier_reason and "VS" in player.local_qualifier_reason
    assert "místní kvalifikace" in player.local_qualifier_reason


def test_a_version_4_document_is_still_read():
    championship, qualified, _ticked = championship_with_a_local_qualifier()
    document = export_tournament(championship)
    document["version"] = 4
    for entry in document["players"]:
        entry.pop("local_qualification", None)
        entry.pop("local_qualifier_reason", None)
    imported, _warnings = import_tournament(document, slug="ctyrka")
    player = Player.objects.get(tournament=imported, start_number=qualified.start_number)
    assert player.local_qualifier and player.local_qualification is None
