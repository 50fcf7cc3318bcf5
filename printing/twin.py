"""The accessible twin of a public PDF: the same document as a web page (reportlab writes no
tagged PDF, so a screen reader cannot follow the PDF's headings and tables). Headings, tables
with a caption, column headers and a row header, the page's language, and Czech names marked
Czech on a page in another language. Built from the values of ``printing.documents``, like the
PDF and the Braille."""

from dataclasses import dataclass, field

from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournament.czech import cs, with_czech
from ui.labels import sight_label

from .documents import (
    PlayerCards,
    Results,
    Seating,
    StageStandings,
    card_game_note,
    card_player_line,
    card_round_columns,
    card_round_note,
    card_sanction_lines,
    card_stage_lines,
    card_title,
    closed_word,
    expelled_line,
    lot_words,
    quota_line,
    round_label,
    row_note,
    standing_figures,
    standings_columns,
    standings_game,
)


@dataclass
class TwinTable:
    caption: str
    columns: list[str]
    rows: list[list]
    header_column: int  # the column whose cells head their rows (the name)
    czech_columns: frozenset[int] = frozenset()  # names: Czech on every page


@dataclass
class Section:
    heading: str
    lines: list[str] = field(default_factory=list)
    tables: list[TwinTable] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    level: int = 2  # the heading's level: 3 for a part of the section before it


def _place(row) -> str:
    return f"{row.rank}.{'*' if row.shared else ''}"


def starts_sentence() -> str:
    return _("Seats are numbered clockwise. The game's first round starts: %(player)s")


def _standings_sections(stage: StageStandings) -> list[Section]:
    sections = []
    for name, standing in stage.categories:
        section = Section(name[:1].upper() + name[1:])
        if standing.title and standing.champion:
            section.lines.append(cs(f"{standing.title}: {standing.champion.name}"))
        if standing.quota is not None:
            section.lines.append(quota_line(stage, standing.quota))
        section.tables.append(
            TwinTable(
                _("Standings: %(stage)s, %(category)s") % {"stage": stage.stage, "category": name},
                [*standings_columns(standings_game(stage)), _("Note")],
                [
                    [
                        _place(row),
                        row.player.number,
                        row.player.name,
                        *standing_figures(row),
                        row_note(row) or "–",
                    ]
                    for row in standing.rows
                ],
                header_column=2,
                czech_columns=frozenset({2}),
            )
        )
        if standing.expelled:
            section.after.append(_("Not ranked:"))
            section.after += [expelled_line(row) for row in standing.expelled]
        sections.append(section)
    return sections


def _standings(stage: StageStandings) -> dict:
    lines = []
    if stage.in_progress:
        lines.append(
            _("Provisional: the stage is still being played (%(state)s).")
            % {"state": stage.progress_note}
        )
    return {
        "title": _("Standings: %(stage)s") % {"stage": stage.stage},
        "lines": lines,
        "sections": _standings_sections(stage),
        "after": [_("* shared rank (equal in every tie-break).")],
        "lot_records": [stage.lot_record] if stage.lot_record else [],
    }


def _results(summary: Results) -> dict:
    sections = []
    for stage in summary.finals:
        if stage.in_progress:
            sections.append(
                Section(
                    stage.stage,
                    [
                        _("%(stage)s: not over yet (%(state)s); no place is decided.")
                        % {"stage": stage.stage, "state": stage.progress_note}
                    ],
                )
            )
            continue
        for name, standing in stage.categories:
            label = stage.stage if len(stage.categories) == 1 else f"{stage.stage}, {name}"
            section = Section(label)
            if standing.title and standing.champion:
                section.lines.append(cs(f"{standing.title}: {standing.champion.name}"))
            if standing.undecided_podium:
                section.lines.append(_("A tie on the podium waits for the referee's lot."))
            section.tables.append(
                TwinTable(
                    label,
                    [_("Place"), _("Name"), _("No."), _("Points"), _("Note")],
                    [
                        [
                            f"{row.medal}.",
                            row.player.name,
                            row.player.number,
                            row.points,
                            lot_words() if row.by_lot else "–",
                        ]
                        for row in standing.rows
                        if row.medal is not None
                    ],
                    header_column=1,
                    czech_columns=frozenset({1}),
                )
            )
            sections.append(section)
    if summary.expelled:
        sections.append(
            Section(
                _("Expelled from the tournament:").rstrip(":"),
                [expelled_line(row) for row in summary.expelled],
            )
        )
    if summary.teams:
        heading = _("Teams") if summary.teams_over else _("Teams (provisional order)")
        sections.append(
            Section(
                heading,
                tables=[
                    TwinTable(
                        heading,
                        [_("Rank"), _("Team"), _("Points"), _("Counted players"), _("Note")],
                        [
                            [
                                f"{team.rank}.",
                                team.team,
                                team.points,
                                ", ".join(player.name for player in team.counted),
                                lot_words() if team.by_lot else "–",
                            ]
                            for team in summary.teams
                        ],
                        header_column=1,
                        czech_columns=frozenset({1, 3}),
                    )
                ],
            )
        )
    return {
        "title": _("Results"),
        "lines": [],
        "sections": sections,
        "after": [],
        "lot_records": summary.lot_records,
    }


