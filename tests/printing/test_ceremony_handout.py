"""The ceremony's handout (issue 24): the whole order of the announcement in large print and
in Braille, on the organiser's print page only."""

import io

import pytest
from django.test import Client
from pypdf import PdfReader

from printing import braille, catalog, documents, text
from scoring import ceremony
from tests.conftest import client_of
from tests.printing.test_twin import font_sizes
from tournament import services

pytestmark = pytest.mark.django_db

FILES = ("mcr-vyhlaseni-velke-pismo.pdf", "mcr-vyhlaseni.brf", "mcr-vyhlaseni.txt")


def test_the_handout_is_the_organiser_s_and_lists_every_reveal_in_order(demo, organiser, louis):
    services.hold_results(tournament=demo, kind="final_a", announcement="17:30")
    reveals = ceremony.ceremony_state(demo).reveals
    staff = client_of(organiser)
    listing = staff.get("/sprava/mcr/tisk/").content.decode()
    assert all(name in listing for name in FILES)
    assert "Slavnostní vyhlášení: pořadí vyhlašování" in listing
    public = Client().get("/turnaj/mcr/ke-stazeni/").content.decode()
    assert "vyhlaseni" not in public.replace("/turnaj/mcr/vyhlaseni/", "")
    assert Client().get("/turnaj/mcr/ke-stazeni/mcr-vyhlaseni.brf").status_code == 404

    content = staff.get("/sprava/mcr/tisk/mcr-vyhlaseni-velke-pismo.pdf").content
    sizes = font_sizes(content)
    assert sizes and min(sizes) >= 18
    extracted = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    extracted = " ".join(extracted.split())
    positions = [extracted.index(reveal.name) for reveal in reveals]
    assert positions == sorted(positions)  # in the order of the ceremony
    assert "Velké písmo, 18 bodů" in extracted
    champion = next(reveal for reveal in reveals if reveal.title)
    assert champion.title in extracted

    lines = text.ceremony_lines(documents.ceremony(demo))
    assert [line for line in lines if line[:1].isdigit()] == [
        f"{step}. {reveal.sentence}" for step, reveal in enumerate(reveals, start=1)
    ]
    brf = staff.get("/sprava/mcr/tisk/mcr-vyhlaseni.brf").content.decode("ascii")
    back = [braille.back_translate(line, braille.BRF) for line in brf.split("\r\n") if line]
    said = " ".join(back).split()
    assert said == " ".join(braille.plain(line) for line in lines).split()


def test_the_handout_says_why_it_is_incomplete(game):
    handout = documents.ceremony(game.stage.tournament)
    assert handout.reveals == []
    assert "Mistrovství ještě není u konce" in "\n".join(text.ceremony_lines(handout))
    assert catalog.available(game.stage.tournament, what=catalog.CEREMONY) == []  # no finals yet
