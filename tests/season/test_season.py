"""The season in one place (issue 35, point 3): the archive's summary and the rating are brought
up to date by the tournament's change stamp (``tournament.changes`` → ``season.refresh``) at the
end of every write that changes results, so that no write can forget them; the pages that show
them only read (a reader pays nothing for a writer)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from interchange.exporter import export_tournament
from rules.sheet import SheetLine
from scoring import early_end, sanctions
from scoring.models import RoundResult, Sheet
from scoring.sheets import confirm_sheet, confirm_sheets, save_sheet
from season import rating
from season.archive import rebuild_archive
from season.models import ArchiveEntry, PersonRating, RatingEntry
from sync import services as sync_services
from tests.authors import author
from tests.test_row_locks import (
    draw_lot,
    final_in_time_trouble,
    played,
    registered,
)
from tournament.models import Game, Player, Round, Table, Tournament

pytestmark = pytest.mark.django_db


def archive_rows() -> list:
    return sorted(
        ArchiveEntry.objects.values_list(
            "tournament_id", "player_id", "stage", "place", "medal", "champion", "points"
        )
    )


def rating_rows() -> dict:
    return {
        "entries": sorted(
            RatingEntry.objects.values_list("person_id", "table_id", "points", "mu", "sigma")
        ),
        "persons": sorted(PersonRating.objects.values_list("person_id", "mu", "sigma", "games")),
    }


def assert_current() -> None:
    """The archive's summary and the rating as the writes left them: computed for the data as
    it is (the rating's fingerprint is the data's), the same as computing them again."""
    assert rating._state().fingerprint == rating.fingerprint()
    archive, ratings = archive_rows(), rating_rows()
    rebuild_archive()
    rating.recompute()
    assert archive_rows() == archive
    assert rating_rows() == ratings


def test_an_import_leaves_the_archive_and_the_rating_current():
    tournament = played()
    assert ArchiveEntry.objects.filter(tournament=tournament).exists()  # completed
    assert RatingEntry.objects.exists()
    assert_current()


def test_a_corrected_confirmed_sheet_leaves_them_current():
    tournament = played()
    before = archive_rows(), rating_rows()
    table = Table.objects.get(
        game__stage__tournament=tournament, game__stage__kind="final_a", game__number=1, number=1
    )
    round_ = table.game.rounds.order_by("position").first()
    sheet = Sheet.objects.get(table=table, round=round_)
    stored = list(RoundResult.objects.filter(table=table, round=round_).select_related("player"))
    lines = [
        SheetLine(
            r.player.start_number, r.laid + (9 if not r.closed else 0), r.unused, closed=r.closed
        )
        for r in stored
    ]
    save_sheet(
        table=table,
        round=round_,
        lines=lines,
        by=author("R"),
        version=sheet.version,
        confirm_warnings=True,
        correction_reason="přepsané číslo",
    )
    assert (archive_rows(), rating_rows()) != before  # the points moved both
    assert_current()


def test_a_sheet_confirmed_alone_or_with_others_leaves_them_current(example_document):
    from interchange.importer import import_tournament

    table_doc = example_document["stages"]["final_a"]["games"][-1]["tables"][-1]
    last = table_doc["rounds"].pop()
    tournament, _ = import_tournament(example_document, slug="mcr")
    assert not ArchiveEntry.objects.exists()
    table = Table.objects.get(
        game__stage__tournament=tournament, game__stage__kind="final_a", game__number=2, number=2
    )
    round_ = Round.objects.get(game=table.game, number=last["round"])
    lines = [
        SheetLine(r["player"], r["laid"], r["unused"], closed=r["closed"]) for r in last["results"]
    ]
    sheet = save_sheet(table=table, round=round_, lines=lines, by=author("R"), version=0)
    assert_current()
    confirm_sheet(sheet=sheet, by=author("S"), version=sheet.version)
    assert ArchiveEntry.objects.filter(tournament=tournament).exists()  # completed now
    assert_current()
    # unconfirmed and confirmed again many at once
    Sheet.objects.filter(pk=sheet.pk).update(confirmed_at=None, confirmed_by=None)
    sheet.refresh_from_db()
    confirm_sheets(reviewed=[(sheet, sheet.version)], by=author("S"))
    assert_current()


def test_a_sanction_recorded_and_withdrawn_leaves_them_current():
    tournament = played()
    game = Game.objects.get(stage__tournament=tournament, stage__kind="final_a", number=1)
    player = game.seats.order_by("player__start_number").first().player
    before = archive_rows()
    sanction = sanctions.record_sanction(
        player=player, scope="game", game=game, reason="zvonící telefon", by=author("R")
    )
    assert archive_rows() != before  # the disqualified game scores nothing
    assert_current()
    sanctions.withdraw_sanction(sanction=sanction, reason="omyl", by=author("R"))
    assert_current()


def test_a_game_ended_early_and_undone_leaves_them_current():
    game = final_in_time_trouble()
    early_end.end_game_early(game=game, by=author("R"), reason="časová tíseň")
    assert ArchiveEntry.objects.filter(tournament=game.stage.tournament).exists()
    assert_current()
    early_end.undo_early_end(game=game, by=author("R"))
    assert not ArchiveEntry.objects.filter(tournament=game.stage.tournament).exists()
    assert_current()


def test_a_lot_leaves_them_current():
    draw_lot()
    assert_current()


def test_a_push_leaves_them_current():
    venue = played("venue")
    sync_services.receive_tournament(slug="mcr", kind=venue.kind, year=venue.year)
    sync_services.accept_push(slug="mcr", revision=1, document=export_tournament(venue))
    pushed = Tournament.objects.get(slug="mcr")
    assert ArchiveEntry.objects.filter(tournament=pushed).exists()
    assert_current()
    assert pushed.revision == 1  # the stamp moved once for the whole push


def test_a_write_outside_any_service_cannot_forget_them(django_capture_on_commit_callbacks):
    """A row saved by hand (no service, no ``one_touch``) moves the stamp like any other: once
    its transaction commits, the summary and the rating follow."""
    tournament = played()
    result = RoundResult.objects.filter(
        table__game__stage__tournament=tournament, table__game__stage__kind="final_a"
    ).first()
    before = archive_rows(), rating_rows()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        result.laid += 20
        result.save()
    assert len(callbacks) >= 1
    assert (archive_rows(), rating_rows()) != before
    assert_current()


def test_reading_pays_nothing_for_a_writer():
    """The pages of the rating, the archive and a person read rows: no write, no bringing up
    to date, even when the stored rating is behind data changed behind the stamp's back."""
    tournament = played()
    registered("other")
    # two players become one person without moving any stamp: the rating is now behind
    first, second = Player.objects.filter(tournament=tournament).order_by("start_number")[:2]
    Player.objects.filter(pk=second.pk).update(person=first.person)
    stale = rating._state().fingerprint
    assert stale != rating.fingerprint()
    person = PersonRating.objects.select_related("person").first().person
    pages = [
        reverse("tournament:rating") + "?partii=1",
        reverse("tournament:rating_person", args=[person.pk]),
        reverse("tournament:person", args=[person.uuid]),
        reverse("tournament:archive"),
    ]
    with CaptureQueriesContext(connection) as queries:
        for url in pages:
            assert Client().get(url).status_code == 200
    written = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].split()[0].upper() in ("INSERT", "UPDATE", "DELETE")
    ]
    assert written == []
    assert rating._state().fingerprint == stale  # nobody brought it up to date on reading


