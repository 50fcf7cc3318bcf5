"""Each player's own card, what the referee hands every player after the championship: their
rounds in every game, the totals per game and per stage, closes, best round, places and
sanctions.

A stage's totals and place are the player's row of the stage's standings (``pages.stage_page``,
the read model of the public standings and the printed lists), so a card never ranks or adds
up a stage itself; its rounds are the stored lines scored by the rules' round score, the
voided games of sanctions in force scoring nothing, as ``standings`` scores them. Held
results and the staff's reasons stay out of the public's cards as they stay out of the
public standings; rounds on a sheet that waits for a confirmation are marked, as the
standings mark their players.
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.rulesets import CHAMPIONSHIP, deal_size
from rules.sanctions import Sanction as SanctionData
from rules.sanctions import void, voided_games
from rules.score import RESULT_FIELDS, RoundEntry, entry_of, round_score
from rules.stages import STAGES
from tournament.labels import single_stage, stage_label
from tournament.models import DrawStatus, Seat, Tournament

from .models import RoundResult
from .pages import ExpelledRow, PlayerInfo, StagePage, StandingRow, player_infos, stage_page
from .selectors import (
    SanctionRow,
    sanction_rows,
    seated_by_game,
    tournament_data,
    unconfirmed_sheets,
)
from .standings import ranks_after_games


@dataclass(frozen=True)
class CardRound:
    """One round of the player's, as the sheet holds it and as it counts."""

    game: int
    round: int  # the round's number (its deal), not its place in the game
    table: int
    laid: int
    unused: int
    closed: bool
    disqualified: bool
    penalty: int
    score: int  # as it counts: nothing in a voided game
    closes: bool  # counts as a close
    voided: bool = False  # the player is disqualified from the game (or expelled in it)
    provisional: bool = False  # the sheet waits for a referee's confirmation
    rule_set: str = CHAMPIONSHIP  # the tournament's: it says how many cards the deal is

    @property
    def deal(self) -> int:
        return deal_size(self.rule_set, self.round)


@dataclass(frozen=True)
class CardGame:
    """The player's rounds of one game, in playing order, and their totals."""

    number: int
    rounds: tuple[CardRound, ...]
    rank: int | None = None  # the player's place in their list after the game (None: not ranked)

    @property
    def tables(self) -> tuple[int, ...]:
        return tuple(sorted({r.table for r in self.rounds}))

    @property
    def points(self) -> int:
        return sum(r.score for r in self.rounds)

    @property
    def closes(self) -> int:
        return sum(r.closes for r in self.rounds)

    @property
    def best_round(self) -> int:
        return max((r.score for r in self.rounds), default=0)

    @property
    def provisional(self) -> bool:
        return any(r.provisional for r in self.rounds)


@dataclass(frozen=True)
class CardStage:
    """The player's part of one stage. ``row`` is the player's row of the stage's standings
    (its totals, place, advancement or medal, sanctions in words); None when the player is
    not ranked in it (``expelled``) or the results are held (``held``)."""

    kind: str
    games: tuple[CardGame, ...] = ()
    row: StandingRow | None = None
    category: str | None = None  # the list the place is in ("B1", "VS", "ALL")
    over: bool = False  # the stage is over: places decided
    progress: str = ""  # where an unfinished stage stands, in words
    expelled: ExpelledRow | None = None
    held: str | None = None  # held for the announcement: when they will be announced
    label: str = ""  # the stage's name as its tournament's pages say it ("Turnaj" in a club's)

    @property
    def name(self) -> str:
        return self.label or stage_label(self.kind)

    @property
    def points(self) -> int:
        return self.row.points if self.row else sum(g.points for g in self.games)

    @property
    def closes(self) -> int:
        return self.row.closes if self.row else sum(g.closes for g in self.games)

    @property
    def best_round(self) -> int:
        if self.row:
            return self.row.best_round
        return max((g.best_round for g in self.games), default=0)

    @property
    def rounds(self) -> int:
        return self.row.rounds if self.row else sum(len(g.rounds) for g in self.games)


@dataclass(frozen=True)
class PlayerCard:
    player: PlayerInfo
    stages: tuple[CardStage, ...]
    sanctions: tuple[SanctionRow, ...] = ()  # in force; reasons only on the staff's cards

    @property
    def points(self) -> int:
        """Both days together (qualifier and a final), as the teams count them."""
        return sum(stage.points for stage in self.stages if stage.held is None)


@dataclass(frozen=True)
class CardLine:
    """A stored round line with where it was played (``card_lines``)."""

    player: int
    stage: str
    game: int
    table: int
    round: int
    position: int
    entry: RoundEntry
    sheet: tuple[int, int]  # (table id, round id): the sheet it is on


def card_lines(tournament: Tournament, numbers: Iterable[int] | None = None) -> list[CardLine]:
    """The round lines of the players (all when ``numbers`` is None). One query."""
    results = RoundResult.objects.filter(table__game__stage__tournament=tournament)
    if numbers is not None:
        results = results.filter(player__start_number__in=list(numbers))
    return [
        CardLine(
            number,
            kind,
            game,
            table,
            round_number,
            position,
            entry_of(*values, sc),
            (table_id, round_id),
        )
        for number, kind, game, table, round_number, position, table_id, round_id, *values, sc in (
            results.order_by().values_list(
                "player__start_number",
                "table__game__stage__kind",
                "table__game__number",
                "table__number",
                "round__number",
                "round__position",
                "table_id",
                "round_id",
                *RESULT_FIELDS,
                "rule_score",
            )
        )
    ]


