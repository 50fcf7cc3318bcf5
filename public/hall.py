"""The hall display (``/turnaj/<slug>/sal/``): what a projector in the hall shows, chosen by
itself from where the day stands.

``hall_state`` reads the tournament once (a fixed number of queries); ``hall_view`` is a plain
function of that state: it picks the mode and cuts its content into pages that fit a screen
in large print (the display turns them every few seconds). The modes, first match wins
(``CHOOSERS``):

- ``playing``: a game has results: which tables have finished which rounds, who is missing;
- ``seating``: a game is drawn and not started: where everybody sits, alphabetically, and
  the commitment and revealed seed of its draw;
- ``commitment``: a draw's or a lot's commitment is published and waits for the draw;
- ``standings``: between games: the latest stage's standings with the cut (what the public
  pages show, results held for the ceremony excepted), after the lots that decided places;
- ``welcome``: nothing drawn yet.

The ceremony (the organiser reveals places one by one, ``scoring.ceremony``) outranks every
other mode: while a place is revealed (``current_reveal``), the display shows it in large
print, and it follows each of the organiser's moves (a move changes the tournament's revision).

Nothing held back reaches the display: a stage's results held for the ceremony show only when
they will be announced, standings that count a sheet still waiting for a confirmation are not
shown, the progress of a game shows whether a sheet is in, never what it says.
"""

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, Q
from django.utils.translation import gettext as _

from rules.rulesets import SCRABBLE
from rules.stages import TEAMS as LOT_TEAMS
from rules.stages import stage_index
from scoring import pages, publicity
from scoring.ceremony import Reveal, current_reveal
from scoring.models import Lot, Sheet
from scoring.selectors import progress as stage_progress
from tournament.labels import CATEGORY_NAMES, single_stage, stage_label
from tournament.models import Commitment, Game, Table, Tournament
from ui.labels import MEDALS

from .commitments import label as commitment_label

# Rows of a table on one screen in 32 px print at 1280×720 (the root size grows with the
# screen's height, so the same rows fit 1920×1080): the seats have no line above the table.
ROWS_PER_PAGE = 8
SEATS_PER_PAGE = 10
# The standings: a heading and one line above the table, so ten rows of the same size fill the
# screen to the footer (measured: tests/browser/test_hall.py, issue 33 point 11).
STANDINGS_ROWS_PER_PAGE = 10
SEATING = "seating"
PLAYING = "playing"
COMMITMENT = "commitment"
STANDINGS = "standings"
WELCOME = "welcome"
CEREMONY = "ceremony"

# A round's state at one table: its sheet is in (confirmed where the stage needs it), in and
# waiting for the referee's confirmation, or not in yet.
DONE, WAITING, OPEN = "done", "waiting", "open"


@dataclass(frozen=True)
class Decision:
    """A draw's or a lot's commitment as the hall reads it; ``seed`` None while secret."""

    label: str
    commitment: str
    seed: str | None
    published: object = None  # datetime
    drawn: object = None  # datetime
    order: tuple[str, ...] = ()  # a lot: the names (or teams) in the order drawn

    @property
    def commitment_grouped(self) -> str:
        """The hash in groups of eight digits, easier to compare from a distance."""
        return " ".join(self.commitment[i : i + 8] for i in range(0, len(self.commitment), 8))

    @classmethod
    def of(cls, commitment: Commitment, order: tuple[str, ...] = (), tournament=None) -> "Decision":
        return cls(
            commitment_label(commitment, tournament),
            commitment.commitment,
            commitment.revealed_seed,
            commitment.committed_at,
            commitment.used_at,
            order,
        )


@dataclass(frozen=True)
class TableProgress:
    table: int
    rounds: tuple[str, ...]  # DONE, WAITING or OPEN per round, in playing order

    @property
    def finished(self) -> int:
        return sum(1 for state in self.rounds if state == DONE)


