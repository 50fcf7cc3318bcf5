"""A Slovní poker club tournament's sheets and standings (issue 37): a round of a game is a
deal, the sheet asks the word's points and the points left in hand, the line scores the deal's
result (below zero too), a deal after the game was won or before an earlier one is refused,
and the standings count games won, deals won and points in the organiser's order."""

import io
import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from interchange.exporter import export_tournament
from interchange.importer import DocumentRejected, import_tournament
from interchange.schema import validator
from printing import documents, pdf, text
from rules import word_poker
from rules.rulesets import PokerLine
from rules.sheet import LINE_MISSING
from scoring import links
from scoring import sheets as sheet_services
from scoring.models import RoundResult
from scoring.selectors import stage_data
from scoring.standings import stage_standings
from staff.forms import TournamentForm
from sync.services import create_push_token
from tests.authors import author
from tests.club.test_pages import sheet_url
from tests.conftest import client_of, table_and_round
from tournament.models import Tournament
from ui.addresses import table_path

from .conftest import club_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def poker_game(db):
    return club_game("word_poker")


def save(table, round_, lines, version=0):
    return sheet_services.save_sheet(
        table=table, round=round_, lines=lines, by=author("Rozhodčí"), version=version
    )


def seats(table):
    return [
        s.player.start_number for s in table.seats.select_related("player").order_by("position")
    ]


def deal(table, *pairs):
    """Lines of a deal: the seats in order, each (word, left); the rest 5 and 5."""
    players = seats(table)
    pairs = list(pairs) + [(5, 5)] * (len(players) - len(pairs))
    return [PokerLine(p, word, left) for p, (word, left) in zip(players, pairs, strict=True)]


def setting(game, **values):
    Tournament.objects.filter(pk=game.stage.tournament_id).update(**values)
    game.stage.tournament.refresh_from_db()


def rounds(game):
    return list(game.rounds.order_by("position"))


def test_a_deal_scores_the_word_minus_the_hand_even_below_zero(poker_game):
    table = poker_game.tables.order_by("number").first()
    first = rounds(poker_game)[0]
    lines = deal(table, (14, 3), (0, 12))
    save(table, first, lines)
    results = {
        r.player.start_number: r
        for r in RoundResult.objects.filter(table=table, round=first).select_related("player")
    }
    assert results[lines[0].player].rule_score == 11
    assert results[lines[1].player].rule_score == -12
    assert results[lines[1].player].score(0) == -12
    assert (results[lines[1].player].laid, results[lines[1].player].unused) == (0, 12)


def test_a_deal_before_an_earlier_one_or_after_the_game_is_refused(poker_game):
    setting(poker_game, poker_deal_wins=1)
    table = poker_game.tables.order_by("number").first()
    first, second, third = rounds(poker_game)[:3]
    with pytest.raises(sheet_services.SheetRefused) as refused:
        save(table, second, deal(table, (10, 0)))
    assert [p.code for p in refused.value.problems] == [word_poker.DEAL_OUT_OF_ORDER]
    save(table, first, deal(table, (10, 0)))
    with pytest.raises(sheet_services.SheetRefused) as refused:
        save(table, second, deal(table, (10, 0)))
    (problem,) = refused.value.problems
    assert problem.code == word_poker.DEAL_AFTER_GAME_END
    assert "1. hře" in problem.message or "deal 1" in problem.message
    assert not RoundResult.objects.filter(round__in=[second, third]).exists()


def test_a_sheet_is_refused_at_its_field(poker_game):
    table = poker_game.tables.order_by("number").first()
    first = rounds(poker_game)[0]
    lines = deal(table, (2, 0), (6, 40))[:-1]
    with pytest.raises(sheet_services.SheetRefused) as refused:
        save(table, first, lines)
    found = [(p.player, p.field, p.code) for p in refused.value.problems]
    assert (lines[0].player, "laid", word_poker.WORD_OUT_OF_RANGE) in found
    assert (lines[1].player, "unused", word_poker.LEFT_OUT_OF_RANGE) in found
    assert (seats(table)[-1], None, LINE_MISSING) in found


def test_standings_count_games_and_deals_won_then_points(poker_game):
    setting(poker_game, poker_deal_wins=2)
    table = poker_game.tables.order_by("number").first()
    first, second, third = rounds(poker_game)[:3]
    save(table, first, deal(table, (20, 0), (0, 20)))  # seat 0 wins
    save(table, second, deal(table, (9, 0), (30, 0)))  # seat 1 wins
    save(table, third, deal(table, (12, 0), (4, 1)))  # seat 0 wins its second: the game
    players = seats(table)
    data = stage_data(poker_game.stage)
    (rows,) = stage_standings(data, "qualifier").values()
    by_key = {row.key: row for row in rows}
    winner, runner_up = by_key[players[0]], by_key[players[1]]
    assert (winner.performance.games_won, winner.performance.deals_won) == (1, 2)
    assert winner.performance.points == 41 and winner.rank == 1
    assert (runner_up.performance.games_won, runner_up.performance.deals_won) == (0, 1)
    assert runner_up.performance.points == 13 and runner_up.rank == 2
    # the others at the table: no win, 0 points each; at the other tables nothing yet
    others = [by_key[p] for p in players[2:]]
    assert {row.rank for row in others} == {3} and all(row.shared for row in others)
    # the organiser's order: points first puts the runner-up's 13 above the others' 0 still,
    # and an order by points alone keeps the winner first
    setting(poker_game, poker_standings="points")
    data = stage_data(poker_game.stage)
    (rows,) = stage_standings(data, "qualifier").values()
    assert [row.key for row in rows[:2]] == players[:2]