def card_holders(tournament: Tournament) -> set[int]:
    """Who gets a card: the players seated at a table of a confirmed draw. One query."""
    return set(
        Seat.objects.filter(
            game__stage__tournament=tournament, game__draw_status=DrawStatus.CONFIRMED
        ).values_list("player__start_number", flat=True)
    )


def cards(
    *,
    infos: dict[int, PlayerInfo],
    numbers: Iterable[int],
    stages: dict[str, StagePage],
    lines: Iterable[CardLine],
    sanctions: Iterable[SanctionRow],
    pending: set[tuple[int, int]],
    close_bonus: int,
    ranks: dict[tuple[str, int, int], int] | None = None,
    rule_set: str = CHAMPIONSHIP,
    one_stage: bool = False,
) -> list[PlayerCard]:
    """The cards of ``numbers``, by start number, from the stages' standings pages and the
    players' round lines: no database. A held stage (``StagePage.held``) shows no round.
    ``ranks``: each player's place after each game (``standings.ranks_after_games``)."""
    ranks = ranks or {}
    sanctions = list(sanctions)
    voided = voided_games(SanctionData(s.player, s.scope, s.stage, s.game) for s in sanctions)
    by_player: dict[int, dict[str, dict[int, list[CardLine]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list))
    )
    for line in lines:
        by_player[line.player][line.stage][line.game].append(line)
    found = []
    for number in sorted(numbers):
        own = by_player.get(number, {})
        card_stages = []
        for kind in STAGES:
            page = stages.get(kind)
            place = _place(page, number) if page is not None else None
            if kind not in own and place is None:
                continue
            if page is not None and page.held is not None:
                card_stages.append(
                    CardStage(kind, held=page.held, label=stage_label(kind, single=one_stage))
                )
                continue
            games = tuple(
                CardGame(
                    game,
                    tuple(
                        _round(line, (kind, game, number) in voided, pending, close_bonus, rule_set)
                        for line in sorted(played, key=lambda line: line.position)
                    ),
                    ranks.get((kind, game, number)),
                )
                for game, played in sorted(own.get(kind, {}).items())
            )
            row, category = place if place is not None else (None, None)
            card_stages.append(
                CardStage(
                    kind,
                    games,
                    row,
                    category,
                    over=page is not None and page.over,
                    progress=page.provisional_words
                    if page is not None and page.in_progress
                    else "",
                    expelled=_expelled(page, number) if row is None else None,
                    label=stage_label(kind, single=one_stage),
                )
            )
        found.append(
            PlayerCard(
                infos[number],
                tuple(card_stages),
                tuple(s for s in sanctions if s.player == number),
            )
        )
    return found


def _round(
    line: CardLine, voided: bool, pending, close_bonus: int, rule_set: str = CHAMPIONSHIP
) -> CardRound:
    counted = void(line.entry) if voided else line.entry
    return CardRound(
        line.game,
        line.round,
        line.table,
        line.entry.laid,
        line.entry.unused,
        line.entry.closed,
        line.entry.disqualified,
        line.entry.penalty,
        round_score(counted, close_bonus),
        counted.counts_as_close,
        voided,
        line.sheet in pending,
        rule_set,
    )


def _place(page: StagePage, number: int) -> tuple[StandingRow, str] | None:
    for standing in page.categories:
        for row in standing.rows:
            if row.player.number == number:
                return row, standing.category
    return None


def _expelled(page: StagePage | None, number: int) -> ExpelledRow | None:
    if page is None:
        return None
    return next(
        (
            row
            for standing in page.categories
            for row in standing.expelled
            if row.player.number == number
        ),
        None,
    )


def player_cards(
    tournament: Tournament, numbers: Iterable[int] | None = None, *, staff: bool = False
) -> list[PlayerCard]:
    """The cards of the players seated in a confirmed draw, or of ``numbers`` among them (a
    number nobody holds is left out), by start number, in a fixed number of queries whatever
    the field's size. ``staff``: held results and sanctions' reasons too."""
    holders = card_holders(tournament)
    wanted = holders if numbers is None else holders & set(numbers)
    stages = {kind: stage_page(tournament, kind, staff=staff) for kind in STAGES}
    pending: set[tuple[int, int]] = set()
    for page in stages.values():
        if page.stage is not None and page.held is None:
            pending |= unconfirmed_sheets(page.stage)
    sanctions = sanction_rows(tournament)
    if not staff:  # what happened, never why: the reasons are the staff's
        sanctions = [replace(s, reason="", withdrawal_reason="") for s in sanctions]
    return cards(
        infos=player_infos(tournament),
        numbers=wanted,
        stages={kind: page for kind, page in stages.items() if page.stage is not None},
        lines=card_lines(tournament, None if numbers is None else wanted),
        sanctions=sanctions,
        pending=pending,
        close_bonus=tournament.close_bonus_in_force(),
        ranks=ranks_after_games(tournament_data(tournament), seated_by_game(tournament)),
        rule_set=tournament.rule_set,
        one_stage=single_stage(tournament),
    )
