"""The score sheet of a drawn table carries the table's link as a QR code with its short code
beside it; a blank sheet has none; the sheets stay the organiser's."""

import io

import pytest
from pypdf import PdfReader
from reportlab.graphics.barcode.qr import QrCodeWidget

from printing import catalog, documents, pdf
from scoring import links
from tests.printing.test_pdf import text_of
from tournament.models import Game
from ui.addresses import table_url

pytestmark = pytest.mark.django_db


def qr_values(block) -> list[str]:
    drawing = block._cellvalues[0][0]
    return [node.value for node in drawing.contents if isinstance(node, QrCodeWidget)]


def test_each_tables_sheet_has_its_link_as_a_qr_code_and_its_code(demo):
    game = Game.objects.get(stage__tournament=demo, stage__kind="qualifier", number=1)
    document = catalog.Document(catalog.SHEETS, catalog.PDF, "qualifier", 1)
    content = catalog.render(demo, document, base_url="http://192.168.1.10:8000/")
    issued = links.links_in_force(game)
    assert sorted(issued) == sorted(game.tables.values_list("number", flat=True))
    text = text_of(content)
    for link in issued.values():
        assert f"Kód odkazu stolu: {link.code}" in text
    assert len(PdfReader(io.BytesIO(content)).pages) >= len(issued)
    rows = {
        row.table: row
        for row in links.game_links(game, lambda link: table_url(link, "http://192.168.1.10:8000"))
    }
    for sheet in documents.game_sheets(game, rows):
        assert sheet.link_url == rows[sheet.table].url
        assert sheet.link_url.startswith("http://192.168.1.10:8000/stul/")
        assert qr_values(pdf._link_block(sheet)) == [sheet.link_url]


def test_the_same_links_are_printed_again(demo):
    document = catalog.Document(catalog.SHEETS, catalog.PDF, "qualifier", 1)
    first = text_of(catalog.render(demo, document))
    assert text_of(catalog.render(demo, document)) == first


def test_a_blank_sheet_has_no_link(demo):
    sheet = documents.blank_sheet(demo)
    assert sheet.link_url is None
    assert "Kód odkazu" not in text_of(pdf.score_sheets([sheet]))


def test_score_sheets_are_never_public(demo):
    public = catalog.available(demo, public=True)
    assert not [document for document in public if document.what == catalog.SHEETS]
