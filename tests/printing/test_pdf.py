"""Every PDF carries its Czech text whole (extracted with pypdf), in the embedded DejaVu Sans;
a page rendered to an image shows that the layout draws."""

import io
import subprocess
import unicodedata

import pytest
from pypdf import PdfReader

from printing import catalog, documents, pdf
from rules.podium import title
from tournament.collation import name_key
from tournament.models import Game, Player

pytestmark = pytest.mark.django_db


def text_of(content: bytes) -> str:
    reader = PdfReader(io.BytesIO(content))
    return "\n".join(page.extract_text() for page in reader.pages)


def pages_of(content: bytes) -> int:
    return len(PdfReader(io.BytesIO(content)).pages)


def fonts_of(content: bytes) -> set[str]:
    reader = PdfReader(io.BytesIO(content))
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]))
    return names


def test_every_pdf_embeds_dejavu_and_nothing_else(demo):
    for document in catalog.available(demo, formats=(catalog.PDF,)):
        fonts = fonts_of(catalog.render(demo, document))
        assert fonts and all("DejaVuSans" in name for name in fonts), (document, fonts)


def test_score_sheets_name_every_seated_player_with_diacritics(demo):
    game = Game.objects.get(stage__tournament=demo, stage__kind="qualifier", number=1)
    sheets = documents.game_sheets(game)
    content = pdf.score_sheets(sheets)
    text = text_of(content)
    seated = set(game.seats.values_list("player__name", flat=True))
    assert seated and all(name in text for name in seated)
    assert any(ch in text for ch in "řěůďťňŘĚŮĎŤŇ")  # the demo's names have them
    assert "Zápis o hře" in text and "Podpis rozhodčího" in text
    for sheet in sheets:
        for game_round in sheet.rounds:
            cards = "karty" if game_round.deal < 5 else "karet"  # 4 karty, 5 karet
            assert (
                f"Kolo {game_round.number}: {game_round.deal} {cards}, "
                f"začíná {game_round.starter.name}" in text
            )
    assert pages_of(content) >= len(sheets)  # each table starts a page of its own


def test_blank_sheet_has_a_block_for_every_round(demo):
    text = text_of(pdf.score_sheets([documents.blank_sheet(demo)]))
    assert text.count("Kolo ____") == 7 and "Stůl: ____" in text


def test_seating_lists_everybody_in_large_print_and_draws_each_table(demo):
    game = Game.objects.get(stage__tournament=demo, stage__kind="qualifier", number=1)
    plan = documents.seating(game)
    content = pdf.seating(plan)
    text = text_of(content)
    assert all(row.player.name in text for row in plan.rows)
    assert pages_of(content) >= 1 + len(plan.tables())
    for table in plan.tables():
        assert f"Stůl {table}" in text
    assert "začíná první kolo partie" in text and "První kolo partie začíná:" in text
    assert pdf.LARGE_PRINT >= 18


def test_seating_by_name_follows_czech_order():
    names = ["Šimon Černý", "Petr Cibulka", "Jana Chalupová", "Eva Hrubá", "Adam Čapek"]
    ordered = sorted(names, key=name_key)
    assert ordered == [
        "Petr Cibulka",
        "Adam Čapek",
        "Šimon Černý",
        "Eva Hrubá",
        "Jana Chalupová",
    ]


def test_standings_show_every_player_the_cut_and_the_medals(demo):
    for kind in ("qualifier", "final_a", "final_b"):
        stage = documents.stage_standings(demo, kind)
        text = text_of(pdf.standings(stage))
        for _name, standing in stage.categories:
            assert all(row.player.name in text for row in standing.rows)
        if kind == "qualifier":
            assert "postupuje do finále A" in text
        else:
            assert "1. místo, zlato" in text
    final_a = text_of(pdf.standings(documents.stage_standings(demo, "final_a")))
    assert title(demo.year) in final_a


def test_results_and_certificates_name_the_champions_and_the_teams(demo):
    summary = documents.results(demo)
    text = text_of(pdf.results(summary))
    awards = summary.awards()
    champions = [a for a in awards if a.title]
    assert len(champions) == 2  # one title a category of the A-final
    content = pdf.certificates(awards)
    certificates = text_of(content)
    assert pages_of(content) == len(awards)
    for award in awards:
        assert award.holder in text and award.holder in certificates
    # the demo's B1 champion is a woman, the VS champion a man
    assert certificates.count(title(demo.year, feminine=True)) == 1
    assert certificates.count(title(demo.year)) == 1
    assert "DIPLOM" in certificates and demo.organiser in certificates
    assert "Družstva" in text
    teams = [a for a in awards if a.members]
    assert teams and all(name in certificates for a in teams for name, _counted in a.members)


def test_names_with_markup_characters_print_as_written(demo):
    Player.objects.filter(tournament=demo, start_number=1).update(name="Jiří <Ťuk> & Řezáč")
    game = Game.objects.filter(stage__tournament=demo, seats__player__start_number=1).first()
    assert "Jiří <Ťuk> & Řezáč" in text_of(pdf.score_sheets(documents.game_sheets(game)))