def test_the_organisers_order_decides(poker_game):
    table = poker_game.tables.order_by("number").first()
    first, second = rounds(poker_game)[:2]
    save(table, first, deal(table, (20, 0), (0, 20)))  # seat 0: one deal won, 20 points
    save(table, second, deal(table, (6, 0), (7, 0), (7, 0)))  # seats 1, 2 each one deal won
    players = seats(table)
    setting(poker_game, poker_standings="deals_won,points")
    ranked = stage_standings(stage_data(poker_game.stage), "qualifier")
    (rows,) = ranked.values()
    assert [row.key for row in rows[:3]] == [players[0], players[2], players[1]]
    setting(poker_game, poker_standings="deals_won")
    (rows,) = stage_standings(stage_data(poker_game.stage), "qualifier").values()
    assert {row.rank for row in rows if row.key in players[:3]} == {1}


def test_the_public_standings_show_games_and_deals_won_not_closes(poker_game, client):
    setting(poker_game, poker_deal_wins=1)
    table = poker_game.tables.order_by("number").first()
    save(table, rounds(poker_game)[0], deal(table, (20, 0), (0, 20)))
    slug = poker_game.stage.tournament.slug
    url = reverse("public:standings", kwargs={"slug": slug, "stage": "qualifier"})
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    headers = re.findall(r'<th scope="col"[^>]*>\s*(?:<a[^>]*>)?\s*([^<]+?)\s*<', html)
    assert headers[:6] == ["Místo", "Hráč", "Klub", "Vyhrané partie", "Vyhrané hry", "Body"]
    assert "Zavření" not in headers
    winner = seats(table)[0]
    row = html[html.index(f"{winner}. ") :]
    assert re.search(r"<td[^>]*>1</td>\s*<td[^>]*>1</td>\s*<td[^>]*>20</td>", row)


@pytest.mark.parametrize(
    ("order", "words"),
    [
        ("", "(stejné vyhrané partie, vyhrané hry i body; o pořadí rozhodují v tomto sledu)."),
        ("points,deals_won", "(stejné body i vyhrané hry; o pořadí rozhodují v tomto sledu)."),
        ("deals_won", "(stejné vyhrané hry)."),
    ],
)
def test_the_public_legend_names_poker_s_criteria_in_the_chosen_order(
    poker_game, client, order, words
):
    setting(poker_game, poker_deal_wins=1, **({"poker_standings": order} if order else {}))
    table = poker_game.tables.order_by("number").first()
    save(table, rounds(poker_game)[0], deal(table, (20, 0), (0, 20)))  # the others: shared
    slug = poker_game.stage.tournament.slug
    url = reverse("public:standings", kwargs={"slug": slug, "stage": "qualifier"})
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "*</td>" in html  # a shared place is shown
    legend = re.search(r'<p class="legend">(.*?)</p>', html, re.S).group(1)
    assert f"Hvězdička za pořadím: místo je dělené {words}" in legend
    assert "zavření" not in legend and "nejlepší kolo" not in legend


def results_of(slug: str) -> dict:
    out = StringIO()
    call_command("results", slug, stdout=out)
    return json.loads(out.getvalue())


def played_poker(poker_game):
    setting(poker_game, poker_deal_wins=2, poker_standings="deals_won,points,games_won")
    table = poker_game.tables.order_by("number").first()
    first, second, third = rounds(poker_game)[:3]
    save(table, first, deal(table, (20, 0), (0, 20)))
    save(table, second, deal(table, (9, 0), (30, 0)))
    save(table, third, deal(table, (12, 0), (4, 1)))
    return poker_game.stage.tournament


def test_a_slovni_poker_tournament_round_trips_in_version_6(poker_game):
    tournament = played_poker(poker_game)
    exported = export_tournament(tournament)
    assert exported["version"] == 7
    assert list(validator("tournament").iter_errors(exported)) == []
    assert exported["tournament"]["settings"]["rule_set"] == "word_poker"
    assert exported["tournament"]["settings"]["word_poker"] == {
        "game_end": "deal_wins",
        "deal_wins": 2,
        "points_limit": 30,
        "deals_limit": word_poker.DEALS_LIMIT,
        "standings": ["deals_won", "points", "games_won"],
    }
    again, _warnings = import_tournament(json.loads(json.dumps(exported)), slug="znovu")
    assert (again.rule_set, again.poker_deal_wins, again.poker_standings) == (
        "word_poker",
        2,
        "deals_won,points,games_won",
    )
    assert export_tournament(again) == exported
    results = results_of("znovu")
    assert results == results_of(tournament.slug)
    assert list(validator("results").iter_errors(results)) == []
    (rows,) = results["qualifier"]["standings"].values()
    players = seats(poker_game.tables.order_by("number").first())
    # by deals won first: the game's winner (2 deals, 41 points), then the runner-up (1 deal,
    # -20 + 30 + 3 points)
    assert [(r["player"], r["deals_won"], r["games_won"], r["points"]) for r in rows[:2]] == [
        (players[0], 2, 1, 41),
        (players[1], 1, 0, 13),
    ]


