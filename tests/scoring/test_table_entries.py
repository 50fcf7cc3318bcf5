"""save_sheet(at_table=True): the table's entry through the one way results get in."""

import pytest

from rules.sheet import SheetLine
from scoring import links
from scoring import sheets as sheet_services
from scoring.models import TABLE_SCOREKEEPER, RoundResult, Sheet
from tests.conftest import good_lines, table_and_round

pytestmark = pytest.mark.django_db


def save_at_table(table, round_, lines, version=0, **kwargs):
    return sheet_services.save_sheet(
        table=table, round=round_, lines=lines, by=None, version=version, at_table=True, **kwargs
    )


def test_a_table_entry_is_marked_and_named_as_the_tables(game):
    table, round_ = table_and_round(game)
    sheet = save_at_table(table, round_, good_lines(table))
    assert sheet.entered_at_table and sheet.entered_by is None and not sheet.confirmed
    assert sheet.author == "stůl 1 (zapisovatel)"
    reasons = set(
        RoundResult.history.filter(table_id=table.pk).values_list(
            "history_change_reason", "history_user"
        )
    )
    assert reasons == {(TABLE_SCOREKEEPER, None)}


def test_the_same_checks_refuse_a_table_entry_and_store_nothing(game):
    table, round_ = table_and_round(game)
    lines = good_lines(table)
    lines[1] = SheetLine(lines[1].player, "x", 3)
    with pytest.raises(sheet_services.SheetRefused) as refused:
        save_at_table(table, round_, lines)
    assert [p.message for p in refused.value.problems] == [
        p.message
        for p in sheet_services.check_lines(sheet_services.sheet_state(table, round_), lines)
    ]
    assert not Sheet.objects.exists() and not RoundResult.objects.exists()


def test_a_table_keeps_the_referees_penalty_and_disqualification(game, referees):
    table, round_ = table_and_round(game)
    lines = good_lines(table)
    lines[1] = SheetLine(lines[1].player, 10, 3, penalty=4)
    lines[2] = SheetLine(lines[2].player, 300, 3, disqualified=True)  # exempt from the bound
    sheet_services.save_sheet(table=table, round=round_, lines=lines, by=referees[0], version=0)
    corrected = good_lines(table, laid=12)
    corrected[2] = SheetLine(corrected[2].player, 300, 3)
    save_at_table(table, round_, corrected, version=1)
    results = {r.player.start_number: r for r in RoundResult.objects.select_related("player")}
    assert results[lines[1].player].penalty == 4
    assert results[lines[2].player].disqualified  # kept: the bound does not apply
    assert results[lines[0].player].laid == 12


def test_a_table_cannot_set_them_either(game):
    table, round_ = table_and_round(game)
    lines = good_lines(table)
    lines[1] = SheetLine(lines[1].player, 10, 3, penalty=4, disqualified=True)
    save_at_table(table, round_, lines)
    result = RoundResult.objects.get(player__start_number=lines[1].player)
    assert result.penalty == 0 and not result.disqualified


def test_a_table_is_refused_once_the_referee_confirmed(game, referees):
    table, round_ = table_and_round(game)
    sheet = save_at_table(table, round_, good_lines(table))
    sheet_services.confirm_sheet(sheet=sheet, by=referees[0], version=sheet.version)
    with pytest.raises(sheet_services.SheetRefused) as refused:
        save_at_table(table, round_, good_lines(table, laid=12), version=sheet.version)
    assert "potvrdil" in str(refused.value)
    assert set(RoundResult.objects.values_list("laid", flat=True)) == {10}


def test_a_confirmation_between_the_check_and_the_claim_still_wins(game, referees):
    """The conditional UPDATE itself refuses a table's save over a confirmed sheet."""
    table, round_ = table_and_round(game)
    sheet = save_at_table(table, round_, good_lines(table))
    Sheet.objects.filter(pk=sheet.pk).update(
        confirmed_by=referees[0], confirmed_at=sheet.entered_at
    )
    with pytest.raises(sheet_services.SheetRefused) as refused:
        sheet_services._claim(table, round_, sheet.version, None, sheet.entered_at, at_table=True)
    assert "potvrdil" in str(refused.value) and refused.value.stale is not None


def test_any_referee_confirms_a_table_entry(game, referees):
    table, round_ = table_and_round(game)
    sheet = save_at_table(table, round_, good_lines(table))
    confirmed = sheet_services.confirm_sheet(sheet=sheet, by=referees[1], version=sheet.version)
    assert confirmed.confirmed and confirmed.confirmed_by == referees[1]
    assert confirmed.entered_at_table  # still known as the table's entry


def test_a_referees_correction_makes_the_sheet_the_referees(game, referees):
    table, round_ = table_and_round(game)
    save_at_table(table, round_, good_lines(table))
    sheet = sheet_services.save_sheet(
        table=table, round=round_, lines=good_lines(table, laid=11), by=referees[0], version=1
    )
    assert not sheet.entered_at_table and sheet.entered_by == referees[0]
    authors = list(
        RoundResult.history.filter(table_id=table.pk)
        .order_by("history_date")
        .values_list("history_change_reason", "history_user")
    )
    assert (TABLE_SCOREKEEPER, None) in authors and (None, referees[0].pk) in authors


def test_a_stale_table_save_is_refused_and_same_lines_recognise_a_repeat(game):
    table, round_ = table_and_round(game)
    save_at_table(table, round_, good_lines(table))
    with pytest.raises(sheet_services.SheetRefused) as refused:
        save_at_table(table, round_, good_lines(table))  # version 0 again
    assert refused.value.stale is not None
    state = sheet_services.sheet_state(table, round_)
    assert sheet_services.same_lines(state, good_lines(table))
    assert not sheet_services.same_lines(state, good_lines(table, laid=11))
    assert Sheet.objects.get().version == 1


def test_issuing_links_takes_a_few_queries_for_all_tables(game, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        issued = links.issue_table_links(game=game)
    assert len(issued) == game.tables.count()
    with django_assert_max_num_queries(2):
        assert links.issue_table_links(game=game).keys() == issued.keys()
