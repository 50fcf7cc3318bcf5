"""Printing (issue 6): all score sheets and all certificates of a 60-player championship, each
as one PDF (target: under 2 s each), and the Braille files."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench import timed
from interchange.importer import import_tournament
from printing import braille, catalog, documents, pdf
from sample.simulate import full_championship
from tournament.models import Game

PLAYERS = 60


def run() -> None:
    tournament, _ = import_tournament(full_championship(PLAYERS, seed=6), slug="bench-print")
    games = list(Game.objects.filter(stage__tournament=tournament).select_related("stage"))

    def all_sheets():
        sheets = [sheet for game in games for sheet in documents.game_sheets(game)]
        return sheets, pdf.score_sheets(sheets)

    seconds, (sheets, content) = timed(all_sheets, repeat=3)
    print(
        f"all score sheets, {len(games)} games, {len(sheets)} tables, {len(content) // 1024} KiB:"
        f" {seconds:.2f} s (median of 3)"
    )

    def all_certificates():
        awards = documents.results(tournament).awards()
        return awards, pdf.certificates(awards)

    seconds, (awards, content) = timed(all_certificates, repeat=3)
    print(f"all certificates, {len(awards)} pages: {seconds:.2f} s (median of 3)")

    for document in catalog.available(tournament, what="standings", stage="qualifier"):
        if document.format != catalog.PDF and not braille.available():
            continue
        with CaptureQueriesContext(connection) as queries:
            seconds, content = timed(lambda d=document: catalog.render(tournament, d), repeat=5)
        print(
            f"qualifier standings as {document.format}: {seconds * 1000:.0f} ms, "
            f"{len(queries) // 5} queries"
        )
