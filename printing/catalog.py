"""Which documents a championship has, their file names, and their making: one list for the
``print`` command, the organiser's downloads and the public downloads."""

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rules.stages import FINAL_A, STAGES
from scoring import cards, links
from scoring.publicity import held_results
from tournament.addresses import phones_address
from tournament.labels import single_stage, stage_label
from tournament.models import DrawStatus, Game, Tournament
from ui.addresses import table_url
from ui.converters import TEXT_OF_KIND

from . import braille, documents, text, twin
from .documents import finished_stages

SHEETS, SEATING, STANDINGS, RESULTS, CERTIFICATES, CEREMONY, CARDS = (
    "sheets",
    "seating",
    "standings",
    "results",
    "certificates",
    "ceremony",
    "cards",
)
WHAT = (SHEETS, SEATING, STANDINGS, RESULTS, CERTIFICATES, CEREMONY, CARDS)
PDF, LARGE_PDF, HTML, BRF, TXT = "pdf", "large-pdf", "html", "brf", "txt"
# reportlab writes no tagged PDF (no structure tree, no marked content): every public PDF has
# an accessible twin beside it, the same document as a web page (HTML) with headings, tables
# with headers and the language marked.
FORMATS = {
    SHEETS: (PDF,),
    SEATING: (PDF, HTML, BRF, TXT),
    STANDINGS: (PDF, LARGE_PDF, HTML, BRF, TXT),
    RESULTS: (PDF, HTML, BRF, TXT),
    CERTIFICATES: (PDF,),
    CEREMONY: (LARGE_PDF, BRF, TXT),  # the handout: the staff's, never public
    CARDS: (PDF, LARGE_PDF, HTML, BRF, TXT),
}
LARGE_PRINT_DOCUMENTS = {SEATING}  # their PDF is in large print already (the list by name)
BRAILLE_FORMATS = (BRF, TXT)
CONTENT_TYPES = {
    PDF: "application/pdf",
    LARGE_PDF: "application/pdf",
    HTML: "text/html; charset=utf-8",
    BRF: "application/x-brf",
    TXT: "text/plain; charset=utf-8",
}
EXTENSIONS = {PDF: "pdf", LARGE_PDF: "pdf", HTML: "html", BRF: "brf", TXT: "txt"}
FILE_SUFFIXES = {LARGE_PDF: "-velke-pismo"}
FILE_WORDS = {
    SHEETS: "zapisy",
    SEATING: "zasedaci-poradek",
    STANDINGS: "poradi",
    RESULTS: "vysledky",
    CERTIFICATES: "diplomy",
    CEREMONY: "vyhlaseni",
    CARDS: "karty-hracu",
}
CARD_FILE_WORD = "karta-hrace"  # one player's card: <slug>-karta-hrace-<number>…
CARD_FILE = re.compile(rf"-{CARD_FILE_WORD}-([0-9]+)(?:{FILE_SUFFIXES[LARGE_PDF]})?\.[a-z]+$")
FORMAT_NAMES = {
    PDF: lambda: _("PDF"),
    LARGE_PDF: lambda: _("PDF in large print (18 pt)"),
    HTML: lambda: _("accessible web page (HTML), the same as the PDF"),
    BRF: lambda: _("Braille (BRF)"),
    TXT: lambda: _("Unicode Braille text"),
}