def test_a_page_renders_to_an_image(demo, pdftoppm, tmp_path):
    game = Game.objects.get(stage__tournament=demo, stage__kind="qualifier", number=1)
    for name, content in {
        "seating": pdf.seating(documents.seating(game)),
        "certificates": pdf.certificates(documents.results(demo).awards()),
    }.items():
        source = tmp_path / f"{name}.pdf"
        source.write_bytes(content)
        subprocess.run(
            [pdftoppm, "-r", "40", "-png", "-f", "1", "-l", "2", str(source), str(tmp_path / name)],
            check=True,
            capture_output=True,
        )
        images = sorted(tmp_path.glob(f"{name}*.png"))
        assert len(images) == 2
        from PIL import Image  # reportlab depends on Pillow

        for image_path in images:
            with Image.open(image_path) as image:
                low, high = image.convert("L").getextrema()
                assert low < 100 and high > 200, image_path  # ink on paper, not a blank page


def tables_in(story):
    from reportlab.platypus import KeepTogether, Table

    for flowable in story:
        if isinstance(flowable, KeepTogether):
            yield from tables_in(flowable._content)
        elif isinstance(flowable, Table):
            yield flowable


def overflowing_cells(table) -> list[str]:
    """Cells whose text does not fit their column: a string is one line; a paragraph wraps
    between words, so each of its words must fit."""
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    found = []
    for row, values in enumerate(table._cellvalues):
        for column, value in enumerate(values):
            style = table._cellStyles[row][column]
            room = table._colWidths[column] - style.leftPadding - style.rightPadding
            for item in value if isinstance(value, list | tuple) else [value]:
                if isinstance(item, Drawing):  # a picture (the table's QR code): its own width
                    if item.width > room:
                        found.append(
                            f"row {row}, col {column}: drawing {item.width:.0f} > {room:.0f}"
                        )
                    continue
                if isinstance(item, Paragraph):
                    font, size = item.style.fontName, item.style.fontSize
                    pieces = item.getPlainText().split()
                else:
                    font, size = style.fontname, style.fontsize
                    pieces = str(item).splitlines()
                for piece in pieces:
                    width = stringWidth(piece, font, size)
                    if width > room:
                        found.append(f"row {row}, col {column}: {piece!r} {width:.0f} > {room:.0f}")
    return found


@pytest.mark.parametrize("language", ["cs", "en"])
def test_no_heading_or_cell_overflows_its_column_in_any_pdf(demo, monkeypatch, language):
    """Every table of every PDF document, measured with the embedded fonts (the standings'
    „Nejlepší kolo“ ran into „Kola“, the sheet's „Nevyužito“ broke as „Nevyužit/o“)."""
    from django.utils import translation
    from reportlab.lib.pagesizes import A4

    stories = []
    original = pdf.build

    def spy(story, **kwargs):
        pagesize, margins = kwargs.get("pagesize", A4), kwargs.get("margins", pdf.MARGINS)
        frame = pagesize[0] - 2 * margins - 2 * pdf.FRAME_PADDING
        stories.append((frame, list(story)))  # building consumes the list
        return original(story, **kwargs)

    monkeypatch.setattr(pdf, "build", spy)
    with translation.override(language):
        for document in catalog.available(demo, formats=(catalog.PDF,)):
            stories.clear()
            catalog.render(demo, document)
            tables = [(frame, table) for frame, story in stories for table in tables_in(story)]
            if document.what == catalog.CERTIFICATES:
                assert not stories  # drawn on a canvas: no table
                continue
            assert tables, document
            for frame, table in tables:
                assert overflowing_cells(table) == [], (document, language)
                assert sum(table._colWidths) <= frame + 0.01, (document, language)  # on the page
    assert pdf.heading("Nevyužito", 8).style.splitLongWords == 0  # a word is never broken


def test_every_character_a_name_may_hold_is_in_the_text_layer():
    """pypdf extracts every character the name rule (``tournament.characters``) lets in, as it
    was typed; a space of another width reads as a space."""
    from printing.glyphs import font_characters
    from tournament.characters import refused_character

    allowed = [chr(c) for c in sorted(font_characters()) if refused_character(chr(c)) is None]
    assert len(allowed) > 5000
    for start in range(0, len(allowed), 400):
        part = allowed[start : start + 400]
        story = [pdf.text(f"[{character}]") for character in part]
        extracted = text_of(pdf.build(story, title="znaky"))
        for character in part:
            expected = " " if unicodedata.category(character) == "Zs" else character
            assert f"[{expected}]" in extracted.replace("\u00a0", " "), hex(ord(character))


def test_a_character_no_name_may_hold_keeps_the_text_layer_whole(demo):
    """A name recorded before the rule (or any other text) with an emoji or a control code:
    the PDF prints U+FFFD or a space instead, and the rest of the text extracts."""
    game = Game.objects.get(stage__tournament=demo, stage__kind="qualifier", number=1)
    player = Player.objects.filter(seats__game=game).first()
    Player.objects.filter(pk=player.pk).update(name="Jana \U0001f600 Nová\x1bková 漢")
    text = text_of(pdf.score_sheets(documents.game_sheets(game)))
    assert "Jana \ufffd Nová ková \ufffd" in text
    assert "\x1b" not in text