@dataclass(frozen=True)
class GameNow:
    """A game being played or about to be (each stage's first incomplete confirmed game)."""

    kind: str
    number: int
    rounds: tuple[int, ...]  # round numbers in playing order
    tables: tuple[TableProgress, ...]
    seats: tuple[pages.SeatRow, ...]
    draw: Decision | None  # the commitment its draw used (seed revealed), if any
    single_stage: bool = False  # a club tournament's one stage, named "turnaj"

    @property
    def label(self) -> str:
        return stage_label(self.kind, single=self.single_stage)

    @property
    def started(self) -> bool:
        return any(state != OPEN for table in self.tables for state in table.rounds)

    @property
    def current_round(self) -> int | None:
        """The first round in playing order that some table has not finished."""
        for position, number in enumerate(self.rounds):
            if any(table.rounds[position] != DONE for table in self.tables):
                return number
        return None

    def missing(self, round_number: int) -> tuple[int, ...]:
        """The tables that have not finished the round (no sheet of it in yet)."""
        position = self.rounds.index(round_number)
        return tuple(t.table for t in self.tables if t.rounds[position] == OPEN)

    def unconfirmed(self, round_number: int) -> tuple[int, ...]:
        """The tables that have entered the round and wait for the referee's confirmation."""
        position = self.rounds.index(round_number)
        return tuple(t.table for t in self.tables if t.rounds[position] == WAITING)


@dataclass(frozen=True)
class HallState:
    """Everything the display may show, read from the database once."""

    tournament: str
    games: tuple[GameNow, ...] = ()
    waiting: tuple[Decision, ...] = ()  # published commitments waiting for their draw
    standings: tuple[pages.StagePage, ...] = ()  # the latest stage(s) with results
    lots: tuple[Decision, ...] = ()  # the lots of those stages, newest first
    reveal: Reveal | None = None  # the place the ceremony shows now (``scoring.ceremony``)
    single_stage: bool = False  # a club tournament's one stage, named "turnaj"


@dataclass(frozen=True)
class Page:
    """One screen: a template part (``kind``) and what it shows."""

    kind: str
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class HallView:
    mode: str
    pages: tuple[Page, ...]
    games: tuple[GameNow, ...] = ()  # the games the mode is about


def chunks(rows: list, size: int = ROWS_PER_PAGE) -> list[list]:
    return [rows[start : start + size] for start in range(0, len(rows), size)] or [[]]


def _numbered(page_kind: str, parts: list[list], **data) -> list[Page]:
    return [
        Page(page_kind, {**data, "rows": rows, "part": index, "parts": len(parts)})
        for index, rows in enumerate(parts, 1)
    ]


def playing(state: HallState) -> HallView | None:
    started = [game for game in state.games if game.started]
    if not started:
        return None
    found = []
    for game in started:
        current = game.current_round
        found += _numbered(
            "progress",
            chunks(list(game.tables)),
            game=game,
            current=current,
            missing=game.missing(current) if current is not None else (),
            unconfirmed=game.unconfirmed(current) if current is not None else (),
        )
    return HallView(PLAYING, tuple(found), tuple(started))


@dataclass(frozen=True)
class SeatLine:
    seat: pages.SeatRow
    kind: str
    game: int
    label: str


def seating(state: HallState) -> HallView | None:
    if not state.games:
        return None
    several = len(state.games) > 1
    lines = sorted(
        (
            SeatLine(seat, game.kind, game.number, game.label)
            for game in state.games
            for seat in game.seats
        ),
        key=lambda line: (line.seat.player.name_key, line.seat.player.number),
    )
    found = _numbered("seats", chunks(lines, SEATS_PER_PAGE), games=state.games, several=several)
    found += [Page("decision", {"decision": game.draw, "game": game}) for game in state.games]
    return HallView(SEATING, tuple(found), state.games)


def commitment(state: HallState) -> HallView | None:
    if not state.waiting:
        return None
    return HallView(COMMITMENT, tuple(Page("decision", {"decision": d}) for d in state.waiting))


@dataclass(frozen=True)
class StandingLine:
    row: pages.StandingRow
    medal: str  # the medal's name, or empty


