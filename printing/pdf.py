"""The printouts as PDF (reportlab), in DejaVu Sans shipped in ``printing/fonts``: reportlab's
built-in fonts lose ř, ě, ů, ď, ť and ň. Every function takes the plain values of
``printing.documents`` and returns the bytes of one PDF file.
"""

import io
import math
import unicodedata
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Circle, Drawing, String
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from tournament.characters import refused_character
from ui.labels import sight_label

from . import glyphs
from .documents import (
    Award,
    CeremonyHandout,
    PlayerCard,
    PlayerCards,
    Results,
    Seating,
    StageStandings,
    TableSheet,
    card_game_note,
    card_player_line,
    card_round_columns,
    card_round_note,
    card_sanction_lines,
    card_stage_lines,
    card_title,
    closed_word,
    expelled_line,
    figure_columns,
    lot_record_line,
    lot_words,
    quota_line,
    row_note,
    scrabble_sheet_columns,
    standing_figures,
    standings_columns,
    standings_game,
)

FONTS = Path(__file__).resolve().parent / "fonts"
FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
LARGE_PRINT = 18  # pt: the seating list for low-vision players (at least 18 pt)


@cache
def register_fonts() -> None:
    pdfmetrics.registerFont(TTFont(FONT, FONTS / "DejaVuSans.ttf"))
    pdfmetrics.registerFont(TTFont(BOLD, FONTS / "DejaVuSans-Bold.ttf"))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


@cache
def style(size: float = 10, bold: bool = False, **extra) -> ParagraphStyle:
    register_fonts()
    return ParagraphStyle(
        f"s{size}{bold}",
        fontName=BOLD if bold else FONT,
        fontSize=size,
        leading=size * 1.25,
        **extra,
    )


def printable(value) -> str:
    """A text as the font can print it with a text layer readers can extract: a character no
    name may hold (``tournament.characters``: recorded before that rule, or in a text that is no
    name) becomes a space when it is a control or line break, else U+FFFD."""
    value = str(value)
    if all(refused_character(character) is None for character in value):
        return value
    return "".join(
        character
        if refused_character(character) is None
        else " "
        if unicodedata.category(character) in ("Cc", "Zl", "Zp")
        else glyphs.REPLACEMENT
        for character in value
    )


def text(value, size: float = 10, bold: bool = False, **extra) -> Paragraph:
    """A paragraph of plain text (escaped: names may hold <, > or &)."""
    escaped = printable(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return Paragraph(escaped, style(size, bold, **extra))


def grid(size: float = 10, header_rows: int = 1, extra=()) -> TableStyle:
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, size),
            ("FONT", (0, 0), (-1, header_rows - 1), BOLD, size),
            ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.Color(0.9, 0.9, 0.9)),
            *extra,
        ]
    )


CELL_PADDING = 6  # reportlab's default left and right padding of a table cell, in points
MARGINS = 15 * mm
FRAME_PADDING = 6  # reportlab's default padding of a page's frame, each side
FRAME_WIDTH = A4[0] - 2 * MARGINS - 2 * FRAME_PADDING  # what a table may take on a page


def heading(label: str, size: float) -> Paragraph:
    """A column heading: bold, wrapped between words and never inside one."""
    return text(label, size, True, splitLongWords=0)


def longest_word(label: str, font: str, size: float) -> float:
    register_fonts()
    return max((pdfmetrics.stringWidth(word, font, size) for word in label.split()), default=0)


def fitted(
    widths: list[float],
    labels: list[str],
    size: float,
    flexible: int,
    frame: float = FRAME_WIDTH,
) -> list[float]:
    """Column widths in which every heading's longest word fits, whatever the language: a
    column that needs more takes it from the ``flexible`` one (the names), and the table stays
    within the page's frame."""
    needed = [
        max(width, math.ceil(longest_word(label, BOLD, size)) + 2 * CELL_PADDING)
        for width, label in zip(widths, labels, strict=True)
    ]
    needed[flexible] -= sum(needed) - min(sum(widths), frame)
    return needed


