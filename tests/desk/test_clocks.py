"""The referee orders a table's move clock from the game page (protests 3); the table's phone
page then shows it, and rounds are saved from the table as ever."""

import pytest
from django.test import Client

from scoring import clocks, links
from scoring.models import Sheet, TableClock
from tests.authors import author
from tests.conftest import client_of
from tests.scorekeeper.conftest import round_form
from ui.addresses import table_path

pytestmark = pytest.mark.django_db

GAME_PAGE = "/rozhodci/mcr/?partie=qualifier-1"
CLOCK = "/rozhodci/mcr/kvalifikace/partie-1/stul-2/hodiny/"


def test_the_referee_switches_a_tables_clock_on_changes_it_and_off(game, referees):
    referee = client_of(referees[0])
    page = referee.get(GAME_PAGE).content.decode()
    assert "Hodiny na tah" in page and f'href="{CLOCK}"' in page
    form = referee.get(CLOCK)
    assert form.status_code == 200
    text = form.content.decode()
    assert "Stůl hraje bez hodin." in text and 'value="60"' in text and 'min="60"' in text
    response = referee.post(CLOCK, {"seconds_per_move": "90"}, follow=True)
    assert response.redirect_chain[-1][0].endswith("?partie=qualifier-1#table-links")
    page = response.content.decode()
    assert "Stůl 2 hraje s hodinami: 90 s na tah." in page
    assert "zapnuté, 90 s na tah" in page
    clock = TableClock.objects.get()
    assert (clock.table.number, clock.seconds_per_move, clock.ordered_by) == (2, 90, "ref1")
    assert "Hodiny jsou zapnuté: 90 s na tah" in referee.get(CLOCK).content.decode()
    referee.post(CLOCK, {"seconds_per_move": "120"})
    assert clocks.clock_on(clock.table).seconds_per_move == 120
    response = referee.post(CLOCK + "vypnout/", follow=True)
    assert "Stůl 2 hraje opět bez hodin." in response.content.decode()
    assert not TableClock.objects.filter(switched_off_at__isnull=True).exists()
    response = referee.post(CLOCK + "vypnout/", follow=True)  # again: refused, in words
    assert "Stůl 2 (kvalifikace, partie 1): hodiny nejsou zapnuté." in response.content.decode()


def test_a_limit_under_a_minute_is_refused_next_to_the_field(game, referees):
    response = client_of(referees[0]).post(CLOCK, {"seconds_per_move": "30"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nic nebylo uloženo" in page
    assert "Stůl 2 (kvalifikace, partie 1): limit 30 s na tah je příliš krátký" in page
    assert 'aria-invalid="true"' in page and 'value="30"' in page
    assert not TableClock.objects.exists()


def test_the_clock_is_for_signed_in_referees_only(game):
    response = Client().post(CLOCK, {"seconds_per_move": "90"})
    assert response.status_code == 302 and "/ucet/prihlaseni/" in response["Location"]
    assert not TableClock.objects.exists()


def test_the_phone_page_shows_the_clock_and_still_saves_rounds(game):
    table = game.tables.get(number=1)
    path = table_path(links.issue_table_links(game=game)[1])
    client = Client()
    page = client.get(path).content.decode()
    assert 'id="move-clock"' not in page and "scorekeeper/clock" not in page
    clocks.order_clock(table=table, seconds_per_move=75, by=author("ref1"))
    page = client.get(path).content.decode()
    assert 'data-seconds="75"' in page and 'data-warning="10"' in page
    assert "Rozhodčí nařídil hru s hodinami: 75 s na tah." in page
    assert 'data-text-warning="Zbývá 10 sekund."' in page
    assert 'data-text-end="Čas vypršel."' in page and "scorekeeper/clock" in page
    response = client.post(path, round_form(table, round="5", version="0"))
    assert response.status_code == 302
    assert Sheet.objects.filter(table=table, round__number=5, entered_at_table=True).exists()


def test_a_page_opened_before_learns_of_the_clock_from_its_table_s_answer(game):
    table = game.tables.get(number=1)
    path = table_path(links.issue_table_links(game=game)[1])
    client = Client()
    page = client.get(path).content.decode()
    assert f'data-url="{path}hodiny/" data-seconds=""' in page
    answer = client.get(path + "hodiny/")
    assert answer.json() == {"seconds": None} and "no-cache" in answer["Cache-Control"]
    clocks.order_clock(table=table, seconds_per_move=75, by=author("ref1"))
    assert client.get(path + "hodiny/").json() == {"seconds": 75}
    clocks.switch_off_clock(table=table, by=author("ref1"))
    assert client.get(path + "hodiny/").json() == {"seconds": None}
    assert client.get(path[:-2] + "x/hodiny/").status_code == 404  # a wrong secret
