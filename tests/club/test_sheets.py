"""A club tournament's sheets: checked by its rule set, stored with what the rule set needs,
scored by it (the casual bonuses are the table's), and its standings by points alone."""

import pytest
from django.utils import translation

from rules import club
from rules.club import ClubLine
from scoring import sheets as sheet_services
from scoring.models import RoundResult
from scoring.selectors import stage_data, tournament_data
from scoring.standings import stage_standings
from tests.authors import author
from tests.conftest import table_and_round

from .conftest import club_lines

pytestmark = pytest.mark.django_db


def save(table, round_, lines, version=0, **kwargs):
    return sheet_services.save_sheet(
        table=table, round=round_, lines=lines, by=author("Rozhodčí"), version=version, **kwargs
    )


def stored(table, round_):
    return {
        result.player.start_number: result
        for result in RoundResult.objects.filter(table=table, round=round_).select_related("player")
    }


def test_casual_sheet_is_scored_with_the_tables_bonuses(casual_game):
    table, round_ = table_and_round(casual_game)
    lines = club_lines(table)
    save(table, round_, lines)
    results = stored(table, round_)
    closer, other = lines[0].player, lines[1].player
    # the closer: 12 laid, the most words and the longest word alone: 12 + 10 + 10
    assert results[closer].rule_score == 32
    assert results[closer].rule_values == {"words": 2, "longest_word": 5}
    # the others: 10 - 3, no bonus (no close bonus in the casual scoring)
    assert results[other].rule_score == 7
    assert results[other].entry().scored == 7
    assert {r.rule_score for r in results.values()} == {32, 7}


def test_a_changed_line_rescores_the_others(casual_game):
    table, round_ = table_and_round(casual_game)
    save(table, round_, club_lines(table))
    # seat 1 now also lays two words: the most-words bonus is shared, so nobody gets it
    lines = club_lines(table, seat1={"words": 2, "longest_word": 4})
    save(table, round_, lines, version=1)
    results = stored(table, round_)
    assert results[lines[0].player].rule_score == 22  # 12 + the longest word only
    assert results[lines[1].player].rule_score == 7


def test_club_checks_refuse_with_words_and_store_nothing(casual_game):
    table, round_ = table_and_round(casual_game)
    lines = club_lines(table, seat1={"words": 0, "longest_word": 0})
    with translation.override("en"), pytest.raises(sheet_services.SheetRefused) as refused:
        save(table, round_, lines)
    assert [(p.player, p.field, p.message) for p in refused.value.problems] == [
        (lines[1].player, "laid", "laid 10 but no word: write the number of words")
    ]
    assert not RoundResult.objects.exists()


def test_syllabatim_2_action_cards_change_the_score(syllabatim_2_game):
    table, round_ = table_and_round(syllabatim_2_game)
    lines = club_lines(
        table,
        seat1={"action_cards": (club.DOUBLE_SHORTEST, club.LOSS_2), "doubled_word": 10},
        seat2={"action_cards": (club.HALVE_LONGEST,), "halved_word": 10},
    )
    save(table, round_, lines)
    results = stored(table, round_)
    # 10 laid, ×2 of its only word (+10), −2, minus 3 unused
    assert results[lines[1].player].rule_score == 15
    # 10 laid, ÷2 writes off the smaller half (5), minus 3 unused
    assert results[lines[2].player].rule_score == 2
    assert results[lines[1].player].rule_values["action_cards"] == [
        club.DOUBLE_SHORTEST,
        club.LOSS_2,
    ]


def test_the_same_action_card_twice_is_refused(syllabatim_2_game):
    table, round_ = table_and_round(syllabatim_2_game)
    lines = club_lines(
        table, seat1={"action_cards": (club.BONUS_3,)}, seat2={"action_cards": (club.BONUS_3,)}
    )
    with translation.override("en"), pytest.raises(sheet_services.SheetRefused) as refused:
        save(table, round_, lines)
    assert {p.code for p in refused.value.problems} == {club.ACTION_CARD_TWICE}
    assert "Bonus 3 points" in refused.value.problems[0].message