def _seating(plan: Seating) -> dict:
    where = _("%(stage)s, game %(game)s") % {"stage": plan.stage, "game": plan.game}
    sections = [
        Section(
            _("By name"),
            tables=[
                TwinTable(
                    _("Seating by name: %(where)s") % {"where": where},
                    [_("Name"), _("No."), _("Table"), _("Seat")],
                    [
                        [row.player.name, row.player.number, row.table, row.seat]
                        for row in plan.by_name()
                    ],
                    header_column=0,
                    czech_columns=frozenset({0}),
                )
            ],
        )
    ]
    for table, rows in plan.tables().items():
        starter = next(row.player for row in rows if row.starts)
        sections.append(
            Section(
                _("Table %(number)s") % {"number": table},
                [with_czech(starts_sentence(), player=f"{starter.number}. {starter.name}")],
                [
                    TwinTable(
                        _("Table %(number)s, seats clockwise") % {"number": table},
                        [_("Seat"), _("Name"), _("No."), _("Sight class")],
                        [
                            [row.seat, row.player.name, row.player.number]
                            + [sight_label(row.player.sight_class)]
                            for row in rows
                        ],
                        header_column=1,
                        czech_columns=frozenset({1}),
                    )
                ],
            )
        )
    return {
        "title": _("Seating: %(where)s") % {"where": where},
        "lines": [],
        "sections": sections,
        "after": [],
        "lot_records": [],
    }


def _cards(cards: PlayerCards) -> dict:
    """A section per player, a part per stage: its rounds game by game, each game's total a
    row of its own, then the stage's total and the place in words."""
    sections = []
    single = len(cards.cards) == 1  # its title is the page's h1, its stages the h2s
    player_lines = []
    for card in cards.cards:
        lines = [card_player_line(card, html=True)]
        if card.sanctions:
            lines += [_("Sanctions:"), *card_sanction_lines(card)]
        if single:
            player_lines = lines
        else:
            sections.append(Section(card_title(card, html=True), lines))
        for stage in card.stages:
            label = stage.name
            rows = []
            for game in stage.games:
                rows += [
                    [
                        game.number,
                        round_label(card_round),
                        card_round.table,
                        card_round.deal,
                        card_round.laid,
                        card_round.unused,
                        closed_word(card_round),
                        card_round.score,
                        card_round_note(card_round, card.player.feminine) or "–",
                    ]
                    for card_round in game.rounds
                ]
                rows.append(
                    [
                        game.number,
                        _("game %(number)s total") % {"number": game.number},
                        ", ".join(map(str, game.tables)),
                        "",
                        "",
                        "",
                        game.closes,
                        game.points,
                        card_game_note(game),
                    ]
                )
            tables = []
            if rows:
                tables.append(
                    TwinTable(
                        with_czech(
                            _("%(player)s: every round in the %(stage)s")
                            % {"player": "%(player)s", "stage": label},
                            player=card.player.name,
                        ),
                        card_round_columns(card.player.feminine),
                        rows,
                        header_column=1,
                    )
                )
            sections.append(
                Section(
                    label[:1].upper() + label[1:],
                    tables=tables,
                    after=card_stage_lines(stage),
                    level=2 if single else 3,
                )
            )
    title = card_title(cards.cards[0]) if len(cards.cards) == 1 else _("Players' cards")
    return {
        "title": title,
        # the h1: the name marked Czech (the page's <title> takes no mark)
        "title_html": card_title(cards.cards[0], html=True) if single else title,
        "lines": player_lines,
        "sections": sections,
        "after": [],
        "lot_records": [],
    }


def html(document, value) -> bytes:
    """The twin of ``document`` (seating, standings, results or cards) as a whole HTML
    page."""
    if isinstance(value, PlayerCards):
        content, heading = _cards(value), value.heading
    elif isinstance(value, Seating):
        content, heading = _seating(value), value.heading
    elif isinstance(value, StageStandings):
        content, heading = _standings(value), value.heading
    else:
        content, heading = _results(value), value.heading
    language = (get_language() or "cs").split("-")[0]
    return render_to_string(
        "printing/twin.html",
        {**content, "heading": heading, "language": language, "czech": language == "cs"},
    ).encode("utf-8")
