"""A club tournament's one stage is "turnaj", not a qualification, in the last places that
still called it one (issue 35, point 4): the sanction and correction effects at the desk, the
public "how we draw" page, the logs' stage filter and a person's rating history."""

import dataclasses
import io
import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from desk.excel import game_workbook
from desk.forms import SanctionForm
from rules.sanctions import Sanction
from scoring import sheets as sheet_services
from scoring.clocks import _where
from scoring.effects import correction_effects, sanction_effects
from scoring.selectors import tournament_data
from staff.selectors import played_games
from tests.authors import author
from tests.conftest import table_and_round
from tournament.models import Player

from .conftest import club_lines

pytestmark = pytest.mark.django_db

QUALIFICATION = re.compile(r"\bkvalifikac|\bqualif", re.IGNORECASE)  # "diskvalifikován" stays


def played(game):
    table, round_ = table_and_round(game)
    sheet_services.save_sheet(
        table=table, round=round_, lines=club_lines(table), by=author("R"), version=0
    )
    return game.stage.tournament


def names_of(tournament):
    return dict(Player.objects.filter(tournament=tournament).values_list("start_number", "name"))


@pytest.mark.parametrize("scope", ["tournament", "game"])
def test_sanction_effects_name_a_club_stage_turnaj(casual_game, scope):
    tournament = played(casual_game)
    data = tournament_data(tournament)
    player = data.stages["qualifier"].results[0].player
    with translation.override("cs"):
        effects = sanction_effects(
            data, Sanction(player, scope, "qualifier", 1), names_of(tournament)
        )
    text = "\n".join(effects)
    assert "turnaj" in effects[0] and not QUALIFICATION.search(text), text


def test_correction_effects_name_a_club_stage_turnaj(casual_game):
    tournament = played(casual_game)
    data = tournament_data(tournament)
    stored = data.stages["qualifier"].results[0]
    changed = dataclasses.replace(stored.entry, scored=stored.entry.scored + 25)
    with translation.override("cs"):
        effects = correction_effects(
            data,
            "qualifier",
            1,
            {stored.player: (stored.entry, changed)},
            names_of(tournament),
            requires_confirmation=True,
        )
    text = "\n".join(effects)
    assert "(turnaj)" in text and not QUALIFICATION.search(text), text


def test_a_championship_s_effects_still_say_kvalifikace(demo):
    data = tournament_data(demo)
    player = data.stages["qualifier"].results[0].player
    with translation.override("cs"):
        effects = sanction_effects(data, Sanction(player, "game", "qualifier", 1), names_of(demo))
    assert "kvalifikace" in effects[0]


def page_text(response) -> str:
    assert response.status_code == 200
    return re.sub(r"<[^>]+>", " ", response.content.decode())


def test_how_we_draw_speaks_of_a_club_s_tournament_not_a_qualifier(db):
    from django.test import Client
    from django.urls import reverse

    from .conftest import club_tournament

    tournament = club_tournament("casual")
    address = reverse("public:how_we_draw", kwargs={"slug": tournament.slug})
    czech = page_text(Client().get(address, HTTP_ACCEPT_LANGUAGE="cs"))
    assert "kola turnaje" in czech and "2. partie turnaje" in czech
    assert not re.search(r"\bkvalifikac", czech, re.IGNORECASE), czech
    assert "final_a" not in czech  # no finals, no A-final's example
    with translation.override("en"):
        address = reverse("public:how_we_draw", kwargs={"slug": tournament.slug})
    english = page_text(Client().get(address))
    words = re.sub(r"[\w-]+/qualifier/\S+", "", english)  # the decisions' codes stay
    assert "the tournament's rounds" in words and not QUALIFICATION.search(words)


def test_how_we_draw_still_speaks_of_the_championship_s_qualifier(demo):
    from django.test import Client
    from django.urls import reverse

    address = reverse("public:how_we_draw", kwargs={"slug": demo.slug})
    czech = page_text(Client().get(address, HTTP_ACCEPT_LANGUAGE="cs"))
    assert "kola kvalifikace" in czech and "final_a" in czech


def test_the_logs_stage_filter_offers_no_finals_a_club_tournament_does_not_play(casual_game):
    from django.http import QueryDict
    from django.test import Client
    from django.urls import reverse

    from scoring import log

    tournament = played(casual_game)
    with translation.override("cs"):
        for public in (False, True):
            found = log.log_page(QueryDict(""), tournament, public=public)
            assert [s["code"] for s in found["stages"]] == ["qualifier", "teams"]
    html = page_text(Client().get(reverse("public:log", kwargs={"slug": tournament.slug})))
    assert "finále" not in html.lower() and "final_a" not in html


def test_the_championship_s_log_offers_its_finals(demo):
    from django.http import QueryDict

    from scoring import log

    found = log.log_page(QueryDict(""), demo, public=True)
    assert [s["code"] for s in found["stages"]] == ["qualifier", "final_a", "final_b", "teams"]


def test_a_person_s_rating_history_names_a_club_stage_turnaj(db):
    from django.test import Client
    from django.urls import reverse

    from tests.season.test_rating import link_persons
    from tests.season.test_rating_per_game import play_poker_game

    from .conftest import club_game

    poker = club_game("word_poker")
    persons = link_persons(poker.stage.tournament)
    play_poker_game(poker)
    person = next(iter(persons.values()))
    html = page_text(Client().get(reverse("tournament:rating_person", args=[person.pk])))
    assert "turnaj, partie 1, stůl" in html.lower()
    assert not re.search(r"\bkvalifikac", html, re.IGNORECASE), html


def test_the_desk_s_workbook_forms_clocks_and_player_page_name_a_club_stage_turnaj(casual_game):
    """The game's workbook title, the sanction form's games, a clock's refusal and the staff
    player page's games: the club's one stage is "turnaj" there too."""
    tournament = played(casual_game)
    table, _round = table_and_round(casual_game)
    player = table.seats.first().player
    with translation.override("cs"):
        book = load_workbook(io.BytesIO(game_workbook(casual_game)))
        titles = [sheet["A1"].value for sheet in book.worksheets]
        form = SanctionForm(tournament=tournament, may_expel=True)
        games = [str(label) for key, label in form.fields["game"].choices if key]
        clock = _where(table)
        seated = [game.stage_label for game in played_games(player)]
    for text in (*titles, *games, clock, *seated):
        assert "turnaj" in text.lower() and not QUALIFICATION.search(text), text


def test_the_championship_s_workbook_still_says_kvalifikace(demo):
    game = demo.stages.get(kind="qualifier").games.get(number=1)
    with translation.override("cs"):
        book = load_workbook(io.BytesIO(game_workbook(game)))
    assert "kvalifikace" in book.worksheets[0]["A1"].value.lower()