def standings(state: HallState) -> HallView | None:
    if not state.standings:
        return None
    found = [Page("decision", {"decision": lot}) for lot in state.lots]
    for page in state.standings:
        kind = page.stage.kind
        label = stage_label(kind, single=state.single_stage)
        if page.held:
            found.append(Page("held", {"kind": kind, "label": label, "words": page.held}))
        elif page.has_provisional:  # a sheet waits for its confirmation: nothing until it has it
            found.append(Page("unconfirmed", {"kind": kind, "label": label}))
        else:
            for standing in page.categories:
                lines = [
                    StandingLine(row, str(MEDALS[row.medal]) if row.medal else "")
                    for row in standing.rows
                ]
                found += _numbered(
                    "standings",
                    chunks(lines, STANDINGS_ROWS_PER_PAGE),
                    kind=kind,
                    stage=page,
                    standing=standing,
                    label=_("%(stage)s, %(category)s")
                    % {"stage": label, "category": CATEGORY_NAMES[standing.category]()},
                )
    return HallView(STANDINGS, tuple(found)) if found else None


def welcome(state: HallState) -> HallView:
    return HallView(WELCOME, (Page("welcome"),))


# The modes in order of precedence: the first that has something to show is shown. The
# ceremony's chooser, when it comes, goes first.
def ceremony(state: HallState) -> HallView | None:
    """The ceremony's place on screen, whatever else the day is doing."""
    if state.reveal is None:
        return None
    return HallView(CEREMONY, (Page("reveal", {"reveal": state.reveal}),))


CHOOSERS: tuple[Callable[[HallState], HallView | None], ...] = (
    ceremony,
    playing,
    seating,
    commitment,
    standings,
)


REFRESH = 10  # seconds between the display's questions on an ordinary day
REFRESH_CEREMONY = 1  # while the ceremony runs or may begin: each reveal on screen within 2 s


def refresh_seconds(state: HallState) -> int:
    """How often the display asks for news: every second while a place of the ceremony is on
    screen, or while no game is played and every stage shown is over (the ceremony may begin
    at any moment); else every ``REFRESH`` seconds. An unchanged answer is a cheap 204."""
    if state.reveal is not None:
        return REFRESH_CEREMONY
    if not state.games and state.standings and all(page.over for page in state.standings):
        return REFRESH_CEREMONY
    return REFRESH


def hall_view(state: HallState) -> HallView:
    """What the hall display shows now (the module's docstring lists the modes)."""
    for choose in CHOOSERS:
        view = choose(state)
        if view is not None:
            return view
    return welcome(state)


# Reading the state ------------------------------------------------------------------------


def current_games(tournament: Tournament) -> list[Game]:
    """Each stage's game being played or about to be: the first confirmed game that is not
    complete, of a stage that is not over. Two queries."""
    numbers = {}
    for kind, state in stage_progress(tournament).items():
        if not state.over and state.playing is not None:
            numbers[kind] = state.playing.number
    if not numbers:
        return []
    games = Game.objects.filter(
        stage__tournament=tournament, stage__kind__in=list(numbers), draw_status="confirmed"
    ).select_related("stage", "stage__tournament", "commitment")
    return sorted(
        (game for game in games if numbers[game.stage.kind] == game.number),
        key=lambda game: stage_index(game.stage.kind),
    )


