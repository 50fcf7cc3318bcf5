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


def test_a_poker_sheet_asks_the_word_and_the_hand_and_its_blank_every_deal(db):
    """Slovní poker's printed sheet has its own columns (no close, no words laid); its blank
    sheet has nine player lines and a block for every deal a game of nine can need (37 to
    five deal wins, the deals the tournament sets to a points limit), as the draw plans."""
    from rules import word_poker
    from tournament.models import Tournament

    from .conftest import club_game

    game = club_game("word_poker")
    text = " ".join(text_of(pdf.score_sheets(documents.game_sheets(game)[:1])).split())
    for label in ("Body slova", "Body karet v ruce", "Výsledek hry"):
        assert label in text, label
    assert "Zavřel" not in text and "Nejdelší slovo" not in text
    tournament = game.stage.tournament
    blank = documents.blank_sheet(tournament)
    assert len(blank.seats) == word_poker.PLAYERS_MAX == 9
    assert len(blank.rounds) == word_poker.most_deals(9, tournament.rules().end) == 37
    content = pdf.score_sheets([blank])
    assert " ".join(text_of(content).split()).count("Kolo ____") == 37
    Tournament.objects.filter(pk=tournament.pk).update(poker_game_end="points_limit")
    tournament.refresh_from_db()
    assert len(documents.blank_sheet(tournament).rounds) == word_poker.DEALS_LIMIT


def test_the_other_blank_sheets_keep_seven_rounds(casual_game):
    blank = documents.blank_sheet(casual_game.stage.tournament)
    assert (len(blank.seats), len(blank.rounds), blank.poker) == (8, 7, False)
