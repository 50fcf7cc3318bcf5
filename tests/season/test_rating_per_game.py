"""The rating keeps one list per game (issue 37, point 3): Syllabatim (the championship's rules,
the casual scoring, Syllabatim 2), Slovní poker and Scrabble are fitted apart, each over its own
tournaments; the pages show a list per game and a history per game."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from rules import rulesets
from rules.games import GAME_OF_RULE_SET, GAMES, SYLLABATIM, WORD_POKER, game_of, rule_sets_of
from rules.rulesets import PokerLine
from scoring import sheets as sheet_services
from season import rating
from season.models import PersonRating, RatingEntry
from tests.authors import author
from tests.club.conftest import club_game
from tests.season.test_rating import link_persons, play
from tournament.models import Player, Tournament

pytestmark = pytest.mark.django_db


def test_every_rule_set_belongs_to_one_game():
    assert set(GAME_OF_RULE_SET) == set(rulesets.RULE_SETS)
    assert set(GAME_OF_RULE_SET.values()) <= set(GAMES)
    assert game_of(rulesets.CASUAL) == game_of(rulesets.SYLLABATIM_2) == SYLLABATIM
    assert rule_sets_of(WORD_POKER) == (rulesets.WORD_POKER,)


def syllabatim_state() -> tuple:
    return (
        sorted(
            PersonRating.objects.filter(game=SYLLABATIM).values_list(
                "person_id", "mu", "sigma", "games", "category"
            )
        ),
        sorted(
            RatingEntry.objects.filter(game=SYLLABATIM).values_list(
                "person_id", "table_id", "position", "mu", "sigma"
            )
        ),
    )


def play_poker_game(game) -> None:
    """Every table's game won in its first deal by the player of its first seat (a game to
    one deal win)."""
    Tournament.objects.filter(pk=game.stage.tournament_id).update(poker_deal_wins=1)
    first = game.rounds.order_by("position").first()
    for table in game.tables.order_by("number"):
        players = [
            seat.player.start_number
            for seat in table.seats.select_related("player").order_by("position")
        ]
        lines = [PokerLine(players[0], 30, 0)] + [PokerLine(p, 2, 6) for p in players[1:]]
        sheet_services.save_sheet(
            table=table, round=first, lines=lines, by=author("Rozhodčí"), version=0
        )


@pytest.fixture
def season_of_two_games(game, referees):
    """A rated Syllabatim championship's game and a rated Slovní poker club tournament's game
    of the same persons (the poker players linked to the championship players' persons by
    their start numbers)."""
    championship = game.stage.tournament
    persons = link_persons(championship)
    play(game, referees[0])
    before = syllabatim_state()
    poker = club_game("word_poker")
    poker_tournament = poker.stage.tournament
    for player in Player.objects.filter(tournament=poker_tournament):
        player.person = persons.get(player.start_number)
        player.save()
    return championship, poker, before, persons


def test_a_poker_result_moves_no_syllabatim_rating(season_of_two_games):
    championship, poker, before, persons = season_of_two_games
    assert before[0] and not PersonRating.objects.filter(game=WORD_POKER).exists()
    play_poker_game(poker)
    assert rating.refresh() == rating.CURRENT  # the poker's last sheet rated it
    assert syllabatim_state() == before
    poker_ratings = PersonRating.objects.filter(game=WORD_POKER)
    seated = {
        seat.player.person_id
        for table in poker.tables.all()
        for seat in table.seats.select_related("player")
    }
    assert set(poker_ratings.values_list("person_id", flat=True)) == seated
    assert set(poker_ratings.values_list("games", flat=True)) == {1}
    # each entry is of its own game's tournament
    for entry in RatingEntry.objects.select_related("table__game__stage__tournament"):
        assert entry.game == game_of(entry.table.game.stage.tournament.rule_set)
    # the fit of each game reads that game's tables only
    assert {t.table for t in rating.all_tables(WORD_POKER)} == set(
        poker.tables.values_list("pk", flat=True)
    )
    assert not {t.table for t in rating.all_tables(SYLLABATIM)} & {
        t.table for t in rating.all_tables(WORD_POKER)
    }
    # from scratch: the same
    incremental = (syllabatim_state(), sorted(poker_ratings.values_list("person_id", "mu")))
    rating.recompute()
    assert (syllabatim_state(), sorted(poker_ratings.values_list("person_id", "mu"))) == (
        incremental
    )


def test_the_pages_show_a_list_and_a_history_per_game(season_of_two_games):
    championship, poker, before, persons = season_of_two_games
    play_poker_game(poker)
    winner = poker.tables.order_by("number").first().seats.get(position=0).player.person
    html = Client().get(reverse("tournament:rating") + "?partii=1").content.decode()
    captions = re.findall(r"<caption[^>]*>(.*?)</caption>", html, re.S)
    assert len(captions) == 6  # B1, VS and everybody, of each game
    assert sum("Syllabatim" in c for c in captions) == 3
    assert sum("Slovní poker" in c for c in captions) == 3
    assert '<h2 id="syllabatim-heading">Syllabatim</h2>' in html
    assert '<h2 id="word_poker-heading">Slovní poker</h2>' in html
    assert "Scrabble" not in html  # no Scrabble game rated: no empty list
    poker_list = html[html.index('id="word_poker-heading"') :]
    assert winner.name in poker_list

    html = Client().get(reverse("tournament:rating_person", args=[winner.pk])).content.decode()
    assert 'id="rating-syllabatim-heading"' in html and 'id="rating-word_poker-heading"' in html
    captions = re.findall(r"<caption[^>]*>(.*?)</caption>", html, re.S)
    assert len(captions) == 2 and "Slovní poker" in captions[1]
    person_page = reverse("tournament:person", kwargs={"person_id": winner.uuid})
    html = Client().get(person_page).content.decode()
    assert 'id="rating-syllabatim-heading"' in html and 'id="rating-word_poker-heading"' in html