def build(
    story,
    *,
    title: str,
    pagesize=A4,
    footer: str = "",
    margins: float = MARGINS,
    footer_size: float = 8,
) -> bytes:
    register_fonts()
    out = io.BytesIO()

    def decorate(canvas, doc):
        canvas.saveState()
        canvas.setFont(FONT, footer_size)
        page = _("page %(number)s") % {"number": doc.page}
        canvas.drawRightString(
            pagesize[0] - margins, margins / 2, printable(f"{footer}   {page}".strip())
        )
        canvas.restoreState()

    document = SimpleDocTemplate(
        out,
        pagesize=pagesize,
        title=title,
        author="Syllabatim",
        lang="cs",
        initialFontName=FONT,
        leftMargin=margins,
        rightMargin=margins,
        topMargin=margins,
        bottomMargin=margins,
    )
    document.build(story, onFirstPage=decorate, onLaterPages=decorate)
    return out.getvalue()


# Score sheets --------------------------------------------------------------------------------


def _sheet_story(sheet: TableSheet) -> list:
    head = sheet.heading
    if sheet.blank and sheet.scrabble:
        where = _("Round: ____  Board: ____")
    elif sheet.blank:
        where = _("Stage: ________  Game: ____  Table: ____")
    else:
        where = _("%(stage)s, game %(game)s, table %(table)s") % {
            "stage": sheet.stage,
            "game": sheet.game,
            "table": sheet.table,
        }
    story = [
        text(head.tournament, 14, True),
        text(_("Score sheet: %(where)s") % {"where": where}, 12, True),
        Spacer(0, 2 * mm),
    ]
    if sheet.link_url:
        story += [_link_block(sheet), Spacer(0, 2 * mm)]
    labels = [_("Seat"), _("No."), _("Name"), _("Sight class")]
    seats = [[heading(label, 10) for label in labels]]
    seats += [
        [str(index), seat.number or "", text(seat.name), text(seat.sight)]
        for index, seat in enumerate(sheet.seats, start=1)
    ]
    widths = fitted([14 * mm, 14 * mm, 110 * mm, 40 * mm], labels, 10, flexible=2)
    story.append(Table(seats, colWidths=widths, style=grid()))
    story.append(Spacer(0, 3 * mm))
    columns = [_("Player"), _("Laid"), _("Unused"), _("Closed"), _("Round score"), _("Total")]
    widths = [70 * mm, 20 * mm, 20 * mm, 20 * mm, 25 * mm, 25 * mm]
    size = 8
    if sheet.poker:  # Slovní poker: a deal's result is the word's points minus the hand's
        columns = [
            _("Player"),
            _("Word's points"),
            _("Points left in hand"),
            _("Deal result"),
            _("Total"),
        ]
        widths = [72 * mm, 28 * mm, 30 * mm, 25 * mm, 25 * mm]
    elif sheet.columns:  # a club rule set's columns, before the round score
        columns[4:4] = sheet.columns
        if len(sheet.columns) > 2:  # Syllabatim 2: words, longest, action cards, ×2, ÷2
            size = 7  # eleven columns fit the page's width only in smaller headings
            widths = [40, 17, 18.2, 13.1, 10.3, 15.5, 12, 12, 12, 11.3, 17.4]
        else:  # the casual scoring: words, longest
            widths = [60, 19, 20.2, 14.4, 11.1, 17.1, 14, 19.2]
        widths = [width * mm for width in widths]
    if sheet.scrabble:  # one game: score, tiles left, went out, the final score
        columns = scrabble_sheet_columns()
        widths = [width * mm for width in (62, 32, 32, 26, 28)]
    widths = fitted(widths, columns, size, flexible=0)
    for game_round in sheet.rounds:
        if sheet.scrabble:
            title = _("The game: seven tiles each; who starts is drawn with the tiles")
        elif game_round.number is None:
            title = _("Round ____ , ____ cards, starts: ______________________")
        else:
            title = ngettext(
                "Round %(number)s: %(cards)s card, %(player)s starts",
                "Round %(number)s: %(cards)s cards, %(player)s starts",
                game_round.deal,
            ) % {
                "number": game_round.number,
                "cards": game_round.deal,
                "player": game_round.starter.name,
            }
        rows = [[heading(label, size) for label in columns]] + [
            [text(f"{seat.number}. {seat.name}" if seat.number else "", 10 if size == 8 else 8)]
            + [""] * (len(columns) - 1)
            for seat in sheet.seats
        ]
        block = Table(rows, colWidths=widths, rowHeights=[None] + [7 * mm] * len(sheet.seats))
        block.setStyle(grid(9))
        story.append(KeepTogether([text(title, 10, True), Spacer(0, 1 * mm), block]))
        story.append(Spacer(0, 3 * mm))
    signatures = Table(
        [[text(_("Scorekeeper's signature:"), 9), "", text(_("Referee's signature:"), 9), ""]],
        colWidths=[38 * mm, 49 * mm, 38 * mm, 49 * mm],
        rowHeights=[14 * mm],
        style=TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 9),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LINEBELOW", (1, 0), (1, 0), 0.5, colors.black),
                ("LINEBELOW", (3, 0), (3, 0), 0.5, colors.black),
            ]
        ),
    )
    story.append(KeepTogether([signatures]))
    return story


