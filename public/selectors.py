"""Reads for the public pages, each in a fixed number of queries whatever the field's size.

Ranking, advancement, medals and teams come from ``scoring.standings``; this module only
gathers names and states around them.
"""

import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Q

from rules.championship import PODIUM_PLACES, deal_size
from rules.podium import title
from rules.ranking import Ranked
from rules.score import RoundEntry, round_score
from scoring.models import RoundResult, Sheet
from scoring.selectors import RESULT_FIELDS, stage_data, tournament_data, unconfirmed_sheets
from scoring.standings import (
    FINAL_A,
    QUALIFIER,
    STAGES,
    StageData,
    TournamentData,
    podiums,
    qualifier_advancement,
    quota_in_force,
    stage_standings,
    teams,
)
from tournament.models import Game, Player, Round, Seat, Stage, Tournament


@dataclass(frozen=True)
class PlayerInfo:
    number: int
    name: str
    club: str
    sight_class: str


def player_infos(tournament: Tournament) -> dict[int, PlayerInfo]:
    return {
        number: PlayerInfo(number, name, club, sight)
        for number, name, club, sight in Player.objects.filter(tournament=tournament).values_list(
            "start_number", "name", "club", "sight_class"
        )
    }


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player: PlayerInfo
    points: int
    closes: int
    best_round: int
    rounds: int
    shared: bool  # the rank is shared (no chain step or lot split it)
    advances: bool = False  # qualifier: inside the cut
    undecided: bool = False  # qualifier: in a tie across the cut, waiting for a lot
    first_out: bool = False  # the first row below the cut
    medal: int | None = None  # finals: place 1–3
    provisional: bool = False  # some of the player's results wait for a confirmation


@dataclass
class CategoryStanding:
    category: str  # "B1", "VS" or "ALL"
    rows: list[StandingRow]
    quota: int | None = None  # the qualifier's advancement places
    champion: PlayerInfo | None = None  # the A-final's title holder
    title: str | None = None
    undecided_podium: bool = False


@dataclass
class StagePage:
    stage: Stage | None
    categories: list[CategoryStanding] = field(default_factory=list)
    has_results: bool = False
    in_progress: bool = False

    @property
    def has_provisional(self) -> bool:
        return any(row.provisional for standing in self.categories for row in standing.rows)


def provisional_players(stage: Stage) -> set[int]:
    """Start numbers with a result on a sheet that still waits for a confirmation."""
    pending = unconfirmed_sheets(stage)
    if not pending:
        return set()
    tables = {table for table, _round in pending}
    return set(
        Seat.objects.filter(table_id__in=tables).values_list("player__start_number", flat=True)
    )


def stage_progress(stage: Stage) -> tuple[bool, bool]:
    """(has results, in progress): in progress while a confirmed game of the stage misses a
    sheet or a sheet waits for its confirmation. One query."""
    games = (
        Game.objects.filter(stage=stage)
        .annotate(
            tables_count=Count("tables", distinct=True),
            rounds_count=Count("rounds", distinct=True),
            sheets_count=Count("tables__sheets", distinct=True),
            confirmed_count=Count(
                "tables__sheets",
                distinct=True,
                filter=Q(tables__sheets__confirmed_at__isnull=False),
            ),
        )
        .values_list(
            "draw_status", "tables_count", "rounds_count", "sheets_count", "confirmed_count"
        )
    )
    has_results, in_progress = False, False
    for status, tables, rounds, sheets, confirmed in games:
        has_results = has_results or sheets > 0
        if status == "confirmed" and sheets < tables * rounds:
            in_progress = True
        if stage.requires_confirmation and confirmed < sheets:
            in_progress = True
    return has_results, in_progress