def test_a_document_with_a_deal_after_the_game_is_refused_at_its_place(poker_game):
    tournament = played_poker(poker_game)
    document = export_tournament(tournament)
    document["tournament"]["settings"]["word_poker"]["deal_wins"] = 1
    with translation.override("cs"), pytest.raises(DocumentRejected) as refused:
        import_tournament(document, slug="spatne")
    problems = [str(problem) for problem in refused.value.problems]
    assert any("partie skončila výhrou v 1. hře: 2. hra se už nehraje" in p for p in problems)
    assert not Tournament.objects.filter(slug="spatne").exists()


def test_a_push_carries_a_slovni_poker_tournament(poker_game, client):
    pushed = export_tournament(played_poker(poker_game))
    token = create_push_token(slug="poker", kind="club", year=2026, by=author("test"))
    response = client.generic(
        "PUT",
        "/api/turnaj/poker/",
        json.dumps({"revision": 1, "tournament": pushed}).encode(),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 200, response.content
    server = Tournament.objects.get(slug="poker")
    assert (server.rule_set, server.poker_deal_wins) == ("word_poker", 2)
    assert (
        results_of("poker")["qualifier"]
        == results_of(poker_game.stage.tournament.slug)["qualifier"]
    )


def poker_form(lines) -> dict:
    data = {"version": "0", "then": "stay"}
    for line in lines:
        data[f"p{line.player}-laid"] = str(line.laid)
        data[f"p{line.player}-unused"] = str(line.unused)
    return data


def test_the_desk_asks_the_words_points_and_the_hand_and_saves_them(poker_game, referees):
    table, round_ = table_and_round(poker_game)
    client = client_of(referees[0])
    url = sheet_url(poker_game, table, round_)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    first = seats(table)[0]
    assert f'name="p{first}-laid"' in html and f'name="p{first}-unused"' in html
    assert f'name="p{first}-closed"' not in html and f'name="p{first}-words"' not in html
    assert "body slova" in html.lower() and "body karet v ruce" in html.lower()
    refused = client.post(url, poker_form(deal(table, (3, 0))))
    assert refused.status_code == 422
    assert f'id="id_p{first}-laid-error"' in refused.content.decode()
    response = client.post(url, poker_form(deal(table, (14, 3), (0, 12))))
    assert response.status_code == 302
    scores = dict(
        RoundResult.objects.filter(table=table, round=round_).values_list(
            "player__start_number", "rule_score"
        )
    )
    assert scores[first] == 11 and scores[seats(table)[1]] == -12


def test_the_tables_phone_asks_the_words_points_and_the_hand(poker_game, client):
    table, round_ = table_and_round(poker_game)
    path = table_path(links.issue_table_links(game=poker_game, by=author("t"))[1])
    html = client.get(path).content.decode()
    first = seats(table)[0]
    assert f'name="p{first}-laid"' in html and f'name="p{first}-closed"' not in html
    data = {**poker_form(deal(table, (20, 0))), "round": str(round_.number)}
    response = client.post(path, data)
    assert response.status_code == 302, response.content.decode()
    assert (
        RoundResult.objects.get(table=table, round=round_, player__start_number=first).rule_score
        == 20
    )


def test_the_text_and_braille_standings_say_games_and_deals_won(poker_game):
    tournament = played_poker(poker_game)
    with translation.override("cs"):
        lines = text.standings_lines(documents.stage_standings(tournament, "qualifier"))
    winner = next(line for line in lines if line.startswith("1. "))
    assert "41 bodů, 1 vyhraná partie, 2 vyhrané hry, nejlepší hra 20" in winner
    assert not any("zavření" in line for line in lines)


def test_the_settings_form_offers_slovni_poker():
    """Its deals are drawn, gridded and counted by the stage's progress past round 7."""
    offered = [value for value, _label in TournamentForm().fields["rule_set"].choices]
    assert {"word_poker", "casual", "syllabatim_2"} <= set(offered)


def test_the_printed_standings_and_their_twin_count_games_and_deals_won(poker_game):
    tournament = played_poker(poker_game)
    with translation.override("cs"):
        stage = documents.stage_standings(tournament, "qualifier")
        assert documents.standings_columns(documents.plays_poker(stage))[3:] == [
            "Vyhrané partie",
            "Vyhrané hry",
            "Body",
            "Odehrané hry",
        ]
        first = stage.categories[0][1].rows[0]
        assert documents.standing_figures(first) == [1, 2, 41, 3]
        pdf_bytes = pdf.standings(stage)
    pages = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf_bytes)).pages)
    words = " ".join(pages.split())
    assert "Vyhrané partie" in words and "Zavření" not in words