def _server(url: str) -> str:
    """The server's part of an address (the link's secret stays in the QR code)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _link_block(sheet: TableSheet) -> Table:
    """The table's address as a QR code, its short code beside it (scorekeeper's phone)."""
    size = 30 * mm
    qr = QrCodeWidget(sheet.link_url, barLevel="M")
    left, bottom, right, top = qr.getBounds()
    scale = [size / (right - left), 0, 0, size / (top - bottom), 0, 0]
    code = Drawing(size, size, transform=scale, initialFontName=FONT)
    code.add(qr)
    words = [
        text(_("Enter the rounds on a phone: scan the code."), 10, True),
        text(_("Table link code: %(code)s") % {"code": sheet.link_code}, 12, True),
        text(_("Only for this table and game; keep it at the table."), 8),
        text(_("The phone opens the server at %(url)s") % {"url": _server(sheet.link_url)}, 8),
    ]
    if sheet.link_warning:
        words.append(text(_("Warning:") + " " + sheet.link_warning, 8, True))
    return Table(
        [[code, words]],
        colWidths=[size + 4 * mm, None],
        style=TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 10),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (0, 0), 0),
            ]
        ),
    )


def score_sheets(sheets: list[TableSheet]) -> bytes:
    """Each table's sheet starts on a new page."""
    story = []
    for index, sheet in enumerate(sheets):
        if index:
            story.append(PageBreak())
        story += _sheet_story(sheet)
    title = _("Score sheets") if sheets else ""
    head = sheets[0].heading.tournament if sheets else ""
    return build(story, title=f"{title} – {head}", footer=head)


# Seating -------------------------------------------------------------------------------------


class TablePlan(Drawing):
    """A table drawn as a circle with its seats clockwise from the top; the player who starts
    round 1 is marked with a double ring."""

    def __init__(self, rows, width: float, height: float):
        super().__init__(width, height, initialFontName=FONT)
        cx, cy = width / 2, height / 2
        radius = 32 * mm
        self.add(Circle(cx, cy, radius, strokeWidth=2, fillColor=colors.Color(0.95, 0.95, 0.95)))
        count = len(rows)
        for index, row in enumerate(rows):
            angle = math.pi / 2 - 2 * math.pi * index / count  # clockwise from the top
            cos, sin = math.cos(angle), math.sin(angle)
            sx, sy = cx + radius * cos, cy + radius * sin
            self.add(Circle(sx, sy, 6 * mm, fillColor=colors.white, strokeWidth=1.5))
            if row.starts:
                self.add(Circle(sx, sy, 8 * mm, fillColor=None, strokeWidth=3))
            self.add(
                String(
                    sx,
                    sy - 2.5 * mm,
                    str(row.seat),
                    fontName=BOLD,
                    fontSize=14,
                    textAnchor="middle",
                )
            )
            # The label beside the seat: to the right of seats on the right, and so on.
            anchor = "start" if cos > 0.3 else "end" if cos < -0.3 else "middle"
            lx = cx + (radius + 12 * mm) * cos
            ly = cy + (radius + 14 * mm) * sin
            detail = _("No. %(number)s, %(sight)s") % {
                "number": row.player.number,
                "sight": sight_label(row.player.sight_class),
            }
            self.add(
                String(
                    lx,
                    ly + 1 * mm,
                    printable(row.player.name),
                    fontName=BOLD,
                    fontSize=13,
                    textAnchor=anchor,
                )
            )
            self.add(
                String(lx, ly - 4.5 * mm, detail, fontName=FONT, fontSize=10, textAnchor=anchor)
            )
            if row.starts:
                self.add(
                    String(
                        lx,
                        ly - 9.5 * mm,
                        _("starts the game's first round"),
                        fontName=BOLD,
                        fontSize=10,
                        textAnchor=anchor,
                    )
                )


