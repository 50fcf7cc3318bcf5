"""Reads of scoring data: the database turned into ``standings.TournamentData``.

Each loader runs a fixed number of queries, whatever the number of players and rounds.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.db import connections
from django.db.models import Count, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from rules.advancement import TOO_MANY_FINALISTS, quota_by_participation
from rules.advancement import quota_warnings as advancement_quota_warnings
from rules.categories import CATEGORIES, category_of
from rules.finals import Replacement as FinalReplacement
from rules.gender import FEMININE
from rules.progress import GameState, StageProgress, planned_games
from rules.rulesets import CHAMPIONSHIP, SCRABBLE, WORD_POKER
from rules.sanctions import Sanction as SanctionData
from rules.score import RESULT_FIELDS, RoundEntry, entry_of
from rules.stages import FINAL_A, QUALIFIER, STAGES
from rules.word_poker import DealLine, game_state
from tournament.labels import single_stage
from tournament.models import (
    DrawStatus,
    Game,
    Player,
    Round,
    Seat,
    Stage,
    Table,
    Team,
    Tournament,
)

from .messages import quota_warning_message, sanction_words
from .models import Lot, Replacement, RoundResult, Sanction, Sheet
from .standings import Result, StageData, TournamentData, quota_in_force


def _base(tournament: Tournament) -> TournamentData:
    return TournamentData(
        year=tournament.year,
        sight_classes={},
        close_bonus=tournament.close_bonus_in_force(),
        quota_override=tournament.quota_override(),
        rule_set=tournament.rule_set,
        finals=tournament.has_finals(),
        single_stage=single_stage(tournament),
        poker=tournament.rules() if tournament.rule_set == WORD_POKER else None,
        scrabble=tournament.rules() if tournament.rule_set == SCRABBLE else None,
    )


def _result_fields(tournament: Tournament) -> tuple[str, ...]:
    """The columns of a line the standings read: a club rule set's score besides."""
    if tournament.rule_set == CHAMPIONSHIP:
        return RESULT_FIELDS
    return (*RESULT_FIELDS, "rule_score")


def _result_rows(results) -> list[tuple]:
    """The rows of a ``values_list`` query of round results straight from the database's
    cursor, as tuples of plain values. Django's per-value converters cost more than the query
    itself on a championship's tens of thousands of lines (bench core, "results of a
    1,000-player championship"); ``_add_results`` makes what a line needs of the values."""
    sql, params = results.query.get_compiler(using=results.db).as_sql()
    with connections[results.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _add_results(data: TournamentData, results, numbers: dict[int, int]) -> None:
    """Each line of ``results`` (a ``values_list`` query of round results: stage kind, game
    number, player's id, then ``_result_fields``) added to its stage's results, with the
    player's start number from ``numbers`` (player's id -> start number).

    A line's entry is immutable and its values repeat (a championship's tens of thousands of
    lines hold a few thousand different ones): each is made once and shared, its yes/no
    fields made booleans then (SQLite may hand them over as 0 and 1, equal as keys)."""
    entries: dict[tuple, RoundEntry] = {}
    lists: dict[str, list[Result]] = {}
    # Slovní poker's and Scrabble's rows end with the table and the round's place
    poker = data.poker is not None or data.scrabble is not None
    for row in _result_rows(results):
        line = row[3:-2] if poker else row[3:]
        entry = entries.get(line)
        if entry is None:
            entry = entries[line] = entry_of(*line)
        found = lists.get(row[0])
        if found is None:
            found = lists[row[0]] = data.stages.setdefault(row[0], StageData()).results
        if poker:
            found.append(Result(numbers[row[2]], entry, row[1], row[-2], row[-1]))
        else:
            found.append(Result(numbers[row[2]], entry, row[1]))


def _lines(results, tournament: Tournament):
    """``results`` (round results) as the rows ``_add_results`` reads: stage kind, game number,
    player's id, then the line's values, unsorted (the standings do not depend on the lines'
    order). The player's id, not the start number: no join for each line."""
    deals = ("table_id", "round__position") if tournament.rule_set in (WORD_POKER, SCRABBLE) else ()
    return results.order_by().values_list(
        "table__game__stage__kind",
        "table__game__number",
        "player_id",
        *_result_fields(tournament),
        *deals,
    )


def sanctions_in_force(tournament: Tournament) -> list[SanctionData]:
    """The tournament's sanctions that are not withdrawn, as the rules take them. One query."""
    return [
        SanctionData(number, scope, kind, game)
        for number, scope, kind, game in Sanction.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True
        )
        .order_by("id")
        .values_list("player__start_number", "scope", "game__stage__kind", "game__number")
    ]


