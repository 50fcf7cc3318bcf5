import threading
from dataclasses import replace

import pytest
from django.db import connection

from scoring.models import RoundResult, Sheet
from scoring.sheets import SheetRefused, confirm_sheet, save_sheet
from tests.authors import author
from tests.conftest import database_snapshot, good_lines, table_and_round

pytestmark = pytest.mark.usefixtures("english")


def test_a_good_sheet_is_stored_whole(game, referees):
    table, round_ = table_and_round(game)
    sheet = save_sheet(
        table=table, round=round_, lines=good_lines(table), by=referees[0], version=0
    )
    assert sheet.version == 1 and sheet.entered_by == referees[0] and not sheet.confirmed
    assert RoundResult.objects.filter(table=table, round=round_).count() == table.seats.count()
    assert RoundResult.objects.get(table=table, round=round_, closed=True).unused == 0


BROKEN = {
    "two closers": (
        lambda lines: [replace(lines[1], closed=True, unused=0)] + lines[:1] + lines[2:],
        "more than one player closed",
    ),
    "closer with unused": (
        lambda lines: [replace(lines[0], unused=2)] + lines[1:],
        "a closer has used all cards",
    ),
    "over the card bound": (
        lambda lines: [replace(lines[1], laid=500)] + lines[2:] + lines[:1],
        "more than the",
    ),
    "negative": (
        lambda lines: [replace(lines[1], laid=-1)] + lines[2:] + lines[:1],
        "whole number of 0 or more",
    ),
    "text": (
        lambda lines: [replace(lines[1], unused="tři")] + lines[2:] + lines[:1],
        "whole number of 0 or more",
    ),
    "empty": (
        lambda lines: [replace(lines[1], laid="")] + lines[2:] + lines[:1],
        "whole number of 0 or more",
    ),
    "fraction": (
        lambda lines: [replace(lines[1], penalty=1.5)] + lines[2:] + lines[:1],
        "whole number of 0 or more",
    ),
    "missing line": (lambda lines: lines[:-1], "line is missing"),
    "stranger": (
        lambda lines: lines + [replace(lines[0], player=999)],
        "does not sit at this table",
    ),
    "twice": (lambda lines: lines + [lines[1]], "two lines"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_sheet_stores_nothing(game, referees, name):
    table, round_ = table_and_round(game)
    before = database_snapshot()
    change, words = BROKEN[name]
    with pytest.raises(SheetRefused) as refused:
        save_sheet(
            table=table,
            round=round_,
            lines=change(good_lines(table)),
            by=referees[0],
            version=0,
            confirm_warnings=True,
        )
    assert words in str(refused.value)
    assert database_snapshot() == before


def test_a_broken_sheet_leaves_the_stored_one_as_it_was(game, referees):
    table, round_ = table_and_round(game)
    save_sheet(table=table, round=round_, lines=good_lines(table), by=referees[0], version=0)
    before = database_snapshot()
    lines = good_lines(table)
    lines[1] = replace(lines[1], closed=True, unused=0)
    with pytest.raises(SheetRefused):
        save_sheet(table=table, round=round_, lines=lines, by=referees[0], version=1)
    assert database_snapshot() == before


def test_warnings_need_the_referees_confirmation(game, referees):
    table, round_ = table_and_round(game)
    lines = [replace(line, closed=False, unused=2) for line in good_lines(table)]  # no closer
    with pytest.raises(SheetRefused) as refused:
        save_sheet(table=table, round=round_, lines=lines, by=referees[0], version=0)
    assert refused.value.only_warnings and "nobody closed" in str(refused.value)
    assert not Sheet.objects.exists()
    save_sheet(
        table=table, round=round_, lines=lines, by=referees[0], version=0, confirm_warnings=True
    )
    assert Sheet.objects.count() == 1


def test_a_laid_value_far_above_usual_is_a_warning_after_a_few_rounds(game, referees):
    from draws.services import draw_game

    game = draw_game(
        tournament=game.stage.tournament,
        kind="qualifier",
        number=1,
        by=author("Jana"),
        seed=1,
        rounds=[1, 2, 3, 4, 5, 6, 7],
        confirm=True,
    )
    table = game.tables.get(number=1)
    rounds = list(game.rounds.order_by("position"))
    for position, round_ in enumerate(rounds[:-1]):
        lines = good_lines(table, closer=position % 2, laid=round_.deal_size * 2, unused=1)
        if position == 4:  # far above usual, but the players have only four rounds behind them
            lines[1] = replace(lines[1], laid=round_.deal_size * 7)
        # saved without a word (a warning would refuse the sheet)
        save_sheet(table=table, round=round_, lines=lines, by=referees[0], version=0)
    lines = good_lines(table, closer=0, laid=20, unused=1)
    lines[0] = replace(lines[0], laid=70)  # round 7: 10 cards, about 20 usual
    with pytest.raises(SheetRefused) as refused:
        save_sheet(table=table, round=rounds[-1], lines=lines, by=referees[0], version=0)
    assert refused.value.only_warnings and "far more than usual" in str(refused.value)
    [problem] = refused.value.problems
    assert (problem.player, problem.field, problem.code) == (
        lines[0].player,
        "laid",
        "far_above_average",
    )


def test_a_stale_version_is_refused_not_overwritten(game, referees):
    table, round_ = table_and_round(game)
    save_sheet(table=table, round=round_, lines=good_lines(table), by=referees[0], version=0)
    save_sheet(
        table=table, round=round_, lines=good_lines(table, laid=12), by=referees[1], version=1
    )
    with pytest.raises(SheetRefused) as refused:  # referee 1 still holds version 1
        save_sheet(
            table=table, round=round_, lines=good_lines(table, laid=20), by=referees[0], version=1
        )
    assert refused.value.stale.version == 2 and "Someone else saved" in str(refused.value)
    assert set(
        RoundResult.objects.filter(table=table, round=round_).values_list("laid", flat=True)
    ) == {12}
    with pytest.raises(SheetRefused) as refused:  # two referees creating the same new sheet
        other, _ = table_and_round(game, table=2)
        save_sheet(table=other, round=round_, lines=good_lines(other), by=referees[0], version=0)
        save_sheet(table=other, round=round_, lines=good_lines(other), by=referees[1], version=0)
    assert refused.value.stale is not None


@pytest.mark.django_db(transaction=True)
def test_two_referees_saving_at_once_one_wins(game, referees):
    """Two real connections save the same version at the same moment: exactly one succeeds."""
    table, round_ = table_and_round(game)
    save_sheet(table=table, round=round_, lines=good_lines(table), by=referees[0], version=0)
    barrier = threading.Barrier(2)
    outcomes = []

    def save(referee, laid):
        try:
            barrier.wait()
            save_sheet(
                table=table, round=round_, lines=good_lines(table, laid=laid), by=referee, version=1
            )
            outcomes.append(("saved", laid))
        except SheetRefused:
            outcomes.append(("refused", laid))
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=(referees[i], 20 + i)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(kind for kind, _ in outcomes) == ["refused", "saved"]
    [winner] = [laid for kind, laid in outcomes if kind == "saved"]
    assert set(
        RoundResult.objects.filter(table=table, round=round_).values_list("laid", flat=True)
    ) == {winner}
    assert Sheet.objects.get(table=table, round=round_).version == 2


def test_confirmation_by_another_account(game, referees):
    table, round_ = table_and_round(game)
    sheet = save_sheet(
        table=table, round=round_, lines=good_lines(table), by=referees[0], version=0
    )
    with pytest.raises(SheetRefused, match="another account"):
        confirm_sheet(sheet=sheet, by=referees[0], version=1)
    confirm_sheet(sheet=sheet, by=referees[1], version=1)
    sheet.refresh_from_db()
    assert sheet.confirmed and sheet.confirmed_by == referees[1]
    # a change after confirmation needs a reason, and then a new confirmation
    with pytest.raises(SheetRefused) as refused:
        save_sheet(
            table=table, round=round_, lines=good_lines(table, laid=11), by=referees[1], version=1
        )
    assert refused.value.needs_reason
    sheet.refresh_from_db()
    assert sheet.confirmed and sheet.version == 1
    save_sheet(
        table=table,
        round=round_,
        lines=good_lines(table, laid=11),
        by=referees[1],
        version=1,
        correction_reason="sečteno znovu",
    )
    sheet.refresh_from_db()
    assert not sheet.confirmed and sheet.version == 2 and sheet.correction_reason == "sečteno znovu"


def test_every_change_keeps_its_history(game, referees):
    table, round_ = table_and_round(game)
    save_sheet(
        table=table, round=round_, lines=good_lines(table, laid=10), by=referees[0], version=0
    )
    save_sheet(
        table=table, round=round_, lines=good_lines(table, laid=14), by=referees[1], version=1
    )
    result = RoundResult.objects.filter(table=table, round=round_).first()
    records = list(result.history.order_by("history_date"))
    assert [(r.laid, r.history_user) for r in records] == [(10, referees[0]), (14, referees[1])]
    delta = records[1].diff_against(records[0])
    assert [(c.field, c.old, c.new) for c in delta.changes] == [("laid", 10, 14)]


def test_the_closer_of_a_stored_sheet_can_change(game, referees):
    table, round_ = table_and_round(game)
    save_sheet(
        table=table, round=round_, lines=good_lines(table, closer=0), by=referees[0], version=0
    )
    save_sheet(
        table=table, round=round_, lines=good_lines(table, closer=3), by=referees[0], version=1
    )
    closer = RoundResult.objects.get(table=table, round=round_, closed=True)
    assert closer.player == table.seats.get(position=3).player


def test_many_sheets_are_confirmed_at_their_reviewed_versions_never_ones_own(game, referees):
    from scoring.sheets import confirm_sheets

    entered = {}
    for number, who in ((1, 0), (2, 0), (3, 1)):
        table, round_ = table_and_round(game, table=number)
        entered[number] = save_sheet(
            table=table, round=round_, lines=good_lines(table), by=referees[who], version=0
        )
    reviewed = [(entered[n], entered[n].version) for n in (1, 2, 3)]
    # table 2 is saved again after the review: its reviewed version is outdated
    table2, round_ = table_and_round(game, table=2)
    save_sheet(
        table=table2, round=round_, lines=good_lines(table2, laid=11), by=referees[0], version=1
    )
    outcome = confirm_sheets(reviewed=reviewed, by=referees[1])
    assert [s.table.number for s in outcome.confirmed] == [1]
    assert [s.table.number for s in outcome.own] == [3]
    assert [s.table.number for s in outcome.changed] == [2]
    confirmed = Sheet.objects.filter(confirmed_by=referees[1])
    assert list(confirmed.values_list("table__number", flat=True)) == [1]
    assert not Sheet.objects.get(table=table2).confirmed  # the changed one waits for a look
    again = confirm_sheets(reviewed=[(entered[1], 1)], by=referees[1])
    assert again.changed and not again.confirmed  # already confirmed: not twice


def test_a_saved_sheet_moves_the_tournaments_revision_once(game, referees):
    """Seven lines and the sheet are saved, the public pages' stamp moves once (one UPDATE):
    enough for every cache key, and no more writes than needed."""
    tournament = game.stage.tournament
    table, round_ = table_and_round(game)
    before = type(tournament).objects.get(pk=tournament.pk).revision
    save_sheet(table=table, round=round_, lines=good_lines(table), by=referees[0], version=0)
    assert type(tournament).objects.get(pk=tournament.pk).revision == before + 1
    save_sheet(
        table=table, round=round_, lines=good_lines(table, laid=11), by=referees[0], version=1
    )
    assert type(tournament).objects.get(pk=tournament.pk).revision == before + 2


def test_a_refused_sheet_leaves_the_revision_alone(game, referees):
    tournament = game.stage.tournament
    table, round_ = table_and_round(game)
    before = type(tournament).objects.get(pk=tournament.pk).revision
    lines = good_lines(table)
    with pytest.raises(SheetRefused):
        save_sheet(table=table, round=round_, lines=lines[1:], by=referees[0], version=0)
    assert type(tournament).objects.get(pk=tournament.pk).revision == before


def test_a_lot_ordering_players_against_an_earlier_lot_is_refused(example_document, db):
    """Issue 22: two lots of a stage in opposite orders make the export refuse itself."""
    from interchange.exporter import export_tournament
    from interchange.importer import import_tournament
    from rules.draw import lot_order
    from scoring.lots import LotRefused, draw_lot
    from scoring.models import Lot

    tournament, _ = import_tournament(example_document, slug="lots")
    seeds = [seed for seed in range(1, 50)]
    first = next(s for s in seeds if lot_order([6, 14], s) == [6, 14])
    other = next(s for s in seeds if lot_order([6, 14], s) == [14, 6])
    draw_lot(tournament=tournament, scope="qualifier", tied=[6, 14], by=author("Jana"), seed=first)
    with pytest.raises(LotRefused):
        draw_lot(
            tournament=tournament, scope="qualifier", tied=[6, 14], by=author("Jana"), seed=other
        )
    assert Lot.objects.filter(tournament=tournament).count() == 1
    import_tournament(export_tournament(tournament), slug="lots-again")
