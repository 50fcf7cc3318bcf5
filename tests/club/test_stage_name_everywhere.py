"""A club tournament's one stage is named "turnaj" everywhere, not only on its pages (issue 35,
point 4, the rest): the hall's display, every printout (PDF, its accessible twin, the lines
the Braille files are made of, the titles), the organiser's and the public log."""

import re

import pytest
from django.http import QueryDict
from django.test import Client
from django.urls import reverse
from django.utils import translation

from printing import catalog, documents, text
from scoring import log
from scoring import sheets as sheet_services
from tests.authors import author
from tests.conftest import table_and_round
from tests.printing.test_pdf import text_of as pdf_text

from .conftest import club_lines

pytestmark = pytest.mark.django_db

QUALIFICATION = re.compile(r"\bkvalifikac", re.IGNORECASE)  # "diskvalifikace" may stay


def page_text(response) -> str:
    assert response.status_code == 200
    return re.sub(r"<[^>]+>", " ", response.content.decode())


def hall_text(tournament) -> str:
    client = Client()
    return " ".join(
        page_text(client.get(reverse(name, kwargs={"slug": tournament.slug})))
        for name in ("public:hall", "public:hall_live")
    )


def played(game):
    table, round_ = table_and_round(game)
    sheet_services.save_sheet(
        table=table, round=round_, lines=club_lines(table), by=author("R"), version=0
    )
    return game.stage.tournament


def test_the_hall_names_a_club_tournament_s_stage_turnaj(casual_game):
    tournament = casual_game.stage.tournament
    seating = hall_text(tournament)  # before the first sheet: where everybody sits
    assert "Turnaj, partie 1" in seating and not QUALIFICATION.search(seating)
    progress = hall_text(played(casual_game))  # playing: the game's progress
    assert "Turnaj, partie 1" in progress and not QUALIFICATION.search(progress)


def test_every_printout_names_it_turnaj(casual_game):
    tournament = played(casual_game)
    found = catalog.available(tournament)
    assert {d.what for d in found} >= {catalog.SHEETS, catalog.SEATING, catalog.STANDINGS}
    with translation.override("cs"):
        for document in found:
            assert not QUALIFICATION.search(document.title), document.title
            if document.format == catalog.PDF:
                words = pdf_text(catalog.render(tournament, document))
            elif document.format == catalog.HTML:
                words = catalog.render(tournament, document).decode()
            else:
                continue  # Braille: its lines are checked below, before the translation
            assert not QUALIFICATION.search(words), document
            if document.stage is not None:
                assert "Turnaj" in words or "turnaj" in words, document
        braille = [
            *text.standings_lines(documents.stage_standings(tournament, "qualifier")),
            *text.seating_lines(documents.seating(casual_game)),
            *text.card_lines(documents.player_cards(tournament, None)),
        ]
    joined = "\n".join(braille)
    assert "Turnaj" in joined and not QUALIFICATION.search(joined)


def test_the_logs_name_it_turnaj(casual_game):
    tournament = played(casual_game)
    with translation.override("cs"):
        staff = log.log_page(QueryDict(""), tournament, public=False)
        public = log.log_page(QueryDict(""), tournament, public=True)
    words = [entry.words for entry in staff["entries"]] + [
        entry.words for entry in public["entries"]
    ]
    assert any(w.lower().startswith("turnaj, partie 1") for w in words), words
    assert not any(QUALIFICATION.search(w) for w in words), words
    labels = {s["code"]: s["label"] for s in staff["stages"]}
    assert labels["qualifier"] == "turnaj"
    html = page_text(Client().get(reverse("public:log", kwargs={"slug": tournament.slug})))
    assert not QUALIFICATION.search(html)


def test_the_championship_s_printouts_still_say_kvalifikace(demo):
    with translation.override("cs"):
        standings = documents.stage_standings(demo, "qualifier")
        document = catalog.Document(catalog.STANDINGS, catalog.PDF, "qualifier")
        assert standings.stage == "kvalifikace" and "valifikace" in document.title


def test_a_club_document_s_refusals_name_the_stage_turnaj(casual_game):
    from interchange.exporter import export_tournament
    from interchange.importer import DocumentRejected, import_tournament

    document = export_tournament(casual_game.stage.tournament)
    tables = document["stages"]["qualifier"]["games"][0]["tables"]
    tables[0]["seats"].append(tables[1]["seats"][0])  # seated twice
    with translation.override("cs"), pytest.raises(DocumentRejected) as refused:
        import_tournament(document, slug="kopie")
    words = str(refused.value)
    assert words.startswith("Turnaj, partie 1, stůl") and not QUALIFICATION.search(words)


def test_the_desk_s_advancement_page_names_it_turnaj(casual_game, referees):
    from tests.conftest import client_of

    tournament = played(casual_game)
    html = page_text(
        client_of(referees[0]).get(
            reverse("desk:advancement", kwargs={"slug": tournament.slug}),
            HTTP_ACCEPT_LANGUAGE="cs",
        )
    )
    assert "Turnaj ještě neskončil" in html and not QUALIFICATION.search(html)


def test_the_public_draw_pages_name_a_committed_draw_turnaj(db):
    from draws.services import draw_game, publish_draw_commitment

    from .conftest import club_tournament

    tournament = club_tournament("casual")
    commitment = publish_draw_commitment(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana")
    )
    client = Client()
    waiting = page_text(client.get(reverse("public:draw", kwargs={"slug": tournament.slug})))
    assert "turnaj, partie 1" in waiting.lower() and not QUALIFICATION.search(waiting)
    draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), commitment=commitment
    )
    # "how we draw" explains the championship's scheme in general words; its example is this
    # tournament's latest draw, named as its pages name it
    how = page_text(client.get(reverse("public:how_we_draw", kwargs={"slug": tournament.slug})))
    assert "turnaj, partie 1: losování stolů" in how.lower()
