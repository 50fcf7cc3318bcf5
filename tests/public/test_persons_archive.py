"""The archive by person (issue 25): the stored summary written when a tournament is
completed, the person's public page, and the archive page reading the summary in a fixed
number of queries however many tournaments there are."""

import copy
import re
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from interchange.importer import import_tournament
from rules.sheet import SheetLine
from scoring.sheets import confirm_sheet, save_sheet
from season import merges, rating
from season.models import ArchiveEntry
from tournament.models import Person, Player, Round, Stage, Table, Tournament, TournamentKind

pytestmark = pytest.mark.django_db


def without_last_sheet(document: dict) -> tuple[dict, dict]:
    """The document with the A-final's last sheet left out, and that sheet."""
    document = copy.deepcopy(document)
    table = document["stages"]["final_a"]["games"][-1]["tables"][-1]
    return document, table["rounds"].pop()


def test_completing_the_last_stage_writes_the_summary(example_document, referees):
    document, last = without_last_sheet(example_document)
    tournament, _ = import_tournament(document, slug="mcr")
    assert not ArchiveEntry.objects.exists()  # the A-final is not over
    table = Table.objects.get(
        game__stage__tournament=tournament, game__stage__kind="final_a", game__number=2, number=2
    )
    round_ = Round.objects.get(game=table.game, number=last["round"])
    lines = [
        SheetLine(r["player"], r["laid"], r["unused"], closed=r["closed"]) for r in last["results"]
    ]
    sheet = save_sheet(table=table, round=round_, lines=lines, by=referees[0], version=0)
    assert not ArchiveEntry.objects.exists()  # the final's sheets wait for a confirmation
    confirm_sheet(sheet=sheet, by=referees[1], version=sheet.version)
    entries = ArchiveEntry.objects.filter(tournament=tournament)
    assert entries.count() == len(example_document["players"])
    champions = entries.filter(champion=True)
    assert {e.category for e in champions} == {"B1", "VS"}
    assert all(e.medal == 1 and e.place == 1 and e.stage == "final_a" for e in champions)
    # the same as importing the whole championship at once
    import_tournament(copy.deepcopy(example_document), slug="whole")

    def rows(slug):
        return sorted(
            ArchiveEntry.objects.filter(tournament__slug=slug).values_list(
                "player__start_number",
                "place",
                "medal",
                "champion",
                "points",
                "closes",
                "best_round",
            )
        )

    assert rows("mcr") == rows("whole")


def test_the_rebuild_command_writes_every_completed_tournament(example_document):
    import_tournament(example_document, slug="mcr")
    before = sorted(ArchiveEntry.objects.values_list("player_id", "points", "place"))
    ArchiveEntry.objects.all().delete()
    out = StringIO()
    call_command("rebuild_archive", stdout=out)
    assert sorted(ArchiveEntry.objects.values_list("player_id", "points", "place")) == before
    assert str(len(before)) in out.getvalue()