def seating(plan: Seating) -> bytes:
    """The list by name in large print, then each table's plan on a page of its own."""
    register_fonts()
    head = plan.heading
    where = _("%(stage)s, game %(game)s") % {"stage": plan.stage, "game": plan.game}
    story = [
        text(head.tournament, LARGE_PRINT + 2, True),
        text(_("Seating: %(where)s") % {"where": where}, LARGE_PRINT, True),
        Spacer(0, 4 * mm),
    ]
    labels = [_("Name"), _("No."), _("Table"), _("Seat")]
    rows = [[heading(label, LARGE_PRINT) for label in labels]]
    rows += [
        [text(row.player.name, LARGE_PRINT), row.player.number, row.table, row.seat]
        for row in plan.by_name()
    ]
    widths = fitted([100 * mm, 25 * mm, 25 * mm, 25 * mm], labels, LARGE_PRINT, flexible=0)
    listing = Table(rows, colWidths=widths, repeatRows=1)
    listing.setStyle(grid(LARGE_PRINT, extra=[("ALIGN", (1, 0), (-1, -1), "CENTER")]))
    story.append(listing)
    width, height = A4[0] - 30 * mm, A4[1] - 70 * mm
    for table, rows_at in plan.tables().items():
        starter = next(row.player for row in rows_at if row.starts)
        story += [
            PageBreak(),
            text(_("Table %(number)s") % {"number": table}, 32, True, alignment=TA_CENTER),
            text(f"{head.tournament}: {where}", 14, alignment=TA_CENTER),
            text(
                _("Seats are numbered clockwise. The game's first round starts: %(player)s")
                % {"player": f"{starter.number}. {starter.name}"},
                12,
                alignment=TA_CENTER,
            ),
            TablePlan(rows_at, width, height),
        ]
    return build(story, title=f"{_('Seating')} – {where}", footer=f"{head.tournament}, {where}")


# Standings and results -------------------------------------------------------------------------


def _standing_story(stage: StageStandings) -> list:
    head = stage.heading
    story = [
        text(head.tournament, 14, True),
        text(_("Standings: %(stage)s") % {"stage": stage.stage}, 16, True),
    ]
    if stage.in_progress:
        story.append(
            text(
                _("Provisional: the stage is still being played (%(state)s).")
                % {"state": stage.progress_note},
                10,
                True,
            )
        )
    columns = [*standings_columns(standings_game(stage)), ""]
    widths = fitted(
        [14 * mm, 12 * mm, 55 * mm, 17 * mm, 17 * mm, 17 * mm, 12 * mm, 35 * mm],
        columns,
        9,
        flexible=2,
    )
    for name, standing in stage.categories:
        story.append(Spacer(0, 4 * mm))
        story.append(text(name[:1].upper() + name[1:], 12, True))
        if standing.title and standing.champion:
            story.append(text(f"{standing.title}: {standing.champion.name}", 11, True))
        if standing.quota is not None:
            story.append(text(quota_line(stage, standing.quota), 9))
        rows, extra = [[heading(label, 9) for label in columns]], []
        for index, row in enumerate(standing.rows, start=1):
            rank = f"{row.rank}.{'*' if row.shared else ''}"
            rows.append(
                [
                    rank,
                    row.player.number,
                    text(row.player.name, 9),
                    *standing_figures(row),
                    text(row_note(row), 8),
                ]
            )
            if row.first_out:  # the advancement cut: a thick line above the first one out
                extra.append(("LINEABOVE", (0, index), (-1, index), 2.5, colors.black))
            if row.medal is not None or row.advances:
                extra.append(("FONT", (0, index), (1, index), BOLD, 9))
        story.append(Table(rows, colWidths=widths, repeatRows=1, style=grid(9, extra=extra)))
        if standing.expelled:
            story.append(Spacer(0, 2 * mm))
            story.append(text(_("Not ranked:"), 9, True))
            story += [text(expelled_line(row), 9) for row in standing.expelled]
    story.append(Spacer(0, 3 * mm))
    story.append(text(_("* shared rank (equal in every tie-break)."), 8))
    if stage.lot_record:
        story.append(text(lot_record_line(stage.lot_record), 8))
    return story


def standings(stage: StageStandings) -> bytes:
    return build(
        _standing_story(stage),
        title=f"{_('Standings')} – {stage.stage}",
        footer=f"{stage.heading.tournament}, {stage.stage}",
    )


LARGE_FRAME_WIDTH = A4[1] - 2 * MARGINS - 2 * FRAME_PADDING  # A4 landscape