def _rows(ranked: list[Ranked], infos, provisional, flags: dict) -> list[StandingRow]:
    """Standing rows; ``flags`` holds each key's extra fields (advances, medal…)."""
    return [
        StandingRow(
            row.rank,
            infos[row.key],
            row.performance.points,
            row.performance.closes,
            row.performance.best_round,
            row.performance.rounds,
            row.shared,
            provisional=row.key in provisional,
            **flags.get(row.key, {}),
        )
        for row in ranked
    ]


def stage_page(tournament: Tournament, kind: str) -> StagePage:
    stage = (
        Stage.objects.select_related("tournament").filter(tournament=tournament, kind=kind).first()
    )
    if stage is None:
        return StagePage(None)
    has_results, in_progress = stage_progress(stage)
    page = StagePage(stage, has_results=has_results, in_progress=in_progress)
    if not has_results:
        return page
    data = stage_data(stage)
    infos = player_infos(tournament)
    provisional = provisional_players(stage)
    standings = stage_standings(data, kind)
    if kind == QUALIFIER:
        advancement = qualifier_advancement(data, standings)
        quota = quota_in_force(data)
        for category, ranked in standings.items():
            result = advancement[category]
            flags = {key: {"advances": True} for key in result.advancing}
            for tie in result.unresolved:
                flags.update({key: {"undecided": True} for key in tie.keys})
            first_out = next((r.key for r in ranked if r.key not in flags), None)
            if flags and first_out is not None:
                flags[first_out] = {"first_out": True}
            page.categories.append(
                CategoryStanding(
                    category, _rows(ranked, infos, provisional, flags), quota=quota[category]
                )
            )
    else:
        for category, podium in podiums(data, kind).items():
            undecided = {key for tie in podium.undecided for key in tie.keys}
            flags = {
                row.key: {"medal": row.rank} for row in podium.places if row.key not in undecided
            }
            standing = CategoryStanding(
                category,
                _rows(standings[category], infos, provisional, flags),
                undecided_podium=bool(podium.undecided),
            )
            if kind == FINAL_A and podium.champion is not None:
                standing.champion = infos[podium.champion]
                standing.title = title(tournament.year)
            page.categories.append(standing)
    return page


@dataclass(frozen=True)
class TeamRow:
    rank: int
    team: str
    points: int
    closes: int
    best_round: int
    counted: list[PlayerInfo]
    shared: bool
    medal: int | None


def team_page(tournament: Tournament) -> list[TeamRow]:
    data = tournament_data(tournament)
    infos = player_infos(tournament)
    rows = teams(data) if data.teams else []
    shared_podium = {row.team for row in rows if row.shared and row.rank <= PODIUM_PLACES}
    return [
        TeamRow(
            row.rank,
            row.team,
            row.points,
            row.closes,
            row.best_round,
            [infos[n] for n in row.counted],
            row.shared,
            row.rank if row.rank <= PODIUM_PLACES and row.team not in shared_podium else None,
        )
        for row in rows
    ]


@dataclass(frozen=True)
class GameNow:
    """A game announced on the public pages: being played now, or the last one played."""

    game: Game
    round: int | None  # the round being played (the first in playing order missing a sheet)

    @property
    def in_play(self) -> bool:
        return self.round is not None


def announced_games(tournament: Tournament) -> list[GameNow]:
    """The games being played now, or about to be: each stage's first confirmed game, in
    playing order, that misses a sheet (the A- and the B-final are played at the same time).
    When no game misses one, the last confirmed game. Draft draws are not public. Two
    queries."""
    games = sorted(
        Game.objects.filter(stage__tournament=tournament, draw_status="confirmed")
        .select_related("stage", "stage__tournament")
        .annotate(tables_count=Count("tables", distinct=True)),
        key=lambda g: (STAGES.index(g.stage.kind), g.number),
    )
    if not games:
        return []
    sheets_by_round = defaultdict(list)
    for game_id, number, sheets in (
        Round.objects.filter(game__in=[g.pk for g in games])
        .annotate(sheets_count=Count("sheets"))
        .order_by("game_id", "position")
        .values_list("game_id", "number", "sheets_count")
    ):
        sheets_by_round[game_id].append((number, sheets))
    playing, stages_seen = [], set()
    for game in games:
        if game.stage.kind in stages_seen:
            continue
        missing = [n for n, sheets in sheets_by_round[game.pk] if sheets < game.tables_count]
        if missing:
            playing.append(GameNow(game, missing[0]))
            stages_seen.add(game.stage.kind)
    return playing or [GameNow(games[-1], None)]


