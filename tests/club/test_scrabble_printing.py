"""A Scrabble tournament's printouts (issue 37, point 2): the printed standings and their
accessible twin count wins, spread and the sum of scores; the text and Braille say them; a
blank scoresheet for a board asks the score, the tiles left and went out, and a round's
sheets have one game a board."""

import pytest
from django.utils import translation

from printing import braille, catalog, documents, text
from tests.printing.test_pdf import text_of

from .test_scrabble_formats import played  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def words(content: bytes) -> str:
    return " ".join(text_of(content).split())


def test_the_printed_standings_and_their_twin_count_wins_spread_and_scores(played):  # noqa: F811
    with translation.override("cs"):
        stage = documents.stage_standings(played, "qualifier")
        assert documents.standings_game(stage) == "scrabble"
        assert documents.standings_columns(documents.standings_game(stage))[3:] == [
            "Výhry",
            "Rozdíl skóre",
            "Součet skóre",
            "Partie",
        ]
        first = stage.categories[0][1].rows[0]
        assert documents.standing_figures(first) == [
            first.wins,
            first.spread,
            first.points,
            first.rounds,
        ]
        pdf_words = words(
            catalog.render(played, catalog.Document(catalog.STANDINGS, "pdf", stage="qualifier"))
        )
        twin = catalog.render(
            played, catalog.Document(catalog.STANDINGS, "html", stage="qualifier")
        ).decode()
    assert "Rozdíl skóre" in pdf_words and "Zavření" not in pdf_words
    assert '<th scope="col">Rozdíl skóre</th>' in twin and "Zavření" not in twin
    assert f"<td>{first.spread}</td>" in twin


def test_the_text_and_braille_standings_say_wins_spread_and_scores(played):  # noqa: F811
    with translation.override("cs"):
        lines = text.standings_lines(documents.stage_standings(played, "qualifier"))
        stage = documents.stage_standings(played, "qualifier")
    first = stage.categories[0][1].rows[0]
    line = next(line for line in lines if line.startswith("1. "))
    assert f"rozdíl skóre {first.spread}, součet skóre {first.points}" in line
    assert "výhr" in line and "zavření" not in line
    assert any("volno" in line for line in lines)
    try:
        cells = braille.unicode_text(lines, braille.PAGE_WIDTH)
    except braille.BrailleUnavailable:
        pytest.skip("liblouis is not installed")
    assert cells and set(cells) - {"\n", " "} <= {chr(c) for c in range(0x2800, 0x2900)} | {"\f"}


def test_the_blank_scoresheet_is_a_board_s_game(played):  # noqa: F811
    with translation.override("cs"):
        blank = words(catalog.render(played, catalog.Document(catalog.SHEETS, "pdf")))
        sheets = words(
            catalog.render(
                played, catalog.Document(catalog.SHEETS, "pdf", stage="qualifier", game=1)
            )
        )
    for content in (blank, sheets):
        assert "Skóre na konci hry" in content or "skóre na konci hry" in content
        assert "Body zbylých kamenů" in content or "body zbylých kamenů" in content
        assert "Konečné skóre" in content and "Slova" not in content
    assert "Kolo: ____ Deska: ____" in blank
    assert blank.count("Hra: každý sedm kamenů") == 1
    assert sheets.count("Hra: každý sedm kamenů") >= 2  # one a board
