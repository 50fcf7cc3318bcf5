"""The accessible twins of the public PDFs and the large-print standings (issue 26, 5)."""

import io
import re

import pytest
from django.test import Client
from django.utils import translation
from pypdf import PdfReader

from printing import catalog, documents, pdf, twin

pytestmark = pytest.mark.django_db


def test_every_public_pdf_has_a_twin(demo):
    public = catalog.available(demo, public=True)
    pdfs = {
        (d.what, d.stage, d.game) for d in public if d.format in (catalog.PDF, catalog.LARGE_PDF)
    }
    twins = {(d.what, d.stage, d.game) for d in public if d.format == catalog.HTML}
    assert pdfs and pdfs == twins


def test_the_standings_twin_has_headings_tables_and_the_language(demo):
    with translation.override("cs"):
        stage = documents.stage_standings(demo, "qualifier")
        html = twin.html(
            catalog.Document(catalog.STANDINGS, catalog.HTML, "qualifier"), stage
        ).decode()
    assert html.startswith("<!DOCTYPE html>") and '<html lang="cs">' in html
    assert html.count("<h1>") == 1 and html.count("<h2 ") == len(stage.categories)
    assert html.count("<caption>") == len(stage.categories)
    assert html.count('<th scope="col">') == 8 * len(stage.categories)
    for _name, standing in stage.categories:
        for row in standing.rows:
            assert f'<th scope="row">{row.player.name}</th>' in html
    assert "postupuje do finále A" in html
    assert "<script" not in html and "style=" not in html  # the coming CSP


def test_an_english_twin_marks_the_czech_names(demo):
    with translation.override("en"):
        stage = documents.stage_standings(demo, "final_a")
        html = twin.html(
            catalog.Document(catalog.STANDINGS, catalog.HTML, "final_a"), stage
        ).decode()
    assert '<html lang="en">' in html
    assert re.search(r'<th scope="row" lang="cs">[^<]+</th>', html)
    assert "Standings: A-final" in html


def test_seating_and_results_twins(demo):
    with translation.override("cs"):
        game = demo.stages.get(kind="final_a").games.get(number=1)
        plan = documents.seating(game)
        html = twin.html(
            catalog.Document(catalog.SEATING, catalog.HTML, "final_a", 1), plan
        ).decode()
        assert all(row.player.name in html for row in plan.rows)
        assert html.count("<h2 ") == 1 + len(plan.tables())  # by name, then each table
        summary = documents.results(demo)
        html = twin.html(catalog.Document(catalog.RESULTS, catalog.HTML), summary).decode()
    assert "Mistr ČR v Syllabatimu 2026" in html


def test_a_twin_opens_in_the_browser(demo):
    response = Client().get("/turnaj/mcr/ke-stazeni/mcr-poradi-kvalifikace.html")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert response["Content-Disposition"].startswith("inline")


def font_sizes(content: bytes) -> set[float]:
    sizes = set()
    for page in PdfReader(io.BytesIO(content)).pages:
        data = page.get_contents().get_data().decode("latin-1")
        sizes |= {float(size) for size in re.findall(r"/F\d+\+?\d* ([\d.]+) Tf", data)}
    return sizes


def test_the_large_print_standings_are_never_below_18_pt(demo):
    with translation.override("cs"):
        stage = documents.stage_standings(demo, "qualifier")
        content = pdf.large_standings(stage)
    sizes = font_sizes(content)
    assert sizes and min(sizes) >= pdf.LARGE_PRINT == 18
    assert max(font_sizes(pdf.standings(stage))) < 18  # the ordinary one is small print
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    assert "Velké písmo, 18 bodů" in text
    assert all(row.player.name in text for _n, s in stage.categories for row in s.rows)


def test_the_downloads_are_grouped_by_kind_and_say_large_print(demo):
    html = Client().get("/turnaj/mcr/ke-stazeni/").content.decode()
    headings = re.findall(r'<h2 id="([a-z-]+)-heading">([^<]+)</h2>', html)
    assert [kind for kind, _text in headings] == ["print", "large-print", "braille"]
    assert "Velké písmo (18 bodů)" in html
    large = html[html.index('id="large-print-heading"') : html.index('id="braille-heading"')]
    assert "mcr-poradi-kvalifikace-velke-pismo.pdf" in large
    assert "zasedaci-poradek" in large  # the seating's list is large print
    braille = html[html.index('id="braille-heading"') :]
    assert ".brf" in braille and ".pdf" not in braille


def test_the_braille_page_size_is_confirmed_in_words(demo):
    html = Client().get("/turnaj/mcr/ke-stazeni/?sirka=32&radky=20").content.decode()
    assert "mají teď 32 znaků na řádek a 20 řádků na stranu" in html
    assert 'id="braille-size-used" role="status"' in html
    html = Client().get("/turnaj/mcr/ke-stazeni/?sirka=3&radky=20").content.decode()
    assert "braille-size-used" not in html  # a refused size is not confirmed
