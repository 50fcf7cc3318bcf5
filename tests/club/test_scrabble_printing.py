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


def test_every_page_of_a_scrabble_tournament_opens(played, organiser, referees, client):  # noqa: F811
    """The public pages (the hall too), the staff's, the desk's, the draws' and the printouts
    of a played Scrabble tournament open."""
    from django.urls import reverse

    from tests.club.test_pages import sheet_url
    from tests.conftest import client_of

    slug = played.slug
    game = played.stages.get(kind="qualifier").games.get(number=1)
    table = game.tables.order_by("number").first()
    bye = game.tables.order_by("number").last()
    number = table.seats.first().player.start_number
    public = [
        reverse("public:home", kwargs={"slug": slug}),
        reverse("public:standings", kwargs={"slug": slug, "stage": "qualifier"}),
        reverse("public:standings_json", kwargs={"slug": slug, "stage": "qualifier"}),
        reverse("public:player", kwargs={"slug": slug, "number": number}),
        reverse("public:draw", kwargs={"slug": slug}),
        reverse("public:hall", kwargs={"slug": slug}),
        reverse("public:hall_live", kwargs={"slug": slug}) + "?od=0.0",
    ]
    for url in public:
        assert client.get(url).status_code == 200, url
    staff = [
        reverse("staff:tournament", kwargs={"slug": slug}),
        reverse("staff:settings", kwargs={"slug": slug}),
        reverse("desk:dashboard", kwargs={"slug": slug}),
        reverse("desk:advancement", kwargs={"slug": slug}),
        reverse("printing:printouts", kwargs={"slug": slug}),
        reverse("draws:overview", kwargs={"slug": slug}),
        reverse("draws:game", kwargs={"slug": slug, "stage": "qualifier", "number": 1}),
        reverse("draws:draw", kwargs={"slug": slug, "stage": "qualifier"}),
        sheet_url(game, table, game.rounds.get()),
        sheet_url(game, bye, game.rounds.get()),
    ]
    as_organiser, as_referee = client_of(organiser), client_of(referees[0])
    for url in staff:
        who = as_referee if url.startswith("/rozhodci/") else as_organiser
        assert who.get(url).status_code == 200, url
