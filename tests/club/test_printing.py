"""A club tournament's score sheet asks on paper what its rule set's sheet asks."""

import pytest

from printing import documents, pdf
from tests.printing.test_pdf import pages_of, text_of

pytestmark = pytest.mark.django_db


def test_the_casual_sheet_has_the_words_columns(casual_game):
    sheets = documents.game_sheets(casual_game)
    text = " ".join(text_of(pdf.score_sheets(sheets)).split())
    assert "Slov" in text and "Nejdelší slovo" in text
    assert "Akční karty" not in text


def test_the_syllabatim_2_sheet_has_the_action_cards_columns(syllabatim_2_game):
    sheets = documents.game_sheets(syllabatim_2_game)
    content = pdf.score_sheets(sheets)
    text = " ".join(text_of(content).split())
    for label in ("Slov", "Nejdelší slovo", "Akční karty", "Slovo ×2", "Slovo :2"):
        assert label in text, label
    assert pages_of(content) >= len(sheets)
    blank = " ".join(
        text_of(
            pdf.score_sheets([documents.blank_sheet(syllabatim_2_game.stage.tournament)])
        ).split()
    )
    assert "Akční karty" in blank


def test_the_championships_sheet_is_unchanged(game):
    (sheet, *_others) = documents.game_sheets(game)
    assert sheet.columns == ()


def test_every_printout_of_a_club_tournament_renders(casual_game):
    from printing import catalog
    from scoring import sheets as sheet_services
    from tests.authors import author
    from tests.conftest import table_and_round

    from .conftest import club_lines

    table, round_ = table_and_round(casual_game)
    sheet_services.save_sheet(
        table=table, round=round_, lines=club_lines(table), by=author("R"), version=0
    )
    tournament = casual_game.stage.tournament
    documents_ = list(catalog.available(tournament))
    assert documents_
    for document in documents_:
        assert catalog.render(tournament, document), document