def _count(rows) -> Coalesce:
    """How many ``rows`` there are, as a subquery of one number (0 for none)."""
    counted = rows.order_by().annotate(one=Value(1)).values("one").annotate(n=Count("pk"))
    return Coalesce(Subquery(counted.values("n")), 0)


def poker_table_ends(tournament: Tournament, games) -> dict[int, tuple[int, int]]:
    """Slovní poker: the tables of ``games`` whose game has a winner, by table id: the game's id
    and the position of the deal that ended it (the table's later deals are not played). One
    query; {} under any other rule set."""
    if tournament.rule_set != WORD_POKER:
        return {}
    deals: dict[tuple[int, int], dict[int, list]] = defaultdict(dict)
    for game_id, table_id, position, player, word, left in (
        RoundResult.objects.filter(table__game__in=games)
        .order_by()
        .values_list("table__game_id", "table_id", "round__position", "player_id", "laid", "unused")
    ):
        deals[(game_id, table_id)].setdefault(position, []).append(DealLine(player, word, left))
    end = tournament.rules().end
    found = {}
    for (game_id, table_id), by_position in deals.items():
        positions = sorted(by_position)
        state = game_state([by_position[p] for p in positions], end)
        if state.ended_after is not None:
            found[table_id] = (game_id, positions[state.ended_after - 1])
    return found


def poker_tables_ended(tournament: Tournament, games) -> dict[int, int]:
    """Slovní poker: per game (by id) of ``games``, how many of its tables' games have a
    winner. One query; {} under any other rule set."""
    return Counter(game_id for game_id, _position in poker_table_ends(tournament, games).values())


def progress(tournament: Tournament, kinds=STAGES) -> dict[str, StageProgress]:
    """Where each stage of ``kinds`` stands: its announced games, which are complete, what is
    planned. One query."""
    sheets = Sheet.objects.filter(table__game=OuterRef("pk"))
    tables = Table.objects.filter(game=OuterRef("pk"))
    if tournament.rule_set == SCRABBLE:
        # a Scrabble round's bye is a board of one, which has no sheet: the boards played are
        # those with a second seat (seats are numbered from 0 without gaps)
        tables = tables.filter(seats__position=1)
    games = (
        Game.objects.filter(stage__tournament=tournament, draw_status=DrawStatus.CONFIRMED)
        .annotate(
            # counted one by one: counting over the join of tables, rounds and sheets would
            # go through tables x rounds x sheets rows per game
            tables_count=_count(tables),
            rounds_count=_count(Round.objects.filter(game=OuterRef("pk"))),
            sheets_count=_count(sheets),
            confirmed_count=_count(sheets.filter(confirmed_at__isnull=False)),
        )
        .order_by("number")
        .values_list(
            "pk",
            "stage__kind",
            "stage__confirmation_required",
            "number",
            "tables_count",
            "rounds_count",
            "sheets_count",
            "confirmed_count",
            "ended_early_at",
        )
    )
    poker = tournament.rule_set == WORD_POKER
    ended_tables_by_game = (
        poker_tables_ended(tournament, [row[0] for row in games]) if poker else {}
    )
    by_kind: dict[str, list[GameState]] = defaultdict(list)
    for pk, kind, confirmation, number, tables, rounds, sheets, confirmed, ended in games:
        required = confirmation if confirmation is not None else kind != QUALIFIER
        by_kind[kind].append(
            GameState(
                number,
                tables,
                rounds,
                sheets,
                unconfirmed=sheets - confirmed if required else 0,
                ended_early=ended is not None,
                tables_ended=ended_tables_by_game.get(pk, 0) if poker else None,
            )
        )
    finals_drawn = any(by_kind.get(kind) for kind in STAGES[1:])
    return {
        kind: StageProgress(
            kind,
            tuple(by_kind.get(kind, ())),
            planned_games(kind, tournament.qualifier_games),
            later_stage_drawn=kind == QUALIFIER and finals_drawn,
        )
        for kind in kinds
    }


