"""A Slovní poker game's deals beyond the seven rounds of a Syllabatim game (issue 37): a round
of a poker game may be numbered up to the most deals a game at a table can take under any
setting a tournament may record, and the deal wins a tournament sets are bounded so that
number is finite."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from desk.selectors import NOT_PLAYED, current_game, game_grid, next_missing
from draws.services import DrawRefused, draw_game, open_draw_commitment, set_rounds
from interchange.data import progress as document_progress
from interchange.exporter import export_tournament
from interchange.importer import DocumentRejected, import_tournament
from rules import championship, rulesets, word_poker
from rules.rulesets import PokerLine
from scoring import links
from scoring import sheets as sheet_services
from scoring.models import RoundResult
from scoring.pages import announced_games
from scoring.selectors import progress, stage_data
from scoring.standings import stage_standings
from tests.authors import author
from tests.club.test_pages import NEW, sheet_url
from tests.conftest import client_of
from tournament.models import Round, Tournament
from tournament.services import frozen_settings
from ui.addresses import table_path

from .conftest import club_game, club_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def poker_game(db):
    return club_game("word_poker")


def test_the_highest_deal_is_nine_players_to_the_most_deal_wins():
    assert word_poker.DEALS_MAX == word_poker.most_deals(
        word_poker.PLAYERS_MAX, word_poker.GameEnd(deal_wins=word_poker.DEAL_WINS_MAX)
    )
    assert word_poker.DEALS_MAX == 9 * (10 - 1) + 1


def test_a_poker_game_keeps_deals_past_the_seventh_up_to_the_highest(poker_game):
    poker_game.rounds.all().delete()
    for position, number in enumerate((8, 33, word_poker.DEALS_MAX)):
        deal = Round(game=poker_game, position=position, number=number)
        deal.full_clean()
        deal.save()
    numbers = list(poker_game.rounds.order_by("position").values_list("number", flat=True))
    assert numbers == [8, 33, word_poker.DEALS_MAX]


def test_a_deal_past_the_highest_is_refused_by_the_field_and_the_database(poker_game):
    beyond = Round(game=poker_game, position=99, number=word_poker.DEALS_MAX + 1)
    with pytest.raises(ValidationError) as refused:
        beyond.full_clean()
    assert "number" in refused.value.message_dict
    with transaction.atomic(), pytest.raises(IntegrityError):
        beyond.save()
    with transaction.atomic(), pytest.raises(IntegrityError):
        Round.objects.create(game=poker_game, position=98, number=0)


def test_the_deal_wins_a_tournament_sets_are_bounded(poker_game):
    tournament = poker_game.stage.tournament
    tournament.poker_deal_wins = word_poker.DEAL_WINS_MAX
    tournament.full_clean()
    tournament.poker_deal_wins = word_poker.DEAL_WINS_MAX + 1
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "poker_deal_wins" in refused.value.message_dict
    with transaction.atomic(), pytest.raises(IntegrityError):
        Tournament.objects.filter(pk=tournament.pk).update(
            poker_deal_wins=word_poker.DEAL_WINS_MAX + 1
        )


def test_a_poker_game_is_drawn_with_every_deal_its_largest_table_can_need(poker_game):
    largest = max(table.seats.count() for table in poker_game.tables.all())
    most = word_poker.most_deals(largest, poker_game.stage.tournament.rules().end)
    assert most > 7
    assert [r.number for r in poker_game.rounds.order_by("position")] == list(range(1, most + 1))
    assert poker_game.draw_options["rounds"] == "deals"


def test_a_poker_game_with_typed_rounds_is_not_drawn(db):
    tournament = club_tournament("word_poker")
    with translation.override("cs"), pytest.raises(DrawRefused, match="kola se nezadávají"):
        draw_game(
            tournament=tournament,
            kind="qualifier",
            number=1,
            by=author("Jana"),
            seed=1,
            rounds=[1, 2, 3],
        )
    assert not tournament.stages.filter(games__isnull=False).exists()


def test_a_poker_game_s_deals_are_not_retyped(poker_game):
    before = list(poker_game.rounds.values_list("number", flat=True))
    with pytest.raises(DrawRefused):
        set_rounds(game=poker_game, by=author("Jana"), rounds=[1, 2, 3])
    assert list(poker_game.rounds.values_list("number", flat=True)) == before


def test_a_poker_deal_is_a_hand_of_five_whatever_its_number(poker_game):
    deals = list(poker_game.rounds.order_by("position"))
    assert {deal.deal_size for deal in deals} == {word_poker.HAND}
    assert deals[0].deal_size == word_poker.HAND  # deal 1 is not the championship's 1 card
    assert rulesets.deal_size(rulesets.WORD_POKER, word_poker.DEALS_MAX) == word_poker.HAND
    assert [rulesets.deal_size(rulesets.CASUAL, n) for n in range(1, 8)] == [
        championship.deal_size(n) for n in range(1, 8)
    ]
    with pytest.raises(ValueError):
        rulesets.deal_size(rulesets.CHAMPIONSHIP, 8)


def test_a_document_s_round_past_seven_is_refused_unless_the_game_is_slovni_poker(casual_game):
    document = export_tournament(casual_game.stage.tournament)
    game = document["stages"]["qualifier"]["games"][0]
    game["rounds"][-1] = 8
    with translation.override("cs"), pytest.raises(DocumentRejected) as refused:
        import_tournament(document, slug="klub-kopie")
    assert "partie má kola 1 až 7, ne 8" in str(refused.value)


def test_the_phone_and_the_desk_open_and_save_a_deal_past_the_seventh(poker_game, referees, client):
    """Seven deals won in turn (nobody near five wins), then deal 8 on the phone, deal 9 at
    the desk."""
    table = poker_game.tables.get(number=1)
    players = seats(table)
    by_number = {r.number: r for r in poker_game.rounds.all()}
    for number in range(1, 8):
        save(table, by_number[number], winner_lines(players, (number - 1) % len(players)))
    path = table_path(links.issue_table_links(game=poker_game, by=author("t"))[1])
    assert client.get(f"{path}kolo-8/").status_code == 200
    lines = winner_lines(players, 0)
    response = client.post(path, {**poker_form(lines), "round": "8"})
    assert response.status_code == 302, response.content.decode()
    saved = RoundResult.objects.get(
        table=table, round=by_number[8], player__start_number=players[0]
    )
    assert saved.rule_score == 20
    desk = client_of(referees[0])
    url = sheet_url(poker_game, table, by_number[9])
    assert desk.get(url).status_code == 200
    response = desk.post(url, {**poker_form(winner_lines(players, 1)), "version": "0"})
    assert response.status_code == 302, response.content.decode()
    assert RoundResult.objects.filter(table=table, round=by_number[9]).count() == len(players)


def seats(table):
    return [
        s.player.start_number for s in table.seats.order_by("position").select_related("player")
    ]


def winner_lines(players, winner):
    """A deal won by seat ``winner`` alone: 20 points, the others nothing."""
    return [
        PokerLine(p, 20 if i == winner else 5, 0 if i == winner else 5)
        for i, p in enumerate(players)
    ]


def save(table, round_, lines):
    return sheet_services.save_sheet(
        table=table, round=round_, lines=lines, by=author("Rozhodčí"), version=0
    )


def poker_form(lines) -> dict:
    data = {"version": "0", "then": "stay"}
    for line in lines:
        data[f"p{line.player}-laid"] = str(line.laid)
        data[f"p{line.player}-unused"] = str(line.unused)
    return data


def test_a_poker_game_is_complete_when_every_table_has_a_winner(poker_game):
    """Table 1 plays the longest game, each seat winning a deal in turn until seat 0's fifth
    win (deal most_deals); the other tables end after five deals won by seat 0. The game is
    complete only then, by the database's progress, the table's link and the document's."""
    tournament = poker_game.stage.tournament
    by_number = {r.number: r for r in poker_game.rounds.all()}
    tables = list(poker_game.tables.order_by("number"))
    first, others = tables[0], tables[1:]
    players = seats(first)
    longest = word_poker.most_deals(len(players), tournament.rules().end)
    for number in range(1, longest):
        save(first, by_number[number], winner_lines(players, (number - 1) % len(players)))
    for table in others:
        for number in range(1, word_poker.DEAL_WINS + 1):
            save(table, by_number[number], winner_lines(seats(table), 0))

    def states():
        game = progress(tournament)["qualifier"].games[0]
        document = document_progress(export_tournament(tournament))["qualifier"].games[0]
        return game, document, links.game_complete(poker_game)

    game, document, linked = states()
    assert game.tables_ended == len(others) == document.tables_ended
    assert not game.complete and not document.complete and not linked
    assert longest > 7 and longest in by_number
    save(first, by_number[longest], winner_lines(players, (longest - 1) % len(players)))
    game, document, linked = states()
    assert game.tables_ended == len(tables) == document.tables_ended
    assert game.complete and document.complete and linked
    assert game.sheets < game.tables * game.rounds  # deals after a table's end are not played


