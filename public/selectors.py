"""Reads for the public pages, each in a fixed number of queries whatever the field's size.

Ranking, advancement, medals and teams come from ``scoring.standings``; this module only
gathers names and states around them.
"""

import dataclasses
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count

from rules.categories import ALL, category_of
from rules.championship import PODIUM_PLACES, deal_size
from rules.podium import title
from rules.ranking import Ranked
from rules.sanctions import TOURNAMENT, void, voided_games
from rules.sanctions import Sanction as SanctionData
from rules.score import RoundEntry, round_score
from rules.stages import stage_index
from scoring.models import RoundResult, Sheet
from scoring.selectors import progress as scoring_progress
from scoring.selectors import (
    sanction_rows,
    stage_data,
    tournament_data,
    unconfirmed_sheets,
)
from scoring.standings import (
    FINAL_A,
    QUALIFIER,
    STAGES,
    StageData,
    podiums,
    qualifier_advancement,
    quota_in_force,
    stage_entries,
    stage_standings,
    teams,
    teams_over,
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
    sanctions: tuple[str, ...] = ()  # sanctions of the player that touch this stage, in words


@dataclass(frozen=True)
class ExpelledRow:
    """An expelled player, listed under the standings they are no longer ranked in."""

    player: PlayerInfo
    words: str
    reason: str


@dataclass
class CategoryStanding:
    category: str  # "B1", "VS" or "ALL"
    rows: list[StandingRow]
    quota: int | None = None  # the qualifier's advancement places
    champion: PlayerInfo | None = None  # the A-final's title holder
    title: str | None = None
    undecided_podium: bool = False
    expelled: list[ExpelledRow] = field(default_factory=list)


@dataclass
class StagePage:
    stage: Stage | None
    categories: list[CategoryStanding] = field(default_factory=list)
    has_results: bool = False
    in_progress: bool = False  # started but not over: the standings are provisional
    over: bool = False  # every planned game is complete: places are decided
    games_complete: int = 0
    games_planned: int | None = None  # None: the qualifier's number of games is not fixed
    playing: int | None = None  # the number of the game being played

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


def _rows(ranked: list[Ranked], infos, provisional, flags: dict, notes) -> list[StandingRow]:
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
            sanctions=tuple(notes.get(row.key, ())),
            **flags.get(row.key, {}),
        )
        for row in ranked
    ]


def _sanction_notes(kind: str, sanctions) -> tuple[dict[int, list[str]], list]:
    """Words for the rows of a stage's standings (a game voided in the stage, an expulsion
    in a later stage), and the sanctions that leave players out of it."""
    notes: dict[int, list[str]] = defaultdict(list)
    expelled = {}
    for sanction in sanctions:
        if sanction.scope == TOURNAMENT and stage_index(sanction.stage) <= stage_index(kind):
            expelled.setdefault(sanction.player, sanction)
        elif sanction.stage == kind or sanction.scope == TOURNAMENT:
            notes[sanction.player].append(sanction.words(with_stage=sanction.stage != kind))
    return notes, list(expelled.values())


def stage_page(tournament: Tournament, kind: str) -> StagePage:
    """A stage's standings as the public may see them: titles, medals and advancement only
    once the stage is over; until then the provisional order after the complete games."""
    stage = (
        Stage.objects.select_related("tournament").filter(tournament=tournament, kind=kind).first()
    )
    if stage is None:
        return StagePage(None)
    data = stage_data(stage)
    progress = data.progress[kind]
    has_results = any(game.started for game in progress.games)
    playing = progress.playing
    page = StagePage(
        stage,
        has_results=has_results,
        in_progress=has_results and not progress.over,
        over=progress.over,
        games_complete=progress.complete_games,
        games_planned=progress.planned,
        playing=playing.number if playing else None,
    )
    if not has_results:
        return page
    infos = player_infos(tournament)
    provisional = provisional_players(stage)
    standings = stage_standings(data, kind)
    notes, expelled = _sanction_notes(kind, sanction_rows(tournament))
    seated = data.stages[kind].participants if kind in data.stages else set()

    def expelled_rows(category: str) -> list[ExpelledRow]:
        return [
            ExpelledRow(infos[s.player], s.words(), s.reason)
            for s in expelled
            if s.player in seated and category in (ALL, category_of(infos[s.player].sight_class))
        ]

    if kind == QUALIFIER:
        advancement = qualifier_advancement(data, standings)
        quota = quota_in_force(data)
        for category, ranked in standings.items():
            flags = {}
            if page.over:  # who advances is announced once the qualifier is over
                result = advancement[category]
                flags = {key: {"advances": True} for key in result.advancing}
                for tie in result.unresolved:
                    flags.update({key: {"undecided": True} for key in tie.keys})
            first_out = next((r.key for r in ranked if r.key not in flags), None)
            if flags and first_out is not None:
                flags[first_out] = {"first_out": True}
            page.categories.append(
                CategoryStanding(
                    category,
                    _rows(ranked, infos, provisional, flags, notes),
                    quota=quota[category],
                    expelled=expelled_rows(category),
                )
            )
    else:
        for category, podium in podiums(data, kind).items():
            flags, undecided = {}, ()
            if page.over:  # medals and titles are announced once the final is over
                undecided = podium.undecided
                tied = {key for tie in undecided for key in tie.keys}
                flags = {
                    row.key: {"medal": row.rank} for row in podium.places if row.key not in tied
                }
            standing = CategoryStanding(
                category,
                _rows(standings[category], infos, provisional, flags, notes),
                undecided_podium=bool(undecided),
                expelled=expelled_rows(category),
            )
            if kind == FINAL_A and page.over and podium.champion is not None:
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