def _add_byes(data: TournamentData, seats) -> None:
    """Scrabble: each bye (a board of one) of ``seats`` added to its stage, as (game number,
    start number). One query; none under any other rule set."""
    if data.scrabble is None:
        return
    for kind, game, number in (
        seats.filter(position=0)
        .exclude(table__seats__position=1)
        .order_by()
        .values_list("game__stage__kind", "game__number", "player__start_number")
    ):
        data.stages.setdefault(kind, StageData()).byes.append((game, number))


def tournament_data(tournament: Tournament) -> TournamentData:
    """Everything the results of a tournament are computed from, in eight queries, as rows
    (no model instances): the players, the teams, who sat in which stage, the round results,
    the lots, the sanctions, the replacements and the progress of the stages."""
    data = _base(tournament)
    numbers = {}  # player's id -> start number
    for pk, number, sight_class in (
        Player.objects.filter(tournament=tournament)
        .order_by()
        .values_list("pk", "start_number", "sight_class")
    ):
        numbers[pk] = number
        data.sight_classes[number] = sight_class
    for name, number in (
        Team.objects.filter(tournament=tournament)
        .order_by("id", "members__id")
        .values_list("name", "members__player__start_number")
    ):
        members = data.teams.setdefault(name, [])
        if number is not None:
            members.append(number)
    for kind, player in (
        Seat.objects.filter(game__stage__tournament=tournament)
        .order_by()  # without it the seats' ordering would be in the DISTINCT
        .values_list("game__stage__kind", "player_id")
        .distinct()
    ):
        data.stages.setdefault(kind, StageData()).participants.add(numbers[player])
    _add_byes(data, Seat.objects.filter(game__stage__tournament=tournament))
    _add_results(
        data,
        _lines(RoundResult.objects.filter(table__game__stage__tournament=tournament), tournament),
        numbers,
    )
    data.lots = list(
        Lot.objects.filter(tournament=tournament).order_by("id").values_list("stage", "order")
    )
    data.sanctions = sanctions_in_force(tournament)
    data.replacements = replacements(tournament)
    data.progress = progress(tournament)
    return data


def seated_by_game(tournament: Tournament) -> dict[tuple[str, int], set[int]]:
    """(stage, game) -> the start numbers seated at its tables. One query."""
    seated: dict[tuple[str, int], set[int]] = defaultdict(set)
    for kind, game, number in (
        Seat.objects.filter(game__stage__tournament=tournament)
        .order_by()  # without it the seats' ordering would be in the DISTINCT
        .values_list("game__stage__kind", "game__number", "player__start_number")
        .distinct()
    ):
        seated[(kind, game)].add(number)
    return dict(seated)


def replacements(tournament: Tournament) -> list[FinalReplacement]:
    """The organiser's replacements in the A-final, in the order decided. One query."""
    return [
        FinalReplacement(withdrawn, replacement)
        for withdrawn, replacement in Replacement.objects.filter(tournament=tournament)
        .order_by("id")
        .values_list("withdrawn__start_number", "replacement__start_number")
    ]