def test_the_person_page_lists_tournaments_places_and_no_birth_date(example_document):
    import_tournament(copy.deepcopy(example_document), slug="mcr")
    champion = ArchiveEntry.objects.filter(champion=True).select_related("player__person")[0]
    person = champion.player.person
    page = Client().get(f"/osoby/{person.uuid}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert person.name in text and "zlato" in text
    assert champion.player.birth_date.strftime("%Y") not in text  # the birth date stays private
    player_page = Client().get(f"/turnaj/mcr/hrac/{champion.player.start_number}/")
    assert f"/osoby/{person.uuid}/" in player_page.content.decode()
    words = "této hráčky" if champion.player.feminine else "tohoto hráče"
    assert f"Všechny turnaje {words}, umístění, medaile a rekordy" in player_page.content.decode()


def test_a_merged_person_s_address_leads_to_the_person_kept(example_document):
    import_tournament(copy.deepcopy(example_document), slug="first")
    second = copy.deepcopy(example_document)
    del second["players"][0]["birth_date"]
    import_tournament(second, slug="second")
    keep = Player.objects.get(tournament__slug="first", start_number=1).person
    merged = Player.objects.get(tournament__slug="second", start_number=1).person
    merges.merge_persons(keep=keep, merged=merged)
    answer = Client().get(f"/osoby/{merged.uuid}/")
    assert answer.status_code == 301 and answer["Location"].endswith(f"/osoby/{keep.uuid}/")
    text = Client().get(f"/osoby/{keep.uuid}/").content.decode()
    assert text.count("/turnaj/first/hrac/1/") == 1 and text.count("/turnaj/second/hrac/1/") == 1


def test_held_results_stay_off_the_person_page_and_the_archive(example_document):
    import_tournament(copy.deepcopy(example_document), slug="mcr")
    champion = ArchiveEntry.objects.filter(champion=True).select_related("player__person")[0]
    Stage.objects.filter(tournament__slug="mcr", kind="final_a").update(
        results_held=True, announcement="na vyhlášení"
    )
    text = Client().get(f"/osoby/{champion.player.person.uuid}/").content.decode()
    assert "zlato" not in text  # the gold medal of the A-final held for the ceremony
    assert champion.player.name not in Client().get("/archiv/").content.decode()


def small_season(championships: int, clubs: int, people: list | None = None) -> list[Person]:
    """Completed tournaments as the archive reads them: a few players each with their stored
    summary, made directly (the archive never looks further); the persons they are."""
    people = people or Person.objects.bulk_create(
        Person(name=f"Hráč {n}", folded_name=f"hrac {n}") for n in range(8)
    )
    count = Tournament.objects.count()
    for kind, how_many in (
        (TournamentKind.CHAMPIONSHIP, championships),
        (TournamentKind.CLUB, clubs),
    ):
        for index in range(how_many):
            count += 1
            tournament = Tournament.objects.create(
                slug=f"t-{count}",
                name=f"Turnaj {count}",
                kind=kind,
                year=2000 + index,
                start_date=date(2000 + index, 1 + count % 12, 1),
            )
            players = Player.objects.bulk_create(
                Player(
                    tournament=tournament,
                    start_number=n + 1,
                    name=person.name,
                    sight_class="B1" if n % 2 else "none",
                    gender="masculine",
                    person=person,
                )
                for n, person in enumerate(people[(count % 4) : (count % 4) + 4])
            )
            ArchiveEntry.objects.bulk_create(
                ArchiveEntry(
                    tournament=tournament,
                    player=player,
                    stage="final_a",
                    category=player.category,
                    place=1 + n // 2,
                    medal=1 + n // 2,
                    champion=n < 2,
                    points=100 + n,
                    closes=n,
                    best_round=30 + (count + n) % 20,
                    rounds=14,
                )
                for n, player in enumerate(players)
            )
    return people


def archive_queries() -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        page = Client().get("/archiv/")
    assert page.status_code == 200
    return len(queries), page.content.decode()


def test_the_archive_page_takes_the_same_queries_for_a_whole_history():
    small_season(1, 1)
    few, _ = archive_queries()
    small_season(20, 100)
    many, text = archive_queries()
    assert many == few
    assert text.count("/osoby/") > 20
    assert len(re.findall(r'href="/turnaj/t-\d+/"', text)) == 2 * 21  # two categories a year


def test_a_person_page_takes_the_same_queries_for_many_tournaments():
    people = small_season(1, 1)
    person = Person.objects.filter(players__isnull=False).first()

    def queries() -> int:
        # the rating is brought up to date first: its recomputation after new games is the
        # rating's own cost (tests/season/test_rating.py), not the page's
        rating.refresh()
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(f"/osoby/{person.uuid}/").status_code == 200
        return len(captured)

    few = queries()
    small_season(20, 100, people)
    assert person.players.count() > 20
    assert queries() == few


def test_a_registered_player_who_never_played_is_said_so(example_document):
    example_document["players"].append(
        {"no": 99, "name": "Ota Nepřišel", "birth_date": "1970-01-01", "sight_class": "B1"}
    )
    import_tournament(example_document, slug="mcr")
    entry = ArchiveEntry.objects.get(player__start_number=99)
    assert (entry.rounds, entry.place, entry.points) == (0, None, 0)
    text = Client().get(f"/osoby/{entry.player.person.uuid}/").content.decode()
    assert "nehrál" in text
    assert "Ota Nepřišel" not in Client().get("/archiv/").content.decode()  # no record of 0
