"""What the printouts say, gathered from the database as plain data, each in a fixed number of
queries. Rendering (PDF, Braille, text) works on these values only.

Standings, advancement and medals come from ``scoring.pages`` (the read model the public pages
use too, which asks ``scoring.standings``): a printout never ranks anything itself.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date

from django.utils.html import conditional_escape
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from rules import scrabble, word_poker
from rules.categories import ALL, category_of
from rules.championship import (
    ROUND_NUMBERS,
    TABLE_SIZE_MAX,
    starting_seat,
)
from rules.podium import title
from rules.rulesets import deal_size
from rules.stages import FINAL_A, FINAL_B
from scoring import cards
from scoring.cards import CardGame, CardRound, CardStage, PlayerCard
from scoring.ceremony import Reveal, ceremony_state
from scoring.messages import field_label
from scoring.pages import (
    CategoryStanding,
    ExpelledRow,
    SeatRow,
    StandingRow,
    TeamRow,
    draw_rows,
    stage_page,
    stage_summaries,
    team_page,
)
from tournament.collation import name_key
from tournament.czech import with_czech
from tournament.labels import category_name, stage_label
from tournament.models import Game, RuleSetChoice, Seat, Tournament
from ui.addresses import lot_record_url
from ui.labels import medal_name, sight_label


@dataclass(frozen=True)
class Heading:
    tournament: str
    year: int
    venue: str
    organiser: str
    dates: str  # "5. 3. 2026" or "5.–6. 3. 2026"
    first_day: date


def heading(tournament: Tournament) -> Heading:
    return Heading(
        tournament.name,
        tournament.year,
        tournament.venue,
        tournament.organiser,
        dates_text(tournament.start_date, tournament.end_date),
        tournament.start_date,
    )


def dates_text(first: date, last: date | None) -> str:
    if last is None or last == first:
        return f"{first.day}. {first.month}. {first.year}"
    if (first.year, first.month) == (last.year, last.month):
        return f"{first.day}.–{last.day}. {last.month}. {last.year}"
    return f"{first.day}. {first.month}. {first.year} – {last.day}. {last.month}. {last.year}"


# Score sheets --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetSeat:
    number: int | None  # start number; None on a blank sheet
    name: str
    sight: str


@dataclass(frozen=True)
class SheetRound:
    number: int | None  # None on a blank sheet: filled in by hand
    deal: int | None
    starter: SheetSeat | None


@dataclass(frozen=True)
class TableSheet:
    heading: Heading
    stage: str
    game: int | None
    table: int | None
    seats: list[SheetSeat]
    rounds: list[SheetRound]
    link_url: str | None = None  # the table's address for the scorekeeper's phone (a QR code)
    link_code: str | None = None  # its short code, printed beside the QR code
    link_warning: str = ""  # what is wrong with the address the phones would open, in words
    # what a club rule set's sheet asks besides laid, unused and closed (``rule_columns``)
    columns: tuple[str, ...] = ()
    poker: bool = False  # Slovní poker's sheet: the word's points and the points left in hand
    # a Scrabble board's sheet: one game, its fields in Scrabble's words (``sheet_fields``)
    scrabble: bool = False

    @property
    def blank(self) -> bool:
        return self.table is None


def rule_columns(tournament: Tournament) -> tuple[str, ...]:
    """The score sheet's columns a club rule set asks besides laid, unused and closed: the
    words laid and the longest word's letters; with Syllabatim 2 the action cards kept and the
    printed value of the words "×2" and "÷2" act on."""
    if tournament.rule_set in (
        RuleSetChoice.CHAMPIONSHIP,
        RuleSetChoice.WORD_POKER,
        RuleSetChoice.SCRABBLE,
    ):
        return ()  # Slovní poker's and Scrabble's sheets have columns of their own
    columns = (_("Words"), _("Longest word (letters)"))
    if tournament.rule_set == RuleSetChoice.SYLLABATIM_2:
        columns += (_("Action cards"), _("Word ×2"), _("Word ÷2"))
    return columns


def game_sheets(game: Game, links: dict | None = None, link_warning: str = "") -> list[TableSheet]:
    """A sheet per table of the game (but a Scrabble bye's board of one, which plays no
    game), players in seating order. Two queries. ``links``: table number -> the table's
    link (``scoring.links.LinkRow``), printed as a QR code, with ``link_warning`` beside it
    where the phones could not open its address."""
    stage = game.stage
    head = heading(stage.tournament)
    rounds = list(game.rounds.order_by("position").values_list("position", "number"))
    by_table: dict[tuple[int, int], list[SheetSeat]] = defaultdict(list)
    for table, first, name, number, sight in (
        Seat.objects.filter(game=game)
        .order_by("table__number", "position")
        .values_list(
            "table__number",
            "table__starting_seat",
            "player__name",
            "player__start_number",
            "player__sight_class",
        )
    ):
        by_table[(table, first)].append(SheetSeat(number, name, sight_label(sight)))
    sheets = []
    scrabble = stage.tournament.rule_set == RuleSetChoice.SCRABBLE
    for (table, first), seats in sorted(by_table.items()):
        if scrabble and len(seats) == 1:  # a bye: a win without a game, no sheet to fill in
            continue
        sheet_rounds = [
            SheetRound(
                number,
                deal_size(stage.tournament.rule_set, number),
                seats[starting_seat(first, pos, len(seats))],
            )
            for pos, number in rounds
        ]
        link = (links or {}).get(table)
        sheets.append(
            TableSheet(
                head,
                stage_label(stage.kind, stage.tournament),
                game.number,
                table,
                seats,
                sheet_rounds,
                link_url=link.url if link else None,
                link_code=link.code if link else None,
                link_warning=link_warning if link else "",
                columns=rule_columns(stage.tournament),
                poker=stage.tournament.rule_set == RuleSetChoice.WORD_POKER,
                scrabble=scrabble,
            )
        )
    return sheets


def blank_sheet(tournament: Tournament) -> TableSheet:
    """A sheet to fill in by hand: as many player lines as the largest table, a block for
    every round a game can have; for Slovní poker nine players (the rules' largest table) and
    every deal a game of nine can need (``word_poker.most_deals``, as its draw plans them); a
    Scrabble board's: four player lines (a board of two to four) and its one game."""
    empty = SheetSeat(None, "", "")
    if tournament.rule_set == RuleSetChoice.SCRABBLE:
        return TableSheet(
            heading(tournament),
            "",
            None,
            None,
            [empty] * scrabble.PLAYERS_MAX,
            [SheetRound(None, None, None)],
            scrabble=True,
        )
    seats, rounds = TABLE_SIZE_MAX, len(ROUND_NUMBERS)
    poker = tournament.rule_set == RuleSetChoice.WORD_POKER
    if poker:
        seats = word_poker.PLAYERS_MAX
        rounds = word_poker.most_deals(seats, tournament.rules().end)
    return TableSheet(
        heading(tournament),
        "",
        None,
        None,
        [empty] * seats,
        [SheetRound(None, None, None)] * rounds,
        columns=rule_columns(tournament),
        poker=poker,
    )


# Seating -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seating:
    heading: Heading
    stage: str
    game: int
    rows: list[SeatRow]  # by table and seat

    def by_name(self) -> list[SeatRow]:
        return sorted(self.rows, key=lambda row: name_key(row.player.name))

    def tables(self) -> dict[int, list[SeatRow]]:
        grouped: dict[int, list[SeatRow]] = defaultdict(list)
        for row in self.rows:
            grouped[row.table].append(row)
        return dict(grouped)


def seating(game: Game) -> Seating:
    stage = game.stage
    return Seating(
        heading(stage.tournament),
        stage_label(stage.kind, stage.tournament),
        game.number,
        draw_rows(game),
    )


# Standings and results -------------------------------------------------------------------------


def row_note(row) -> str:
    """What a standings row earned (a medal, the A-final, a lot at the cut) and the player's
    sanctions, in words."""
    notes = []
    if row.medal is not None:
        notes.append(
            _("%(place)s. place, %(medal)s") % {"place": row.medal, "medal": medal_name(row.medal)}
        )
    elif row.advances:
        notes.append(_("advances to the A-final"))
    elif row.undecided:
        notes.append(_("tie at the cut, lot"))
    if row.by_lot:
        notes.append(lot_words())
    notes += row.sanctions
    return "; ".join(notes)


def lot_words() -> str:
    """The mark of a place a recorded lot decided."""
    return _("order decided by lot")


def lot_record_line(url: str) -> str:
    """Where the record of the lots that decided marked places is, in words."""
    return _("Order decided by lot: the lot's record is at %(url)s") % {"url": url}


def lot_record_text(url: str) -> str:
    """The same for Braille, whose Czech table reads "=" and "&" back as other signs: the
    log's address without its query, and the lots named in words."""
    return _("Order decided by lot: the lot's record is in the log at %(url)s, among the lots") % {
        "url": url.split("?", 1)[0]
    }


def quota_line(stage: "StageStandings", quota: int) -> str:
    """How many advance: a fact once the qualifier is over, a rule while it is played."""
    if stage.in_progress:
        sentence = ngettext(
            "when the qualifier is over, the best %(quota)s will go to the A-final",
            "when the qualifier is over, the best %(quota)s will go to the A-final",
            quota,
        ) % {"quota": quota}
        return sentence[:1].upper() + sentence[1:] + "."
    return ngettext(
        "%(count)s advances to the A-final.", "%(count)s advance to the A-final.", quota
    ) % {"count": quota}


def standings_columns(game: bool | str = False) -> list[str]:
    """The columns of a printed standings list, as the PDF and its accessible twin head them;
    ``game`` (``standings_game``; true: Slovní poker): Slovní poker's, games and deals won in
    place of closes and the best round; Scrabble's, wins, spread and the sum of scores."""
    return [_("Rank"), _("No."), _("Name"), *figure_columns(game)]


def figure_columns(game: bool | str = False) -> list[str]:
    if game == RuleSetChoice.SCRABBLE:
        return [_("Wins"), _("Spread"), _("Sum of scores"), _("Games")]
    if game:
        return [_("Games won"), _("Deals won"), _("Points"), _("Deals played")]
    return [_("Points"), _("Closes"), _("Best round"), _("Rounds")]


def standing_figures(row: StandingRow) -> list:
    """A row's figures in the order of ``figure_columns``."""
    if row.half_wins is not None:
        return [row.wins, row.spread, row.points, row.rounds]
    if row.games_won is not None:
        return [row.games_won, row.deals_won, row.points, row.rounds]
    return [row.points, row.closes, row.best_round, row.rounds]


def standings_game(stage) -> str:
    """Whose figures a stage's standings have: Slovní poker's (``word_poker``), Scrabble's
    (``scrabble``) or the points' (empty)."""
    if plays_poker(stage):
        return RuleSetChoice.WORD_POKER
    rows = (row for _name, standing in stage.categories for row in standing.rows)
    return RuleSetChoice.SCRABBLE if any(row.half_wins is not None for row in rows) else ""


def scrabble_sheet_columns() -> list[str]:
    """A Scrabble board's sheet: each player's score when play stopped, the tiles left, went
    out, and the final score (the end of the game applied)."""
    return [
        _("Player"),
        field_label("laid", RuleSetChoice.SCRABBLE),
        field_label("unused", RuleSetChoice.SCRABBLE),
        field_label("closed", RuleSetChoice.SCRABBLE),
        _("Final score"),
    ]


def plays_poker(stage) -> bool:
    """Whether a stage's standings are Slovní poker's (their rows count games won)."""
    return any(
        row.games_won is not None for _name, standing in stage.categories for row in standing.rows
    )


def expelled_line(row: ExpelledRow) -> str:
    """An expelled player in words; the reason only in the staff's documents."""
    line = f"{row.player.number}. {row.player.name}: {row.words}"
    return f"{line} ({row.reason})" if row.reason else line


@dataclass(frozen=True)
class StageStandings:
    heading: Heading
    kind: str
    stage: str
    categories: list[tuple[str, CategoryStanding]]  # (category's name, standing)
    in_progress: bool  # not over: a provisional order, no places decided
    progress_note: str = ""  # "provisional standings after game 2 of 5"
    lot_record: str = ""  # the record of the lots that decided places (an address), if any


def stage_standings(tournament: Tournament, kind: str, *, staff: bool = False) -> StageStandings:
    """A stage's standings list; ``staff`` (the organiser's printouts) adds sanctions'
    reasons, which the public downloads never carry."""
    page = stage_page(tournament, kind, staff=staff)
    return StageStandings(
        heading(tournament),
        kind,
        stage_label(kind, tournament),
        [(category_name(c.category), c) for c in page.categories],
        page.in_progress,
        page.provisional_words if page.in_progress else "",
        lot_record_url(tournament, kind) if page.by_lot else "",
    )


@dataclass(frozen=True)
class Award:
    """One certificate: a place in a category of a stage, or of the teams."""

    heading: Heading
    place: int
    holder: str  # a player's or a team's name
    members: list[tuple[str, bool]]  # a team's roster as registered: (name, counted)
    what: str  # "A-final, B1, blind" / "B-final" / "Teams"
    title: str | None  # "Mistr ČR v Syllabatimu 2026" for the A-final's winners

    @property
    def roster_lines(self) -> list[str]:
        """A team's players: those whose points counted, then the others of the roster."""
        counted = [name for name, counted in self.members if counted]
        others = [name for name, counted in self.members if not counted]
        lines = [_("Scored for the team: %(names)s") % {"names": ", ".join(counted)}]
        if others:
            lines.append(_("Also in the team: %(names)s") % {"names": ", ".join(others)})
        return lines

    @property
    def place_words(self) -> str:
        """The place as the certificate says it: "1. místo: finále A, B1, nevidomí", a team's
        "1. místo v soutěži družstev"."""
        if self.members:
            return _("%(place)s. place in the team competition") % {"place": self.place}
        return _("%(place)s. place: %(what)s") % {"place": self.place, "what": self.what}


@dataclass
class Results:
    heading: Heading
    finals: list[StageStandings] = field(default_factory=list)
    teams: list[TeamRow] = field(default_factory=list)
    teams_over: bool = False
    expelled: list[ExpelledRow] = field(default_factory=list)
    lot_records: list[str] = field(default_factory=list)  # records of lots that decided places

    def awards(self) -> list[Award]:
        """Places 1–3 with a medal (a tie a lot has not split yet gets no certificate)."""
        awards = []
        for stage in self.finals:
            for name, standing in stage.categories:
                what = stage.stage if stage.kind == FINAL_B else f"{stage.stage}, {name}"
                for row in standing.rows:
                    if row.medal is not None:
                        champion = stage.kind == FINAL_A and row.medal == 1
                        awards.append(
                            Award(
                                self.heading,
                                row.medal,
                                row.player.name,
                                [],
                                what,
                                title(self.heading.year, feminine=row.player.feminine)
                                if champion
                                else None,
                            )
                        )
        for team in self.teams:
            if team.medal is not None:
                awards.append(
                    Award(
                        self.heading,
                        team.medal,
                        team.team,
                        [
                            (player.name, player in team.counted)
                            for player in team.members or team.counted
                        ],
                        _("Teams"),
                        None,
                    )
                )
        return awards


def results(tournament: Tournament, *, staff: bool = False) -> Results:
    """The finals' medal places and titles and the teams' order: the announcer's sheet and
    the certificates. ``staff`` as for ``stage_standings``."""
    summary = Results(heading(tournament))
    for kind in (FINAL_A, FINAL_B):
        standings = stage_standings(tournament, kind, staff=staff)
        if standings.categories:
            summary.finals.append(standings)
    teams = team_page(tournament, staff=staff)
    summary.teams, summary.teams_over = teams.rows, teams.over
    summary.lot_records = [
        stage.lot_record
        for stage in summary.finals
        if stage.lot_record
        and not stage.in_progress
        and any(row.by_lot and row.medal for _n, c in stage.categories for row in c.rows)
    ]
    if any(team.by_lot for team in summary.teams):
        summary.lot_records.append(lot_record_url(tournament, "teams"))
    summary.expelled = [
        row for stage in summary.finals for _n, c in stage.categories for row in c.expelled
    ]
    return summary


# When a stage is over ----------------------------------------------------------------------


def finished_stages(tournament: Tournament) -> list[str]:
    """The stages that are over: every planned game complete (``rules.progress``). The public
    downloads hold their standings back until then, as the pages hold back places."""
    return [summary.kind for summary in stage_summaries(tournament) if summary.over]


@dataclass(frozen=True)
class CeremonyHandout:
    """The ceremony's whole sequence (``scoring.ceremony``), for the announcer and for the
    blind and low-vision guests: large print and Braille. The staff's: held results too."""

    heading: Heading
    reveals: list[Reveal]
    note: str = ""  # why the sequence is not complete yet, in words


def ceremony(tournament: Tournament) -> CeremonyHandout:
    state = ceremony_state(tournament)
    return CeremonyHandout(heading(tournament), state.reveals, state.refusal)


# Players' cards --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerCards:
    """The cards of one player or of everybody (``scoring.cards``), a page (or more) each."""

    heading: Heading
    cards: list[PlayerCard]


def player_cards(
    tournament: Tournament, number: int | None = None, *, staff: bool = False
) -> PlayerCards:
    """Every card-holder's card, or ``number``'s; ``staff`` as for ``stage_standings`` (and
    the results held for the announcement)."""
    numbers = None if number is None else [number]
    return PlayerCards(heading(tournament), cards.player_cards(tournament, numbers, staff=staff))


def card_title(card: PlayerCard, *, html: bool = False) -> str:
    """The card's title; for a web page (``html``) its name marked Czech."""
    if card.player.feminine:
        title = pgettext("feminine", "Player's card: %(number)s. %(name)s")
    else:
        title = _("Player's card: %(number)s. %(name)s")
    if html:
        return with_czech(
            title % {"number": card.player.number, "name": "%(name)s"}, name=card.player.name
        )
    return title % {"number": card.player.number, "name": card.player.name}


def card_player_line(card: PlayerCard, *, html: bool = False) -> str:
    """Club, sight class and category in words; for a web page (``html``) the club marked
    Czech."""
    words = _("sight class %(sight)s, category %(category)s") % {
        "sight": sight_label(card.player.sight_class),
        "category": category_of(card.player.sight_class),
    }
    if not card.player.club:
        return conditional_escape(words) if html else words
    if html:
        return with_czech("%(club)s, " + words.replace("%", "%%"), club=card.player.club)
    return f"{card.player.club}, {words}"


def card_sanction_lines(card: PlayerCard) -> list[str]:
    """The player's sanctions in force, in words; the reason only on the staff's cards."""
    lines = []
    for sanction in card.sanctions:
        line = sanction.words()
        line = line[:1].upper() + line[1:]
        lines.append(f"{line} ({sanction.reason})" if sanction.reason else line)
    return lines


def card_round_columns(feminine: bool = False) -> list[str]:
    """The columns of a card's rounds, as the PDF and its accessible twin head them; "closed"
    agrees with the card's player ("Zavřela")."""
    return [
        _("Game"),
        _("Round"),
        _("Table"),
        _("Cards"),
        _("Laid"),
        _("Unused"),
        pgettext("feminine", "Closed") if feminine else _("Closed"),
        _("Score"),
        _("Note"),
    ]


def card_round_note(card_round: CardRound, feminine: bool) -> str:
    """What is unusual about a round: disqualified, a penalty, the game voided, a sheet that
    waits for a confirmation."""
    notes = []
    if card_round.disqualified:
        notes.append(pgettext("feminine", "disqualified") if feminine else _("disqualified"))
    if card_round.penalty:
        notes.append(_("penalty %(penalty)s") % {"penalty": card_round.penalty})
    if card_round.voided:
        notes.append(_("game voided"))
    if card_round.provisional:
        notes.append(_("provisional"))
    return ", ".join(notes)


def closed_word(card_round: CardRound) -> str:
    return _("yes") if card_round.closed else "–"


def round_label(card_round: CardRound) -> str:
    return _("round %(number)s") % {"number": card_round.round}


def points_words(points: int, closes: int, best_round: int) -> str:
    """ "46 bodů, 1 zavření, nejlepší kolo 24"."""
    return (
        ngettext("%(points)s point", "%(points)s points", points) % {"points": points}
        + ", "
        + ngettext("%(count)s close", "%(count)s closes", closes) % {"count": closes}
        + ", "
        + _("best round %(points)s") % {"points": best_round}
    )


def card_game_total(game: CardGame) -> str:
    """A game's total in words ("Partie 1 (stůl 3): 46 bodů, …; po partii 5. místo")."""
    tables = ", ".join(map(str, game.tables))
    total = _("Game %(game)s (table %(tables)s): %(points)s") % {
        "game": game.number,
        "tables": tables,
        "points": points_words(game.points, game.closes, game.best_round),
    }
    return f"{total}; {rank_after(game)}" if game.rank is not None else total


def rank_after(game: CardGame) -> str:
    return _("place after the game: %(rank)s") % {"rank": f"{game.rank}."}


def card_game_note(game: CardGame) -> str:
    """The note of a game's total row: the best round and the place after the game."""
    best = _("best round %(points)s") % {"points": game.best_round}
    return f"{best}; {rank_after(game)}" if game.rank is not None else best


def card_stage_lines(stage: CardStage) -> list[str]:
    """A stage's total and the player's place in its standings, in words; what the public
    reads instead of held results."""
    if stage.held is not None:
        return [stage.held]
    rounds = ngettext("%(count)s round", "%(count)s rounds", stage.rounds) % {"count": stage.rounds}
    lines = [
        _("Total in the %(stage)s: %(points)s, %(rounds)s")
        % {
            "stage": stage.name,
            "points": points_words(stage.points, stage.closes, stage.best_round),
            "rounds": rounds,
        }
    ]
    if stage.row is not None:
        where = {
            "rank": f"{stage.row.rank}.",
            "category": category_name(stage.category),
        }
        if stage.category == ALL:  # the B-final ranks everybody in one list (O)
            place = _("Place: %(rank)s") if stage.over else _("Provisional place: %(rank)s")
        elif stage.over:
            place = _("Place: %(rank)s in %(category)s")
        else:
            place = _("Place in the provisional standings: %(rank)s in %(category)s")
        place %= where
        if stage.row.shared:
            place += " (" + _("shared rank") + ")"
        note = row_note(stage.row)
        lines.append(f"{place}; {note}" if note else place)
        if stage.progress:
            lines.append(stage.progress[:1].upper() + stage.progress[1:] + ".")
    elif stage.expelled is not None:
        lines.append(_("Not ranked: %(words)s") % {"words": stage.expelled.words})
    return lines
