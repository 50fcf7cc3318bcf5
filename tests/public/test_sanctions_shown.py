"""A sanction is said in words wherever the standings are shown: the pages, the player's page,
the printouts (PDF and the text of the Braille files) and the JSON; never by a missing row
alone."""

import io

import pytest
from django.test import Client
from django.utils import translation
from pypdf import PdfReader

from interchange.importer import import_tournament
from printing import catalog, documents, text
from tests.interchange.test_version_2 import v2

pytestmark = pytest.mark.django_db


@pytest.fixture
def sanctioned(example_document):
    """The example with 12 (Ludmila Vlček) disqualified from qualifier game 1 and 5 (Jiří
    Žáková) expelled in the B-final's game 2."""
    tournament, _ = import_tournament(v2(example_document), slug="tresty")
    # his surname suggests the feminine (the document, version 2, gives no gender): corrected
    tournament.players.filter(start_number=5).update(gender="masculine")
    return tournament


def page(path: str) -> str:
    return Client().get(f"/turnaj/tresty/{path}").content.decode()


def pdf_text(tournament, what, stage=None) -> str:
    document = catalog.Document(what, catalog.PDF, stage=stage)
    with translation.override("cs"):
        content = catalog.render(tournament, document)
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(p.extract_text() for p in pages).split())  # lines wrap in cells


def test_the_standings_pages_say_it(sanctioned):
    qualifier = page("kvalifikace/")
    assert "diskvalifikován z partie 1" in qualifier  # in 12's row, still ranked
    assert "vyloučen z turnaje v partii 2 finále B" in qualifier  # 5 keeps the qualifier
    final_b = page("finale-b/")
    assert "Bez umístění" in final_b
    assert "5. Jiří Žáková: vyloučen z turnaje v partii 2 finále B</li>" in final_b
    assert "alkohol" not in final_b  # the reason is the staff's


def test_the_players_page_says_it(sanctioned):
    html = page("hrac/12/")
    assert "Tresty" in html and "Diskvalifikován z partie 1 kvalifikace" in html
    assert "partie se nezapočítává" in html
    assert "zvonící telefon potřetí" not in html  # the reason is the staff's


def test_the_printouts_say_it(sanctioned):
    with translation.override("cs"):
        lines = "\n".join(text.standings_lines(documents.stage_standings(sanctioned, "final_b")))
    assert "Bez umístění:" in lines and "vyloučen z turnaje v partii 2 finále B" in lines
    assert "vyloučen z turnaje" in pdf_text(sanctioned, catalog.STANDINGS, "final_b")
    assert "diskvalifikován z partie 1" in pdf_text(sanctioned, catalog.STANDINGS, "qualifier")


def test_the_json_says_it(sanctioned):
    import json

    data = json.loads(page("finale-b/vysledky.json"))
    assert data["expelled"] == [5]
    assert all(row["player"] != 5 for row in data["final_b"]["standings"]["ALL"])