@dataclass(frozen=True)
class Document:
    what: str
    format: str
    stage: str | None = None
    game: int | None = None  # None with ``SHEETS``: a blank sheet
    player: int | None = None  # with ``CARDS``: one player's card (None: everybody's)
    # the tournament is a club's of one stage, named "turnaj" (``labels.single_stage``)
    single_stage: bool = field(default=False, compare=False)

    def file_name(self, slug: str) -> str:
        parts = [slug, FILE_WORDS[self.what]]
        if self.player is not None:
            parts = [slug, CARD_FILE_WORD, str(self.player)]
        if self.what == SHEETS and self.game is None:
            parts.append("prazdny")
        if self.stage is not None:
            parts.append(TEXT_OF_KIND[self.stage])
        if self.game is not None:
            parts.append(f"partie-{self.game}")
        return "-".join(parts) + FILE_SUFFIXES.get(self.format, "") + "." + EXTENSIONS[self.format]

    @property
    def content_type(self) -> str:
        return CONTENT_TYPES[self.format]

    @property
    def title(self) -> str:
        names = {
            SHEETS: _("Score sheets"),
            SEATING: _("Seating"),
            STANDINGS: _("Standings"),
            RESULTS: _("Results"),
            CERTIFICATES: _("Certificates"),
            CEREMONY: _("The ceremony: the order of the announcement"),
            CARDS: _("Players' cards"),
        }
        title = names[self.what]
        if self.player is not None:
            title = _("Player's card, No. %(number)s") % {"number": self.player}
        if self.what == SHEETS and self.game is None:
            title = _("Blank score sheet")
        if self.stage is not None:
            title += f": {stage_label(self.stage, single=self.single_stage)}"
        if self.game is not None:
            title += ", " + _("game %(number)s") % {"number": self.game}
        return title

    @property
    def format_name(self) -> str:
        if self.format == PDF and self.what in LARGE_PRINT_DOCUMENTS:
            return _("PDF, the list by name in large print (18 pt) and a plan of each table")
        return FORMAT_NAMES[self.format]()

    @property
    def large_print(self) -> bool:
        return self.format == LARGE_PDF or (
            self.format == PDF and self.what in LARGE_PRINT_DOCUMENTS
        )

    @property
    def braille(self) -> bool:
        return self.format in BRAILLE_FORMATS

    @property
    def inline(self) -> bool:
        """Opened in the browser (the accessible twin), not saved as a file."""
        return self.format == HTML


def _games(tournament: Tournament, stage: str | None, game: int | None, confirmed_only: bool):
    games = Game.objects.filter(stage__tournament=tournament, tables__isnull=False).distinct()
    if stage is not None:
        games = games.filter(stage__kind=stage)
    if game is not None:
        games = games.filter(number=game)
    if confirmed_only:
        games = games.filter(draw_status=DrawStatus.CONFIRMED)
    order = {kind: index for index, kind in enumerate(STAGES)}
    return sorted(games.values_list("stage__kind", "number"), key=lambda g: (order[g[0]], g[1]))


def _stages(tournament: Tournament, stage: str | None) -> list[str]:
    kinds = set(tournament.stages.values_list("kind", flat=True))
    return [kind for kind in STAGES if kind in kinds and stage in (None, kind)]


def available(
    tournament: Tournament,
    *,
    what: str | None = None,
    stage: str | None = None,
    game: int | None = None,
    formats: tuple[str, ...] | None = None,
    public: bool = False,
    player: int | None = None,
) -> list[Document]:
    """The documents of a tournament, filtered. The public sees standings and results of the
    stages that are over, and the seating of announced games; never sheets or certificates.
    Players' cards: everybody's at once for the organiser; one player's (``player``, seated in
    a confirmed draw) for anyone, its held stages left out for the public."""
    over = finished_stages(tournament) if public else None
    held = held_results(tournament) if public else {}  # for the ceremony: not public yet
    found: list[Document] = []
    single = single_stage(tournament)

    def add(kind, **where):
        for fmt in FORMATS[kind]:
            if formats is None or fmt in formats:
                found.append(Document(kind, fmt, **where, single_stage=single))

    for kind in WHAT if what is None else (what,):
        if public and kind in (SHEETS, CERTIFICATES, CEREMONY):
            continue
        if kind in (SHEETS, SEATING):
            for game_stage, number in _games(tournament, stage, game, confirmed_only=public):
                add(kind, stage=game_stage, game=number)
            if kind == SHEETS and game is None:
                add(kind, stage=None, game=None)
        elif kind == STANDINGS:
            for game_stage in _stages(tournament, stage):
                if (over is None or game_stage in over) and game_stage not in held:
                    add(kind, stage=game_stage)
        elif kind == RESULTS:
            if (over is None or any(k in over for k in STAGES[1:])) and not held:
                add(kind)
        elif kind == CERTIFICATES:
            add(kind)
        elif kind == CEREMONY and stage is None and game is None and player is None:
            if FINAL_A in _stages(tournament, None):
                add(kind)
        elif kind == CARDS:
            if player is not None:
                if player in cards.card_holders(tournament):
                    add(kind, player=player)
            elif not public and cards.card_holders(tournament):
                add(kind)
    return found


