"""The public tables (``public.tables`` through ``ui/table.html``): the cut only in place
order, ``aria-sort`` for the order shown, the sort control's instruction as its description
(not in the header's name), each table named once, names in Czech order by surname."""

import json
import re

import pytest
from django.db import transaction
from django.test import Client

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from public.tables import StandingsTable
from scoring.pages import PlayerInfo, StandingRow
from tournament.collation import name_key

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def qualifier_pages(django_db_setup, django_db_blocker):
    """The qualifier page of the demo in several orders (one import for the module)."""
    with django_db_blocker.unblock(), transaction.atomic():
        import_tournament(json.loads(DEMO_FILE.read_text(encoding="utf-8")), slug="tabulky")
        client = Client()
        orders = ("", "vs-sort=player", "vs-sort=-rank", "vs-sort=points", "vs-sort=-points")
        pages = {
            order: client.get(f"/turnaj/tabulky/kvalifikace/?{order}").content.decode()
            for order in orders
        }
        transaction.set_rollback(True)  # nothing of it stays for the module's other tests
    return pages


def vs_table(html: str) -> str:
    return html[html.index('id="vs-caption"') :]


def test_the_cut_stands_only_in_place_order(qualifier_pages):
    assert vs_table(qualifier_pages[""]).count('class="cut"') == 1
    assert vs_table(qualifier_pages["vs-sort=points"]).count('class="cut"') == 1  # the same
    for order in ("vs-sort=player", "vs-sort=-rank", "vs-sort=-points"):
        table = vs_table(qualifier_pages[order])
        assert 'class="cut"' not in table, order
        assert table.count("postupuje") >= 6  # the rows themselves carry it


def test_aria_sort_says_the_order_of_the_values_shown(qualifier_pages):
    def sort_of(html, column):
        header = re.search(
            r'<th scope="col"( aria-sort="(\w+)")?>\s*<a [^>]*id="vs-sort-' + column, html
        )
        return header.group(2)

    assert sort_of(vs_table(qualifier_pages[""]), "rank") == "ascending"
    assert sort_of(vs_table(qualifier_pages["vs-sort=points"]), "points") == "descending"
    assert sort_of(vs_table(qualifier_pages["vs-sort=-points"]), "points") == "ascending"
    assert sort_of(vs_table(qualifier_pages["vs-sort=player"]), "player") == "ascending"
    assert sort_of(vs_table(qualifier_pages["vs-sort=player"]), "points") is None


def test_the_header_is_named_by_the_column_and_described_by_the_instruction(qualifier_pages):
    table = vs_table(qualifier_pages[""])
    link = re.search(
        r'<a href="[^"]*" id="vs-sort-points" aria-describedby="([^"]+)">Body</a>', table
    )
    assert link, "the link's text is the column's name alone"
    description = re.search(r'<span id="' + link.group(1) + r'">([^<]+)</span>', table)
    assert description.group(1) == "Seřadí tabulku podle tohoto sloupce."
    reverse = re.search(r'id="vs-sort-rank" aria-describedby="([^"]+)"', table).group(1)
    assert "obrátí" in re.search(r'<span id="' + reverse + r'">([^<]+)</span>', table).group(1)
    assert "seřadit" not in table and "seřazeno vzestupně" not in table


def test_each_table_is_named_once(qualifier_pages):
    html = qualifier_pages[""]
    assert 'role="region"' not in html
    assert html.count("<caption") == html.count("<table")


def test_names_sort_by_surname_in_czech_order(qualifier_pages):
    names = re.findall(
        r'<th scope="row"><a href="[^"]+"[^>]*>(?:<span[^>]*>[^<]*</span>)?\d+\. ([^<]+)</a>',
        vs_table(qualifier_pages["vs-sort=player"]),
    )
    assert names == sorted(names, key=name_key)
    assert len(names) > 5


def row(rank, number, name, **flags):
    return StandingRow(
        rank, PlayerInfo(number, name, "", "none"), 100 - rank, 0, 0, 7, False, **flags
    )


def test_place_order_is_the_order_of_the_rows():
    rows = [row(1, 4, "Zdeněk Novák", advances=True), row(2, 1, "Šárka Hájková", first_out=True)]
    table = StandingsTable(rows, caption="", slug="t")
    assert table.in_place_order
    table.order_by = ("player",)  # Hájková before Novák: not the place order
    assert [r.record.player.name for r in table.rows] == ["Šárka Hájková", "Zdeněk Novák"]
    assert not table.in_place_order
    table.order_by = ("-rank",)
    assert not table.in_place_order
    table.order_by = ("points",)  # highest first: the place order
    assert table.in_place_order