def test_club_standings_are_by_points_and_equal_points_share_the_place(casual_game):
    table, round_ = table_and_round(casual_game)
    save(table, round_, club_lines(table))
    data = stage_data(casual_game.stage)
    assert data.rule_set == "casual"
    rows = [row for rows in stage_standings(data, "qualifier").values() for row in rows]
    by_key = {row.key: row for row in rows}
    lines = club_lines(table)
    assert by_key[lines[0].player].performance.points == 32
    sevens = [by_key[line.player] for line in lines[1:]]
    assert {row.performance.points for row in sevens} == {7}
    # all at 7 share one place within their category, whatever their closes or best rounds
    for category_rows in stage_standings(data, "qualifier").values():
        seven = {row.rank for row in category_rows if row.performance.points == 7}
        assert len(seven) <= 1
    assert (
        tournament_data(casual_game.stage.tournament).stages["qualifier"].results[0].entry.scored
        is not None
    )


def test_a_club_line_as_the_desk_reads_it_back(casual_game):
    table, round_ = table_and_round(casual_game)
    lines = club_lines(table)
    save(table, round_, lines)
    state = sheet_services.sheet_state(table, round_)
    assert sheet_services.same_lines(state, lines)
    assert isinstance(lines[0], ClubLine)


def test_the_sheets_history_names_a_changed_club_value(syllabatim_2_game):
    from scoring.log import sheet_history

    table, round_ = table_and_round(syllabatim_2_game)
    save(table, round_, club_lines(table))
    lines = club_lines(table, seat1={"action_cards": (club.GOLDEN_5,)})
    save(table, round_, lines, version=1)
    players = [seat.player for seat in table.seats.select_related("player")]
    history = sheet_history(table, round_, players)
    firsts = [change["new"] for change in history if change["field"] == "První zápis"]
    assert "počet slov: 2, písmen nejdelšího slova: 5" in " ".join(firsts)
    changed = {(c["player"].start_number, c["field"], c["old"], c["new"]) for c in history}
    assert (lines[1].player, "Ponechané akční karty", "–", "Zlatý bonus 5 bodů!") in changed
    assert (lines[1].player, "Body za kolo podle klubových pravidel", "7", "12") in changed


def test_the_rating_reads_a_club_game_by_its_rule_sets_scores(casual_game):
    """The rating ranks a table's game by the game's points: a club tournament's are its rule
    set's (the casual bonuses), not laid minus unused."""
    from season.rating import tournament_tables

    for table in casual_game.tables.all():
        for position, round_ in enumerate(casual_game.rounds.order_by("position")):
            seats = table.seats.count()
            closer = position % seats
            changed = {f"seat{i}": {"longest_word": 3} for i in range(seats)}
            # the most words at another seat than the closer's: the casual bonus goes there,
            # while the championship's would go to the closer
            changed[f"seat{(closer + 1) % seats}"]["words"] = 2
            changed[f"seat{closer}"]["words"] = 1
            lines = club_lines(table, closer=closer, **changed)
            save(table, round_, lines, confirm_warnings=True)
    expected: dict = {}
    for result in RoundResult.objects.filter(table__game=casual_game).select_related("player"):
        person = result.player.person_id
        expected[person] = expected.get(person, 0) + result.rule_score
    championship = {}  # the same lines by the championship's score: the close bonus instead
    bonus = casual_game.stage.tournament.close_bonus_in_force()
    for result in RoundResult.objects.filter(table__game=casual_game).select_related("player"):
        person = result.player.person_id
        score = result.laid - result.unused + (bonus if result.closed else 0)
        championship[person] = championship.get(person, 0) + score
    assert expected != championship
    rated = tournament_tables(casual_game.stage.tournament)
    assert rated and {r.person: r.points for t in rated for r in t.game.results} == expected