def stage_data(stage: Stage) -> TournamentData:
    """What one stage's standings need, in five queries, as rows: seated players with their
    sight class, the stage's results, its lots, the sanctions, the progress of the stages."""
    data = _base(stage.tournament)
    numbers = {}  # player's id -> start number
    for pk, number, sight_class in (
        Seat.objects.filter(game__stage=stage)
        .order_by()  # without it the seats' ordering would be in the DISTINCT
        .values_list("player_id", "player__start_number", "player__sight_class")
        .distinct()
    ):
        numbers[pk] = number
        data.sight_classes[number] = sight_class
        data.stages.setdefault(stage.kind, StageData()).participants.add(number)
    _add_byes(data, Seat.objects.filter(game__stage=stage))
    _add_results(
        data,
        _lines(RoundResult.objects.filter(table__game__stage=stage), stage.tournament),
        numbers,
    )
    data.lots = list(
        Lot.objects.filter(tournament_id=stage.tournament_id, stage=stage.kind)
        .order_by("id")
        .values_list("stage", "order")
    )
    data.sanctions = sanctions_in_force(stage.tournament)
    data.progress = progress(stage.tournament)
    return data


def unconfirmed_sheets(stage: Stage) -> set[tuple[int, int]]:
    """(table id, round id) of the stage's sheets that still wait for a confirmation; empty
    when the stage does not require one. One query."""
    if not stage.requires_confirmation:
        return set()
    return set(
        Sheet.objects.filter(table__game__stage=stage, confirmed_at__isnull=True).values_list(
            "table_id", "round_id"
        )
    )


@dataclass(frozen=True)
class SanctionRow:
    """A sanction as people read it: whose, what, where, why, who decided and when."""

    pk: int
    player: int  # start number
    name: str
    gender: str
    scope: str
    stage: str
    game: int
    reason: str
    decided_by: str
    decided_at: datetime | None
    withdrawn_by: str
    withdrawn_at: datetime | None
    withdrawal_reason: str

    @property
    def in_force(self) -> bool:
        return self.withdrawn_at is None

    def words(self, with_stage: bool = True) -> str:
        return sanction_words(
            scope=self.scope,
            stage=self.stage,
            game=self.game,
            feminine=self.gender == FEMININE,
            with_stage=with_stage,
        )


def sanction_rows(tournament: Tournament, *, withdrawn: bool = False) -> list[SanctionRow]:
    """The tournament's sanctions in the order they were decided (in force only, unless
    ``withdrawn``). One query."""
    sanctions = Sanction.objects.filter(tournament=tournament)
    if not withdrawn:
        sanctions = sanctions.filter(withdrawn_at__isnull=True)
    return [
        SanctionRow(*row)
        for row in sanctions.order_by("decided_at", "id").values_list(
            "pk",
            "player__start_number",
            "player__name",
            "player__gender",
            "scope",
            "game__stage__kind",
            "game__number",
            "reason",
            "decided_by",
            "decided_at",
            "withdrawn_by",
            "withdrawn_at",
            "withdrawal_reason",
        )
    ]


def quota_warnings(tournament: Tournament, data: TournamentData | None = None) -> list[str]:
    """What the organiser must see about the A-final places in force (K, C), in words: more
    than 10 finalists, a quota above its category's size. The size is the qualifier's field
    once it has started, else the eligible players registered. The number of finalists
    matters only until the A-final is drawn: from then on it is not said again."""
    if not tournament.has_finals():
        return []  # one stage without finals: no A-final places
    data = data if data is not None else tournament_data(tournament)
    final_a = data.progress.get(FINAL_A)
    final_drawn = final_a is not None and bool(final_a.games)
    qualifier = data.stages.get(QUALIFIER)
    if qualifier is not None and qualifier.participants:
        numbers = qualifier.participants
        sight = data.sight_classes
        sizes = Counter(category_of(sight[n]) for n in numbers)
        quota = quota_in_force(data)
    else:
        players = [p for p in tournament.players.all() if not p.eligibility_problems()]
        sizes = Counter(p.category for p in players)
        override = tournament.quota_override()
        quota = override or {c: quota_by_participation(len(players)) for c in CATEGORIES}
    return [
        quota_warning_message(code, params)
        for code, params in advancement_quota_warnings(
            quota, {c: sizes.get(c, 0) for c in CATEGORIES}
        )
        if not (final_drawn and code == TOO_MANY_FINALISTS)
    ]
