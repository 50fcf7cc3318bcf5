"""A Scrabble round's bye (issue 37) is a board of one with no game: it gets no table link
(the desk's links, a renewal, the printed sheets' QR codes), no printed score sheet, no
sheet to enter on the desk's grid, and the hall does not wait for it."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from draws.services import confirm_draw, draw_game
from printing import catalog, documents
from rules.rulesets import ScrabbleLine
from scoring.links import issue_table_links
from scoring.models import TableLink
from scoring.sheets import save_sheet
from tests.authors import author
from tests.conftest import client_of
from tournament.models import Player

from .conftest import club_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_with_a_bye(db):
    tournament = club_tournament("scrabble")
    Player.objects.filter(tournament=tournament, start_number=3).update(present=False)
    game = draw_game(tournament=tournament, kind="qualifier", number=1, by=author("J"))
    game = confirm_draw(game=game, by=author("J"))
    (bye,) = [table for table in game.tables.all() if table.seats.count() == 1]
    return game, bye


def test_a_bye_gets_no_table_link(round_with_a_bye, organiser):
    game, bye = round_with_a_bye
    issued = issue_table_links(game=game, by=author("J"))
    assert bye.number not in issued and len(issued) == game.tables.count() - 1
    slug = game.stage.tournament.slug
    client = client_of(organiser)
    html = client.get(reverse("desk:dashboard", kwargs={"slug": slug})).content.decode()
    links = html[html.index('id="table-links"') :]
    rows = re.findall(r'<th scope="row">\D*(\d+)</th>', links[: links.index("</table>")])
    assert str(bye.number) not in rows and len(rows) == len(issued)
    renew = reverse(
        "desk:renew_link",
        kwargs={"slug": slug, "stage": "qualifier", "number": 1, "table": bye.number},
    )
    response = client.post(renew, HTTP_ACCEPT_LANGUAGE="cs", follow=True)
    assert response.status_code == 200
    assert not TableLink.objects.filter(table=bye).exists()
    assert "je volno, výhra bez hry: nemá zápis ani odkaz" in response.content.decode()


def test_a_bye_gets_no_printed_score_sheet(round_with_a_bye):
    game, bye = round_with_a_bye
    boards = [sheet.table for sheet in documents.game_sheets(game)]
    assert bye.number not in boards and len(boards) == game.tables.count() - 1
    with translation.override("cs"):
        catalog.render(
            game.stage.tournament,
            catalog.Document(catalog.SHEETS, "pdf", stage="qualifier", game=1),
            base_url="http://192.0.2.1/",
        )
    assert not TableLink.objects.filter(table=bye).exists()
    assert TableLink.objects.filter(table__game=game).count() == len(boards)


def test_the_desk_offers_no_sheet_of_a_bye(round_with_a_bye, referees):
    game, bye = round_with_a_bye
    slug = game.stage.tournament.slug
    html = client_of(referees[0]).get(reverse("desk:dashboard", kwargs={"slug": slug}))
    html = html.content.decode()
    sheet = reverse(
        "desk:sheet",
        kwargs={
            "slug": slug,
            "stage": "qualifier",
            "number": 1,
            "table": bye.number,
            "round": game.rounds.get().number,
        },
    )
    assert f'href="{sheet}"' not in html and "volno" in html


def test_the_hall_does_not_wait_for_a_bye(round_with_a_bye, client):
    game, bye = round_with_a_bye
    first = game.tables.get(number=1)
    a, b = (seat.player.start_number for seat in first.seats.order_by("position"))
    lines = [ScrabbleLine(a, 400, 0, True), ScrabbleLine(b, 350, 6, False)]
    save_sheet(table=first, round=game.rounds.get(), lines=lines, by=author("R"), version=0)
    slug = game.stage.tournament.slug
    html = client.get(reverse("public:hall", kwargs={"slug": slug}), HTTP_ACCEPT_LANGUAGE="cs")
    summary = re.search(r'<p class="hall-summary">(.*?)</p>', html.content.decode(), re.S)
    tables = re.search(r"stoly ([\d, ]+)", summary.group(1))
    assert tables, summary.group(1)
    waiting = {int(n) for n in tables.group(1).replace(" ", "").split(",") if n}
    assert bye.number not in waiting and len(waiting) == game.tables.count() - 2