def test_a_syllabatim_game_is_still_complete_only_with_every_round(casual_game):
    game = progress(casual_game.stage.tournament)["qualifier"].games[0]
    assert game.tables_ended is None and not game.complete


def test_the_desk_grid_and_the_announced_game_skip_the_deals_after_a_tables_end(
    poker_game, referees
):
    """Table 1's game is won in deal 5; the other tables play on: the grid shows table 1's
    later deals as not played, the next missing sheet and the announced deal are another
    table's, and the desk's page says so."""
    tournament = poker_game.stage.tournament
    by_number = {r.number: r for r in poker_game.rounds.all()}
    tables = list(poker_game.tables.order_by("number"))
    for number in range(1, 6):
        save(tables[0], by_number[number], winner_lines(seats(tables[0]), 0))
    for table in tables[1:]:
        for number in range(1, 6):
            save(table, by_number[number], winner_lines(seats(table), number - 1))
    grid = game_grid(poker_game)
    first_row = dict(grid.rows)[tables[0]]
    assert [c.state for c in first_row[5:]] == [NOT_PLAYED] * (len(first_row) - 5)
    assert next_missing(grid).table == tables[1] and next_missing(grid).round.number == 6
    assert grid.missing == (len(tables) - 1) * (len(by_number) - 5)
    assert current_game(tournament) == poker_game
    assert [(g.game, g.round) for g in announced_games(tournament)] == [(poker_game, 6)]
    html = client_of(referees[0]).get(
        reverse("desk:dashboard", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="cs"
    )
    assert html.status_code == 200
    assert "partie už skončila" in html.content.decode()
    for table in tables[1:]:
        for number in range(6, 7):
            save(table, by_number[number], winner_lines(seats(table), 0))
    # tables 2.. now have seat 0 at 2 wins only: the game goes on
    assert announced_games(tournament)[0].round == 7


def test_a_poker_tournament_set_up_by_the_settings_form_drawn_played_and_complete(
    organiser, referees, client
):
    """Set up through the settings page, drawn, table 1 played to five deal wins past deal 7
    (deal 8 by phone, deal 9 at the desk, each seat winning in turn until seat 0's fifth win),
    the other tables in five deals: the stage is complete and the standings are right."""
    tournament = club_tournament("casual")
    settings = {
        **NEW,
        "name": tournament.name,
        "kind": "club",
        "rule_set": "word_poker",
        "poker_game_end": "deal_wins",
        "poker_deal_wins": "5",
        "poker_points_limit": "30",
        "poker_standings": "games_won,deals_won,points",
    }
    url = reverse("staff:settings", kwargs={"slug": tournament.slug})
    page = client_of(organiser).get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert 'value="word_poker"' in page and 'name="poker_deal_wins"' in page
    assert "vyhrané partie, vyhrané hry, body" in page
    response = client_of(organiser).post(url, {**settings, "poker_deal_wins": "11"})
    assert (
        response.status_code == 400 and 'id="id_poker_deal_wins_error"' in response.content.decode()
    )
    response = client_of(organiser).post(url, settings)
    assert response.status_code == 302, response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.rule_set, tournament.poker_deal_wins) == ("word_poker", 5)
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    assert "poker_deal_wins" in frozen_settings(tournament)
    by_number = {r.number: r for r in game.rounds.all()}
    tables = list(game.tables.order_by("number"))
    first = tables[0]
    players = seats(first)
    longest = word_poker.most_deals(len(players), tournament.rules().end)
    path = table_path(links.issue_table_links(game=game, by=author("t"))[first.number])
    desk = client_of(referees[0])
    for number in range(1, longest + 1):
        lines = winner_lines(players, (number - 1) % len(players))
        if number == 8:
            response = client.post(path, {**poker_form(lines), "round": "8"})
        elif number == 9:
            response = desk.post(sheet_url(game, first, by_number[9]), poker_form(lines))
        else:
            save(first, by_number[number], lines)
            continue
        assert response.status_code == 302, response.content.decode()
    for table in tables[1:]:
        for number in range(1, word_poker.DEAL_WINS + 1):
            save(table, by_number[number], winner_lines(seats(table), 0))
    stage = progress(tournament)["qualifier"]
    assert stage.games[0].complete and longest > 9
    (rows,) = stage_standings(stage_data(game.stage), "qualifier").values()
    by_key = {row.key: row for row in rows}
    winner = by_key[players[0]].performance
    assert (winner.games_won, winner.deals_won) == (1, 5)
    assert winner.points == 5 * 20
    for other in players[1:]:
        performance = by_key[other].performance
        assert (performance.games_won, performance.deals_won) == (0, 4)
    for table in tables[1:]:
        assert by_key[seats(table)[0]].performance.games_won == 1
    assert {row.rank for row in rows if row.performance.games_won == 1} == {1}


def test_the_draw_page_asks_no_rounds_for_a_poker_game(organiser):
    tournament = club_tournament("word_poker")
    url = reverse("draws:draw", kwargs={"slug": tournament.slug, "stage": "qualifier"})
    client = client_of(organiser)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert 'name="rounds"' not in html and 'name="least"' not in html
    assert "se losuje se všemi hrami" in html
    response = client.post(url, {"tables": "", "action": "publish"})
    assert response.status_code == 302, response.content.decode()
    commitment = open_draw_commitment(tournament, "qualifier", 1)
    assert commitment is not None
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), commitment=commitment
    )
    assert game.draw_options["rounds"] == "deals" and game.rounds.count() > 7