def large_standings(stage: StageStandings) -> bytes:
    """The standings in large print (``LARGE_PRINT``, 18 pt, nothing smaller) on A4 landscape,
    for low-vision players: fewer columns (the start number beside the name, no rounds), the
    same places, notes and cut."""
    head, size = stage.heading, LARGE_PRINT
    story = [
        text(head.tournament, size + 4, True),
        text(_("Standings: %(stage)s") % {"stage": stage.stage}, size + 6, True),
        text(_("Large print, %(size)s pt") % {"size": size}, size),
    ]
    if stage.in_progress:
        story.append(
            text(
                _("Provisional: the stage is still being played (%(state)s).")
                % {"state": stage.progress_note},
                size,
                True,
            )
        )
    columns = [_("Rank"), _("Name"), *figure_columns(standings_game(stage))[:3], ""]
    widths = fitted(
        [24 * mm, 90 * mm, 30 * mm, 34 * mm, 36 * mm, 48 * mm],
        columns,
        size,
        flexible=5,
        frame=LARGE_FRAME_WIDTH,
    )
    for name, standing in stage.categories:
        story += [Spacer(0, 6 * mm), text(name[:1].upper() + name[1:], size + 2, True)]
        if standing.title and standing.champion:
            story.append(text(f"{standing.title}: {standing.champion.name}", size, True))
        if standing.quota is not None:
            story.append(text(quota_line(stage, standing.quota), size))
        rows, extra = [[heading(label, size) for label in columns]], []
        for index, row in enumerate(standing.rows, start=1):
            rows.append(
                [
                    f"{row.rank}.{'*' if row.shared else ''}",
                    text(f"{row.player.name} ({row.player.number})", size),
                    *standing_figures(row)[:3],
                    text(row_note(row), size),
                ]
            )
            if row.first_out:  # the advancement cut: a thick line above the first one out
                extra.append(("LINEABOVE", (0, index), (-1, index), 4, colors.black))
        story.append(Table(rows, colWidths=widths, repeatRows=1, style=grid(size, extra=extra)))
        if standing.expelled:
            story.append(text(_("Not ranked:"), size, True))
            story += [text(expelled_line(row), size) for row in standing.expelled]
    story += [Spacer(0, 4 * mm), text(_("* shared rank (equal in every tie-break)."), size)]
    if stage.lot_record:
        story.append(text(lot_record_line(stage.lot_record), size))
    return build(
        story,
        title=f"{_('Standings')} – {stage.stage} ({_('large print')})",
        pagesize=landscape(A4),
        footer=f"{head.tournament}, {stage.stage}",
        footer_size=size,
    )


def results(summary: Results) -> bytes:
    """For the announcer: the medal places of each final and category, the titles and the
    teams."""
    head = summary.heading
    story = [text(head.tournament, 16, True), text(_("Results"), 14, True)]
    for stage in summary.finals:
        if stage.in_progress:
            story += [
                Spacer(0, 4 * mm),
                text(
                    _("%(stage)s: not over yet (%(state)s); no place is decided.")
                    % {"stage": stage.stage, "state": stage.progress_note},
                    11,
                    True,
                ),
            ]
            continue
        for name, standing in stage.categories:
            label = stage.stage if len(stage.categories) == 1 else f"{stage.stage}, {name}"
            story += [Spacer(0, 4 * mm), text(label, 12, True)]
            if standing.title and standing.champion:
                story.append(text(f"{standing.title}: {standing.champion.name}", 11, True))
            labels = [_("Place"), _("Name"), _("Points")]
            rows = [[heading(label, 10) for label in labels]]
            rows += [
                [
                    f"{row.medal}.",
                    text(
                        f"{row.player.name} ({row.player.number})"
                        + (f", {lot_words()}" if row.by_lot else "")
                    ),
                    row.points,
                ]
                for row in standing.rows
                if row.medal is not None
            ]
            if standing.undecided_podium:
                story.append(text(_("A tie on the podium waits for the referee's lot."), 9))
            widths = fitted([20 * mm, 110 * mm, 25 * mm], labels, 10, flexible=1)
            story.append(Table(rows, colWidths=widths, style=grid()))
    if summary.expelled:
        story += [Spacer(0, 4 * mm), text(_("Expelled from the tournament:"), 11, True)]
        story += [text(expelled_line(row), 9) for row in summary.expelled]
    if summary.teams:
        teams_title = _("Teams") if summary.teams_over else _("Teams (provisional order)")
        story += [Spacer(0, 4 * mm), text(teams_title, 12, True)]
        labels = [_("Rank"), _("Team"), _("Points"), _("Counted players")]
        rows = [[heading(label, 10) for label in labels]]
        rows += [
            [
                f"{team.rank}.",
                text(team.team + (f", {lot_words()}" if team.by_lot else "")),
                team.points,
                text(", ".join(player.name for player in team.counted), 8),
            ]
            for team in summary.teams
        ]
        story.append(
            Table(
                rows,
                colWidths=fitted([15 * mm, 55 * mm, 20 * mm, 90 * mm], labels, 10, flexible=3),
                repeatRows=1,
                style=grid(),
            )
        )
    if summary.lot_records:
        story.append(Spacer(0, 3 * mm))
        story += [text(lot_record_line(url), 8) for url in summary.lot_records]
    return build(story, title=f"{_('Results')} – {head.tournament}", footer=head.tournament)