def find(tournament: Tournament, file_name: str, *, public: bool = False) -> Document | None:
    card = CARD_FILE.search(file_name)
    found = (
        available(tournament, what=CARDS, player=int(card[1]), public=public)
        if card
        else available(tournament, public=public)
    )
    return next((doc for doc in found if doc.file_name(tournament.slug) == file_name), None)


def render(
    tournament: Tournament,
    document: Document,
    width: int = braille.PAGE_WIDTH,
    height: int = braille.PAGE_LINES,
    base_url: str | None = None,
    *,
    staff: bool = False,
) -> bytes:
    """The file's bytes. Braille raises ``braille.BrailleUnavailable`` without liblouis.
    Score sheets of a confirmed game carry each table's link as a QR code, at the address the
    phones reach (``tournament.addresses.phones_address``: the tournament's setting, else
    ``DJANGO_SITE_URL``, else ``base_url``, the address the organiser's browser used), with a
    warning in words where that address is a loopback one or not set. ``staff`` (the
    organiser's downloads and the ``print`` command) adds what only the staff reads:
    sanctions' reasons; the public downloads leave it out."""
    from . import pdf  # reportlab where a PDF is made: a fifth of a second at every start-up

    if document.what == SHEETS:
        if document.game is None:
            return pdf.score_sheets([documents.blank_sheet(tournament)])
        game = _game(tournament, document)
        links.issue_table_links(game=game)
        phones = phones_address(tournament, base_url)
        by_table = {
            row.table: row
            for row in links.game_links(game, lambda link: table_url(link, phones.url))
        }
        return pdf.score_sheets(documents.game_sheets(game, by_table, phones.warning))
    if document.what == CERTIFICATES:
        return pdf.certificates(documents.results(tournament, staff=staff).awards())
    if document.what == CEREMONY:  # the staff's only (``available``)
        handout = documents.ceremony(tournament)
        if document.format == LARGE_PDF:
            return pdf.large_ceremony(handout)
        lines = text.ceremony_lines(handout)
        if document.format == BRF:
            return braille.brf(lines, width, height)
        return braille.unicode_text(lines, width).encode("utf-8")
    to_large = pdf.large_standings
    if document.what == SEATING:
        value = documents.seating(_game(tournament, document))
        to_pdf, to_lines = pdf.seating, text.seating_lines
    elif document.what == STANDINGS:
        value = documents.stage_standings(tournament, document.stage, staff=staff)
        to_pdf, to_lines = pdf.standings, text.standings_lines
    elif document.what == CARDS:
        value = documents.player_cards(tournament, document.player, staff=staff)
        to_pdf, to_lines, to_large = pdf.player_cards, text.card_lines, pdf.large_player_cards
    else:
        value = documents.results(tournament, staff=staff)
        to_pdf, to_lines = pdf.results, text.results_lines
    if document.format == PDF:
        return to_pdf(value)
    if document.format == LARGE_PDF:
        return to_large(value)
    if document.format == HTML:
        return twin.html(document, value)
    if document.format == BRF:
        return braille.brf(to_lines(value), width, height)
    return braille.unicode_text(to_lines(value), width).encode("utf-8")


def _game(tournament: Tournament, document: Document) -> Game:
    return Game.objects.select_related("stage__tournament").get(
        stage__tournament=tournament, stage__kind=document.stage, number=document.game
    )