@dataclass
class TeamPage:
    rows: list[TeamRow]
    over: bool  # both days are over: the places are decided
    expelled: list[ExpelledRow] = field(default_factory=list)  # members who count for no team


def team_page(tournament: Tournament) -> TeamPage:
    data = tournament_data(tournament)
    infos = player_infos(tournament)
    rows = teams(data) if data.teams else []
    over = teams_over(data)
    shared_podium = {row.team for row in rows if row.shared and row.rank <= PODIUM_PLACES}
    members = {member for roster in data.teams.values() for member in roster}
    return TeamPage(
        [
            TeamRow(
                row.rank,
                row.team,
                row.points,
                row.closes,
                row.best_round,
                [infos[n] for n in row.counted],
                row.shared,
                row.rank
                if over and row.rank <= PODIUM_PLACES and row.team not in shared_podium
                else None,
            )
            for row in rows
        ],
        over,
        [
            ExpelledRow(infos[s.player], s.words(), s.reason)
            for s in sanction_rows(tournament)
            if s.scope == TOURNAMENT and s.player in members
        ],
    )


@dataclass(frozen=True)
class StageSummary:
    kind: str
    has_results: bool
    over: bool
    games_complete: int
    games_planned: int | None
    playing: int | None  # the game being played (or about to be), by number

    @property
    def in_progress(self) -> bool:
        return self.has_results and not self.over


def stage_summaries(tournament: Tournament) -> list[StageSummary]:
    """Each stage of the tournament and where it stands, in playing order. Two queries."""
    kinds = set(Stage.objects.filter(tournament=tournament).values_list("kind", flat=True))
    found = []
    for kind, progress in scoring_progress(tournament).items():
        if kind not in kinds:
            continue
        playing = progress.playing
        found.append(
            StageSummary(
                kind,
                any(game.started for game in progress.games),
                progress.over,
                progress.complete_games,
                progress.planned,
                playing.number if playing else None,
            )
        )
    return found


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
    voided: bool = False  # the player is disqualified from the game: the round scores nothing


@dataclass
class PlayerPage:
    player: PlayerInfo
    rounds: list[PlayerRound]
    ranks: list[tuple[str, int, int]]  # (stage, after game, rank in the player's list)
    totals: dict[str, int]
    sanctions: list = field(default_factory=list)  # scoring.selectors.SanctionRow in force


def player_page(tournament: Tournament, number: int) -> PlayerPage | None:
    infos = player_infos(tournament)
    if number not in infos:
        return None
    bonus = tournament.scoring_settings().close_bonus
    pending = set()
    for stage in Stage.objects.filter(tournament=tournament):
        pending |= unconfirmed_sheets(stage)
    sanctions = [s for s in sanction_rows(tournament) if s.player == number]
    voided = voided_games(SanctionData(s.player, s.scope, s.stage, s.game) for s in sanctions)
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
        is_voided = (kind, game, number) in voided
        score = round_score(void(entry) if is_voided else entry, bonus)
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
                is_voided,
            )
        )
    return PlayerPage(
        infos[number],
        rounds,
        rank_history(tournament, number),
        dict(totals),
        sanctions,
    )


def rank_history(tournament: Tournament, number: int) -> list[tuple[str, int, int]]:
    """The player's rank in their list after each game of each stage they played (as the
    standings would have stood then, sanctions in force applied)."""
    base = tournament_data(tournament)
    seated = defaultdict(set)
    for kind, game, player in (
        Seat.objects.filter(game__stage__tournament=tournament)
        .values_list("game__stage__kind", "game__number", "player__start_number")
        .distinct()
    ):
        seated[(kind, game)].add(player)
    history = []
    for kind in STAGES:
        results = base.stages[kind].results if kind in base.stages else []
        stage = StageData()
        data = dataclasses.replace(base, stages={kind: stage})
        for game in sorted(g for k, g in seated if k == kind):
            stage.participants |= seated[(kind, game)]
            played = [result for result in results if result.game == game]
            stage.results += played
            if number not in stage.participants or not played:
                continue
            for rows in stage_standings(data, kind).values():
                history += [(kind, game, row.rank) for row in rows if row.key == number]
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
        if data.stages.get(FINAL_A) and data.stages[FINAL_A].results and data.stage_over(FINAL_A):
            for category, podium in podiums(data, FINAL_A).items():
                champions.append(
                    Champion(tournament.year, tournament, category, names.get(podium.champion))
                )
        for kind in data.stages:
            for number, entry in stage_entries(data, kind):
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