# Certificates --------------------------------------------------------------------------------


def certificates(awards: list[Award]) -> bytes:
    """One certificate a page, A4 landscape."""
    register_fonts()
    out = io.BytesIO()

    width, height = landscape(A4)
    canvas = Canvas(out, pagesize=(width, height), lang="cs", initialFontName=FONT)
    canvas.setTitle(_("Certificates"))
    middle = width / 2
    for award in awards:
        head = award.heading
        canvas.setLineWidth(3)
        canvas.rect(12 * mm, 12 * mm, width - 24 * mm, height - 24 * mm)
        canvas.setLineWidth(1)
        canvas.rect(15 * mm, 15 * mm, width - 30 * mm, height - 30 * mm)
        canvas.setFont(BOLD, 44)
        canvas.drawCentredString(middle, height - 50 * mm, _("CERTIFICATE"))
        canvas.setFont(FONT, 20)
        canvas.drawCentredString(middle, height - 66 * mm, printable(head.tournament))
        canvas.setFont(BOLD, 34)
        canvas.drawCentredString(middle, height - 95 * mm, printable(award.holder))
        y = height - 106 * mm
        if award.members:  # the team as registered, who counted said in words, no footnote
            canvas.setFont(FONT, 13)
            for line in award.roster_lines:
                canvas.drawCentredString(middle, y, printable(line))
                y -= 6 * mm
            y -= 2 * mm
        canvas.setFont(FONT, 22)
        canvas.drawCentredString(middle, y - 6 * mm, award.place_words)
        if award.title:
            canvas.setFont(BOLD, 26)
            canvas.drawCentredString(middle, y - 22 * mm, award.title)
        canvas.setFont(FONT, 13)
        where = ", ".join(part for part in (head.venue, head.dates) if part)
        canvas.drawString(30 * mm, 38 * mm, printable(where))
        canvas.drawString(30 * mm, 30 * mm, printable(head.organiser))
        canvas.line(width - 110 * mm, 40 * mm, width - 30 * mm, 40 * mm)
        canvas.setFont(FONT, 10)
        canvas.drawCentredString(width - 70 * mm, 34 * mm, _("for the organiser"))
        canvas.showPage()
    canvas.save()
    return out.getvalue()


# The ceremony --------------------------------------------------------------------------------


def large_ceremony(handout: CeremonyHandout) -> bytes:
    """The ceremony's order in large print (nothing under ``LARGE_PRINT``): each place as the
    hall display shows it, kept together on a page."""
    head, size = handout.heading, LARGE_PRINT
    story = [
        text(head.tournament, size + 4, True),
        text(_("The ceremony: the order of the announcement"), size + 6, True),
        text(_("Large print, %(size)s pt") % {"size": size}, size),
    ]
    if handout.note:
        story.append(text(handout.note, size, True))
    for step, reveal in enumerate(handout.reveals, start=1):
        block = [
            Spacer(0, 6 * mm),
            text(f"{step}. {reveal.heading}", size + 2, True),
            text(reveal.place_words, size + 6, True),
            text(reveal.name, size + 10, True),
            text(reveal.points_words, size + 2),
        ]
        if reveal.members:
            block.append(text(", ".join(reveal.members), size))
        if reveal.title:
            block.append(text(reveal.title, size + 4, True))
        story.append(KeepTogether(block))
    return build(
        story,
        title=f"{_('The ceremony')} ({_('large print')})",
        footer=f"{head.tournament}, {_('The ceremony')}",
        footer_size=size,
    )


