"""A place decided by a lot is marked "pořadí určil los" with a link to the lot's public record:
on the public pages, the PDFs and their twins, the Braille text and the results JSON (v3's
``by_lot``). Which places a lot decided is computed in the ranking, not in a template."""

import io
import json
import re

import pytest
from django.test import Client
from django.utils import translation
from pypdf import PdfReader

from interchange.importer import import_tournament
from interchange.results import results_document
from interchange.schema import validator
from printing import catalog, documents, text
from rules.ranking import Performance, rank
from scoring.pages import stage_page
from scoring.selectors import tournament_data
from tests.draws.conftest import demo_document
from ui.addresses import lot_record_path

pytestmark = pytest.mark.django_db

LOG = "/turnaj/los/zaznam/?druh=lot&amp;faze=qualifier"


@pytest.fixture
def decided():
    """The demo championship: a tie at the qualifier's cut that a recorded lot split."""
    document = demo_document()
    tournament, _ = import_tournament(document, slug="los")
    return tournament, document["lots"][0]["order"]


def test_the_ranking_knows_which_places_a_lot_decided():
    tied = [Performance(1, 50, 1, 20, 8), Performance(2, 50, 1, 20, 8), Performance(3, 40)]
    assert [(r.key, r.by_lot) for r in rank(tied)] == [(1, False), (2, False), (3, False)]
    ranked = rank(tied, lots=[[2, 1]])
    assert [(r.key, r.rank, r.by_lot) for r in ranked] == [
        (2, 1, True),
        (1, 2, True),
        (3, 3, False),
    ]


def test_the_read_model_marks_the_lots_places(decided):
    tournament, order = decided
    page = stage_page(tournament, "qualifier")
    marked = {row.player.number for c in page.categories for row in c.rows if row.by_lot}
    assert marked == set(order)
    assert page.by_lot
    assert lot_record_path(tournament, "qualifier") == "/turnaj/los/zaznam/?druh=lot&faze=qualifier"
    assert not stage_page(tournament, "final_a").by_lot


def test_the_standings_page_marks_and_links(decided):
    tournament, order = decided
    html = Client().get("/turnaj/los/kvalifikace/").content.decode()
    marks = re.findall(rf'<a href="{re.escape(LOG)}">pořadí určil los</a>', html)
    assert len(marks) == len(order)
    for number in order:  # in the lot's players' rows
        row = re.search(rf'id="[a-z0-9]+-player-{number}".*?</tr>', html, re.S).group(0)
        assert "pořadí určil los" in row
    log = Client().get("/turnaj/los/zaznam/", {"druh": "lot", "faze": "qualifier"})
    assert "Los (kvalifikace)" in log.content.decode()
    assert "pořadí určil los" not in Client().get("/turnaj/los/finale-a/").content.decode()


def test_the_json_marks_the_lots_places(decided):
    tournament, order = decided
    data = json.loads(Client().get("/turnaj/los/kvalifikace/vysledky.json").content)
    rows = [row for rows in data["qualifier"]["standings"].values() for row in rows]
    assert {row["player"] for row in rows if row.get("by_lot")} == set(order)
    assert all(row["by_lot"] is True for row in rows if "by_lot" in row)
    validator("results").validate(data)
    validator("results").validate(results_document(tournament_data(tournament)))


def test_the_printouts_mark_the_lots_places(decided):
    tournament, order = decided
    with translation.override("cs"):
        stage = documents.stage_standings(tournament, "qualifier")
        lines = text.standings_lines(stage)
        pdf = catalog.render(tournament, catalog.Document("standings", "pdf", stage="qualifier"))
        large = catalog.render(
            tournament, catalog.Document("standings", "large-pdf", stage="qualifier")
        )
        twin = catalog.render(
            tournament, catalog.Document("standings", "html", stage="qualifier")
        ).decode()
    marked = [line for line in lines if "pořadí určil los" in line and "(" in line]
    assert sorted(int(re.search(r"\((\d+)\)", line).group(1)) for line in marked[:2]) == sorted(
        order
    )
    assert (
        "Pořadí určil los: záznam losu je v záznamu turnaje na /turnaj/los/zaznam/, mezi losy"
        in (lines)
    )
    for content in (pdf, large):
        words = " ".join(
            " ".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages).split()
        )
        assert words.count("pořadí určil los") >= len(order)
        assert "záznam losu je na /turnaj/los/zaznam/?druh=lot&faze=qualifier" in words
    assert twin.count("pořadí určil los") == len(order)
    assert f'<a href="{LOG}">' in twin
