"""The players' cards as printouts (issue 24, 4): everybody's at once for the organiser, one
player's from the public player page; PDF a page per player, large print, the twin, Braille."""

import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.roles import ORGANISER, create_account
from printing import catalog, documents, pdf, text, twin
from scoring.cards import player_cards
from tests.conftest import client_of
from tests.printing.test_pdf import pages_of, text_of
from tests.printing.test_twin import font_sizes
from tournament.models import Stage

pytestmark = pytest.mark.django_db


def test_everybodys_cards_are_a_page_each_with_the_totals(demo):
    with translation.override("cs"):
        value = documents.player_cards(demo, staff=True)
        content = pdf.player_cards(value)
    assert len(value.cards) == 34 and pages_of(content) == len(value.cards)
    words = text_of(content)
    for card in value.cards:
        whose = "hráčky" if card.player.feminine else "hráče"  # the card agrees (issue 33)
        assert f"Karta {whose}: {card.player.number}. {card.player.name}" in words
    first = value.cards[0].stages[0]
    assert f"Celkem – kvalifikace: {first.points} bodů" in words
    assert f"Umístění: {first.row.rank}. místo, kategorie VS" in words


def test_the_large_print_cards_are_never_below_18_pt(demo):
    with translation.override("cs"):
        value = documents.player_cards(demo, 1)
        content = pdf.large_player_cards(value)
    sizes = font_sizes(content)
    assert sizes and min(sizes) >= pdf.LARGE_PRINT
    assert "Kateřina Marešová" in text_of(content)


def test_the_twin_and_the_braille_lines_say_every_round_and_total(demo):
    with translation.override("cs"):
        value = documents.player_cards(demo, 1)
        html = twin.html(catalog.Document(catalog.CARDS, catalog.HTML, player=1), value).decode()
        lines = text.card_lines(value)
    card = value.cards[0]
    assert '<html lang="cs">' in html and "<h1>Karta hráčky: 1. Kateřina Marešová</h1>" in html
    # one card: its stages are the h2s under the player's h1, none repeats it (issue 34, 6)
    assert html.count("<h2 ") == len(card.stages) and html.count("<table>") == len(card.stages)
    assert html.count("Karta hráčky: 1. Kateřina Marešová") == 2  # the <title> and the h1
    assert '<th scope="row">partie 1 celkem</th>' in html
    assert f"po partii {card.stages[0].games[0].rank}. místo" in html
    rounds = sum(len(game.rounds) for stage in card.stages for game in stage.games)
    assert len([line for line in lines if line.startswith("kolo ")]) == rounds
    for stage in card.stages:
        for game in stage.games:
            assert documents.card_game_total(game) in lines


def test_print_writes_everybodys_cards_or_one_players(demo, tmp_path):
    out = io.StringIO()
    call_command(
        "print", "mcr", "--what", "cards", "--format", "pdf", "--out", str(tmp_path), stdout=out
    )
    assert out.getvalue().split() == [str(tmp_path / "mcr-karty-hracu.pdf")]
    out = io.StringIO()
    call_command(
        "print",
        "mcr",
        "--what",
        "cards",
        "--player",
        "7",
        "--format",
        "txt",
        "--out",
        str(tmp_path),
        stdout=out,
    )
    assert out.getvalue().split() == [str(tmp_path / "mcr-karta-hrace-7.txt")]
    with pytest.raises(CommandError):
        call_command("print", "mcr", "--what", "standings", "--player", "7", "--out", str(tmp_path))
    with pytest.raises(CommandError):  # nobody of that number played
        call_command("print", "mcr", "--what", "cards", "--player", "999", "--out", str(tmp_path))


def test_the_print_page_offers_everybodys_cards(demo):
    client = client_of(create_account(username="org", role=ORGANISER, password="heslo-1234-abcd"))
    html = client.get(reverse("printing:printouts", kwargs={"slug": "mcr"})).content.decode()
    assert "Karty hráčů" in html
    for name in ("mcr-karty-hracu.pdf", "mcr-karty-hracu-velke-pismo.pdf", "mcr-karty-hracu.html"):
        assert name in html
    response = client.get("/sprava/mcr/tisk/mcr-karty-hracu.pdf")
    assert response.status_code == 200 and pages_of(response.content) == 34
    assert client.get("/sprava/mcr/tisk/mcr-karta-hrace-3.html").status_code == 200


def test_the_public_player_page_links_the_card_and_only_ones_card_is_public(demo):
    client = Client()
    html = client.get("/turnaj/mcr/hrac/1/").content.decode()
    links = re.findall(r'href="(/turnaj/mcr/ke-stazeni/hrac/1/[^"]+)"', html)
    assert len(links) == 4
    for link in links:
        response = client.get(link)
        assert response.status_code in (200, 503), link  # 503: Braille without liblouis
    page = client.get("/turnaj/mcr/ke-stazeni/hrac/1/html/")
    assert "Karta hráčky: 1. Kateřina Marešová" in page.content.decode()
    # the card says "zraková kategorie", as every page does, not "zraková třída" (issue 33)
    assert "zraková kategorie" in page.content.decode()
    assert "třída" not in page.content.decode()
    assert page["Content-Disposition"] == 'inline; filename="mcr-karta-hrace-1.html"'
    assert client.get("/turnaj/mcr/ke-stazeni/hrac/1/xlsx/").status_code == 404
    assert client.get("/turnaj/mcr/ke-stazeni/hrac/999/pdf/").status_code == 404
    assert client.get("/turnaj/mcr/ke-stazeni/mcr-karty-hracu.pdf").status_code == 404
    assert client.get("/turnaj/mcr/ke-stazeni/mcr-karta-hrace-1.pdf").status_code == 200


def test_held_results_stay_off_the_public_card_but_not_the_organisers(demo):
    Stage.objects.filter(tournament=demo, kind="final_a").update(
        results_held=True, announcement="16:00"
    )
    finalist = next(
        card.player.number
        for card in player_cards(demo, staff=True)
        if any(stage.kind == "final_a" for stage in card.stages)
    )
    public = Client().get(f"/turnaj/mcr/ke-stazeni/hrac/{finalist}/html/").content.decode()
    assert "Výsledky budou vyhlášeny v 16:00." in public
    assert "Celkem – finále A" not in public
    with translation.override("cs"):
        staff = twin.html(
            catalog.Document(catalog.CARDS, catalog.HTML, player=finalist),
            documents.player_cards(demo, finalist, staff=True),
        ).decode()
    assert "Celkem – finále A" in staff


def test_a_simulated_championships_cards_are_a_page_a_player(simulated_60):
    value = documents.player_cards(simulated_60, staff=True)
    assert len(value.cards) == 60 and pages_of(pdf.player_cards(value)) == 60


def test_no_cards_before_anybody_is_drawn(db):
    from datetime import date

    from tournament.models import Tournament

    empty = Tournament.objects.create(
        slug="prazdny", name="Prázdný", year=2027, start_date=date(2027, 1, 9)
    )
    assert catalog.available(empty, what=catalog.CARDS) == []
    assert catalog.available(empty, what=catalog.CARDS, player=1) == []