def test_a_sheet_of_a_game_in_play_pays_for_its_own_tournament_only(example_document):
    """Most writes of the day complete no game: the rating then reads the tournament that
    moved, not every rated one (bench: a write that rates nothing), and stays current."""
    from interchange.importer import import_tournament

    table_doc = example_document["stages"]["final_a"]["games"][-1]["tables"][-1]
    last = table_doc["rounds"].pop()
    tournament, _ = import_tournament(example_document, slug="mcr")
    table = Table.objects.get(
        game__stage__tournament=tournament, game__stage__kind="final_a", game__number=2, number=2
    )
    round_ = Round.objects.get(game=table.game, number=last["round"])
    lines = [
        SheetLine(r["player"], r["laid"], r["unused"], closed=r["closed"]) for r in last["results"]
    ]
    sheet = save_sheet(table=table, round=round_, lines=lines, by=author("R"), version=0)
    counts = []
    for other, more in (("a", 1), ("b", 2)):  # one more rated, played tournament each time
        played(other)
        before = rating_rows()
        changed = [SheetLine(lines[0].player, lines[0].laid + more, lines[0].unused, closed=False)]
        with CaptureQueriesContext(connection) as queries:
            sheet = save_sheet(
                table=table,
                round=round_,
                lines=changed + lines[1:],
                by=author("R"),
                version=sheet.version,
            )
        assert sheet.confirmed_at is None  # the game is not complete: nothing to rate
        assert rating_rows() == before
        counts.append(len(queries))
        assert_current()
    assert counts[0] == counts[1], counts