@dataclass(frozen=True)
class SeatRow:
    player: PlayerInfo
    table: int
    seat: int  # 1-based, clockwise
    starts: bool  # starts the game's first round
    starter: PlayerInfo  # who starts the game's first round at the table


def draw_rows(game: Game) -> list[SeatRow]:
    """Where everybody sits in a game, by table and seat. Two queries."""
    return games_draw_rows([game]).get(game.pk, [])


def games_draw_rows(games: list[Game]) -> dict[int, list[SeatRow]]:
    """Where everybody sits in each of the games (by game id), by table and seat. Two queries
    whatever the number of games."""
    if not games:
        return {}
    infos = player_infos(games[0].stage.tournament)
    by_table = defaultdict(list)
    for game_id, table, starting, position, number in (
        Seat.objects.filter(game__in=[g.pk for g in games])
        .order_by("game_id", "table__number", "position")
        .values_list(
            "game_id",
            "table__number",
            "table__starting_seat",
            "position",
            "player__start_number",
        )
    ):
        by_table[(game_id, table)].append((starting, position, number))
    rows = {game.pk: [] for game in games}
    for (game_id, table), sitting in sorted(by_table.items()):
        starter = next(infos[n] for s, p, n in sitting if p == s)
        rows[game_id] += [SeatRow(infos[n], table, p + 1, p == s, starter) for s, p, n in sitting]
    return rows


def folded(text: str) -> str:
    """Text for matching typed names: lower case, without accents ("Kolář" -> "kolar")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def find_seats(rows: list[SeatRow], query: str) -> list[SeatRow]:
    """The rows of the players a reader looks for: by start number ("7", "7.", "č. 7"), or by
    name typed with or without accents, words in any order ("kolar", "Jan Kolář")."""
    query = query.strip()
    digits = query.removeprefix("č.").strip(" .#")
    if digits.isdigit():
        return [row for row in rows if row.player.number == int(digits)]
    words = folded(query).split()
    return [row for row in rows if all(word in folded(row.player.name) for word in words)]


@dataclass(frozen=True)
class PlayerRound:
    stage: str
    game: int
    table: int
    round: int
    deal: int
    laid: int
    unused: int
    closed: bool
    disqualified: bool
    penalty: int
    score: int
    total: int  # the running total in the stage
    provisional: bool


@dataclass
class PlayerPage:
    player: PlayerInfo
    rounds: list[PlayerRound]
    ranks: list[tuple[str, int, int]]  # (stage, after game, rank in the player's list)
    totals: dict[str, int]


def player_page(tournament: Tournament, number: int) -> PlayerPage | None:
    infos = player_infos(tournament)
    if number not in infos:
        return None
    bonus = tournament.scoring_settings().close_bonus
    pending = set()
    for stage in Stage.objects.filter(tournament=tournament):
        pending |= unconfirmed_sheets(stage)
    own = (
        RoundResult.objects.filter(player__tournament=tournament, player__start_number=number)
        .order_by("table__game__stage__kind", "table__game__number", "round__position")
        .values_list(
            "table__game__stage__kind",
            "table__game__number",
            "table__number",
            "round__number",
            "laid",
            "unused",
            "closed",
            "disqualified",
            "penalty",
            "table_id",
            "round_id",
        )
    )
    rounds, totals = [], defaultdict(int)
    for kind, game, table, round_number, *values, table_id, round_id in sorted(
        own, key=lambda r: (STAGES.index(r[0]), r[1])
    ):
        entry = RoundEntry(*values)
        score = round_score(entry, bonus)
        totals[kind] += score
        rounds.append(
            PlayerRound(
                kind,
                game,
                table,
                round_number,
                deal_size(round_number),
                *values,
                score,
                totals[kind],
                (table_id, round_id) in pending,
            )
        )
    return PlayerPage(infos[number], rounds, rank_history(tournament, number, infos), dict(totals))


def rank_history(tournament: Tournament, number: int, infos) -> list[tuple[str, int, int]]:
    """The player's rank in their list after each game of each stage they played."""
    seats = Seat.objects.filter(game__stage__tournament=tournament).values_list(
        "game__stage__kind", "game__number", "player__start_number"
    )
    results = RoundResult.objects.filter(table__game__stage__tournament=tournament).values_list(
        "table__game__stage__kind",
        "table__game__number",
        "player__start_number",
        *RESULT_FIELDS,
    )
    seated, played = defaultdict(set), defaultdict(list)
    for kind, game, player in seats:
        seated[(kind, game)].add(player)
    for kind, game, player, *values in results:
        played[(kind, game)].append((player, RoundEntry(*values)))
    base = tournament_data(tournament)
    history = []
    for kind in STAGES:
        games = sorted(g for k, g in seated if k == kind)
        data = TournamentData(
            year=base.year,
            sight_classes={i: infos[i].sight_class for i in infos},
            lots=base.lots,
            close_bonus=base.close_bonus,
            quota_override=base.quota_override,
        )
        stage = StageData()
        for game in games:
            stage.participants |= seated[(kind, game)]
            stage.results += played[(kind, game)]
            if number not in stage.participants or not played[(kind, game)]:
                continue
            data.stages = {kind: stage}
            for rows in stage_standings(data, kind).values():
                for row in rows:
                    if row.key == number:
                        history.append((kind, game, row.rank))
    return history