def _games_now(games: list[Game]) -> list[GameNow]:
    """The games' tables and rounds with the state of each sheet, and their seats. Four
    queries whatever the number of games."""
    if not games:
        return []
    required = {game.pk: game.stage.requires_confirmation for game in games}
    rounds = defaultdict(list)
    tables = defaultdict(list)
    # a Scrabble round's bye is a board of one, with no game: nobody waits for its sheet
    boards = Table.objects.annotate(second=Count("seats", filter=Q(seats__position=1)))
    for game in Game.objects.filter(pk__in=list(required)).prefetch_related(
        "rounds", Prefetch("tables", queryset=boards)
    ):
        bye_possible = game.stage.tournament.rule_set == SCRABBLE
        rounds[game.pk] = [(r.pk, r.number) for r in game.rounds.all()]
        tables[game.pk] = sorted(
            (t.number, t.pk) for t in game.tables.all() if t.second or not bye_possible
        )
    sheets = {
        (table, round_): confirmed is not None
        for table, round_, confirmed in Sheet.objects.filter(table__game__in=games).values_list(
            "table_id", "round_id", "confirmed_at"
        )
    }

    def state(game, table, round_) -> str:
        if (table, round_) not in sheets:
            return OPEN
        return DONE if sheets[(table, round_)] or not required[game.pk] else WAITING

    seats = pages.games_draw_rows(games)
    return [
        GameNow(
            game.stage.kind,
            game.number,
            tuple(number for _pk, number in rounds[game.pk]),
            tuple(
                TableProgress(number, tuple(state(game, pk, r) for r, _n in rounds[game.pk]))
                for number, pk in tables[game.pk]
            ),
            tuple(seats[game.pk]),
            Decision.of(game.commitment, tournament=game.stage.tournament)
            if game.commitment_id
            else None,
            single_stage(game.stage.tournament),
        )
        for game in games
    ]


def _latest_stages(tournament: Tournament, standings_of) -> list[pages.StagePage]:
    """The standings of the latest stage played: both finals once either has a result (they
    are played at the same time), else the qualifier."""
    summaries = [s for s in pages.stage_summaries(tournament) if s.has_results]
    if not summaries:
        return []
    if any(stage_index(s.kind) > 0 for s in summaries):
        kinds = [s.kind for s in summaries if stage_index(s.kind) > 0]
    else:
        kinds = [s.kind for s in summaries]
    return [standings_of(kind) for kind in kinds]


def _lots(tournament: Tournament, kinds: list[str], names: dict[int, str]) -> list[Decision]:
    """The lots of the stages shown that used a commitment, newest first. One query."""
    found = []
    for lot in (
        Lot.objects.filter(tournament=tournament, stage__in=kinds, commitment__isnull=False)
        .select_related("commitment")
        .order_by("-drawn_at", "-id")
    ):
        order = tuple(names.get(key, str(key)) for key in lot.order)
        found.append(Decision.of(lot.commitment, order, tournament))
    return found


def _of_held_results(commitment: Commitment, held: dict[str, str]) -> bool:
    """A lot for a tie in results held for the ceremony: its places would tell them (the
    teams' standings are held while any stage is)."""
    if commitment.kind != Commitment.Kind.LOT or not held:
        return False
    scope = commitment.subject.get("scope")
    return scope in held or scope == LOT_TEAMS


def hall_state(tournament: Tournament, standings_of=None) -> HallState:
    """The display's state in a fixed number of queries. ``standings_of(kind)`` gives a
    stage's public standings (``public.live.stage_standings``, computed once per change)."""
    standings_of = standings_of or (lambda kind: pages.stage_page(tournament, kind))
    reveal = current_reveal(tournament)
    if reveal is not None:  # the ceremony: nothing else is shown
        return HallState(tournament.name, reveal=reveal)
    games = _games_now(current_games(tournament))
    single = single_stage(tournament)
    if any(game.started for game in games):  # playing: nothing else is shown
        return HallState(tournament.name, tuple(games), single_stage=single)
    held = publicity.held_results(tournament)
    waiting = tuple(
        Decision.of(c, tournament=tournament)
        for c in Commitment.objects.filter(
            tournament=tournament, used_at__isnull=True, abandoned_at__isnull=True
        ).order_by("committed_at", "id")
        if not _of_held_results(c, held)
    )
    shown = [] if games or waiting else _latest_stages(tournament, standings_of)
    names = {}
    if shown:
        names = {n: info.name for n, info in pages.player_infos(tournament).items()}
    kinds = [page.stage.kind for page in shown if not page.held]
    return HallState(
        tournament.name,
        tuple(games),
        waiting,
        tuple(shown),
        tuple(_lots(tournament, kinds, names)) if kinds else (),
        single_stage=single,
    )