# Players' cards ------------------------------------------------------------------------------


def _card_story(card: PlayerCard, head, size: float, large: bool) -> list:
    """One player's card: who, the sanctions, then each stage's rounds game by game with each
    game's total (in bold), the stage's total and the place."""
    story = [
        text(head.tournament, size + 2, True),
        text(card_title(card), size + 4, True),
        text(card_player_line(card), size),
    ]
    if card.sanctions:
        story.append(text(_("Sanctions:"), size, True))
        story += [text(line, size) for line in card_sanction_lines(card)]
    columns = card_round_columns(card.player.feminine)
    if large:  # fewer columns in large print: no deal, the table in the game's total
        keep = (0, 1, 4, 5, 6, 7, 8)
        widths = [26 * mm, 36 * mm, 38 * mm, 40 * mm, 30 * mm, 26 * mm, 64 * mm]
        frame = LARGE_FRAME_WIDTH
    else:
        keep = tuple(range(len(columns)))
        widths = [14 * mm, 18 * mm, 12 * mm, 13 * mm, 18 * mm, 20 * mm, 16 * mm, 14 * mm, 55 * mm]
        frame = FRAME_WIDTH
    note_size = size if large else size - 1  # large print: nothing smaller than ``size``
    labels = [columns[i] for i in keep]
    widths = fitted(widths, labels, size, flexible=len(keep) - 1, frame=frame)
    for stage in card.stages:
        story += [
            Spacer(0, 3 * mm),
            text(stage.name[:1].upper() + stage.name[1:], size + 2, True),
        ]
        if stage.games:
            rows, extra = [[heading(label, size) for label in labels]], []
            for game in stage.games:
                for card_round in game.rounds:
                    cells = [
                        game.number,
                        card_round.round,
                        card_round.table,
                        card_round.deal,
                        card_round.laid,
                        card_round.unused,
                        closed_word(card_round),
                        card_round.score,
                        text(card_round_note(card_round, card.player.feminine), note_size),
                    ]
                    rows.append([cells[i] for i in keep])
                best = card_game_note(game)
                tables_words = _("table %(number)s") % {"number": ", ".join(map(str, game.tables))}
                total = [
                    game.number,
                    _("total"),
                    ", ".join(map(str, game.tables)),
                    "",
                    "",
                    "",
                    game.closes,
                    game.points,
                    text(best if not large else f"{tables_words}, {best}", note_size),
                ]
                rows.append([total[i] for i in keep])
                index = len(rows) - 1
                extra += [
                    ("FONT", (0, index), (-1, index), BOLD, size),
                    ("LINEBELOW", (0, index), (-1, index), 1.5, colors.black),
                ]
            story.append(
                Table(
                    rows,
                    colWidths=widths,
                    repeatRows=1,
                    style=grid(
                        size,
                        extra=[
                            *extra,
                            ("TOPPADDING", (0, 0), (-1, -1), 1),
                            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                        ],
                    ),
                )
            )
        story += [text(line, size, True) for line in card_stage_lines(stage)]
    return story


def _cards(cards: PlayerCards, size: float, large: bool) -> list:
    story = []
    for index, card in enumerate(cards.cards):
        if index:
            story.append(PageBreak())
        story += _card_story(card, cards.heading, size, large)
    if not story:
        story.append(text(_("No player has a card yet."), size))
    return story


def _cards_title(cards: PlayerCards) -> str:
    if len(cards.cards) == 1:
        return card_title(cards.cards[0])
    return _("Players' cards")


def player_cards(cards: PlayerCards) -> bytes:
    """A page per player (more only for a player of very many rounds)."""
    return build(
        _cards(cards, 8, large=False),
        title=f"{_cards_title(cards)} – {cards.heading.tournament}",
        footer=cards.heading.tournament,
    )


def large_player_cards(cards: PlayerCards) -> bytes:
    """The same in large print (``LARGE_PRINT``, nothing smaller) on A4 landscape, each player
    from a new page."""
    return build(
        _cards(cards, LARGE_PRINT, large=True),
        title=f"{_cards_title(cards)} ({_('large print')}) – {cards.heading.tournament}",
        pagesize=landscape(A4),
        footer=cards.heading.tournament,
        footer_size=LARGE_PRINT,
    )