def stage_changes(stage: Stage, since) -> list[tuple[int, int, bool]]:
    """(table, round, confirmed) of the stage's sheets entered or confirmed after ``since``."""
    changed = []
    for table, round_number, entered, confirmed in Sheet.objects.filter(
        table__game__stage=stage
    ).values_list("table__number", "round__number", "entered_at", "confirmed_at"):
        if entered and entered > since:
            changed.append((table, round_number, False))
        elif confirmed and confirmed > since:
            changed.append((table, round_number, True))
    return sorted(changed)


@dataclass(frozen=True)
class Champion:
    year: int
    tournament: Tournament
    category: str
    player: str | None  # None while first place is shared


@dataclass(frozen=True)
class Record:
    name: str
    value: int
    year: int | None = None  # the championship of a single-round record


def archive() -> tuple[list[Champion], list[Record], list[Record]]:
    """Champions by year and category, and personal records over all championships (players
    matched across championships by name)."""
    champions, best, closes = [], {}, defaultdict(int)
    for tournament in Tournament.objects.order_by("-year", "name"):
        data = tournament_data(tournament)
        names = {n: info.name for n, info in player_infos(tournament).items()}
        if data.stages.get(FINAL_A) and data.stages[FINAL_A].results:
            for category, podium in podiums(data, FINAL_A).items():
                champions.append(
                    Champion(tournament.year, tournament, category, names.get(podium.champion))
                )
        for stage in data.stages.values():
            for number, entry in stage.results:
                score = round_score(entry, data.close_bonus)
                name = names[number]
                if score > best.get(name, Record(name, -1)).value:
                    best[name] = Record(name, score, tournament.year)
                closes[name] += entry.counts_as_close
    best_rounds = sorted(best.values(), key=lambda r: (-r.value, r.name))
    most_closes = sorted(
        (Record(n, c) for n, c in closes.items() if c), key=lambda r: (-r.value, r.name)
    )
    return champions, best_rounds, most_closes
