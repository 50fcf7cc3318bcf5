"""Drawing players to tables and drawing a qualifier game's rounds (B, D, F, L, N).

Plain functions over plain data, deterministic for a given seed: the same seed and the same
inputs give the same draw, bit for bit (inputs are sorted; no set or dict order is relied on).

The seating is random, but among random seatings the search prefers, in this order and each
switchable: (a) a sighted scorekeeper (B2–B4 or sighted) at every table whenever there are
enough of them (F); (b) no two members of a team at one table where avoidable; (c) as few
repeated meetings as possible with the players one met in earlier games of the same stage.
"""

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .championship import (
    FINAL_TABLE_SIZE_MAX,
    QUALIFIER_ROUNDS_MAX,
    QUALIFIER_ROUNDS_MIN,
    ROUND_NUMBERS,
    TABLE_SIZE_MAX,
    TABLE_SIZE_MIN,
)
from .commitment import random_for

# Why a seating cannot keep every table at 5–8 players.
TOO_FEW_PLAYERS = "too_few_players"  # fewer than one full table
NO_BALANCED_SEATING = "no_balanced_seating"  # e.g. 9: one table is too big, two too small
TABLES_OUT_OF_RANGE = "tables_out_of_range"  # the organiser's table count gives such sizes
NO_PLAYERS = "no_players"
# Why a final's tables are as they are (F).
FINAL_AT_MOST_SEVEN = "final_at_most_seven"  # tables of 5–7: everyone starts at least once
FINAL_EIGHT_UNAVOIDABLE = "final_eight_unavoidable"  # no split into 5–7 exists (e.g. 8)
FINAL_TABLE_OVER_SEVEN = "final_table_over_seven"  # the organiser's count gives a table of 8

RESTARTS = 4  # independent random starts of the search; the best seating wins


def even_split(total: int, parts: int) -> list[int]:
    """``total`` in ``parts`` sizes differing by one at most, the larger first."""
    base, extra = divmod(total, parts)
    return [base + 1] * extra + [base] * (parts - extra)


def pairs(count: int) -> int:
    return count * (count - 1) // 2


@dataclass(frozen=True)
class TablePlan:
    sizes: tuple[int, ...]
    problem: str | None = None  # None: every table holds 5–8 players (5–7 in a final)
    reason: str | None = None  # a final: why its tables are of these sizes

    @property
    def feasible(self) -> bool:
        return self.problem is None


def fits(
    sizes: Sequence[int], largest: int = TABLE_SIZE_MAX, smallest: int = TABLE_SIZE_MIN
) -> bool:
    return all(smallest <= size <= largest for size in sizes)


def table_plan(
    players: int,
    tables: int | None = None,
    largest: int = TABLE_SIZE_MAX,
    smallest: int = TABLE_SIZE_MIN,
) -> TablePlan:
    """Table sizes for ``players``: as equal as possible (largest minus smallest at most one).

    Without ``tables`` the fewest tables that keep everyone at 5 to ``largest`` are proposed;
    when no count can (fewer than 5 players, or 9), the nearest seating is offered with the
    reason: one table for a handful, otherwise the split whose tables stay within the game's
    limit of 8 players (pravidla-syllabatim.txt) and miss the 5 by the least. Another game's
    tables (Slovní poker's 2–9) are planned alike within ``smallest`` to ``largest``.
    """
    if players <= 0:
        return TablePlan((), NO_PLAYERS)
    if tables is not None:
        if tables < 1 or tables > players:
            raise ValueError(f"cannot seat {players} players at {tables} tables")
        sizes = tuple(even_split(players, tables))
        return TablePlan(sizes, None if fits(sizes, largest, smallest) else TABLES_OUT_OF_RANGE)
    if players < smallest:
        return TablePlan((players,), TOO_FEW_PLAYERS)
    count = -(-players // largest)
    sizes = tuple(even_split(players, count))
    return TablePlan(sizes, None if fits(sizes, largest, smallest) else NO_BALANCED_SEATING)


def table_counts(
    players: int, largest: int = TABLE_SIZE_MAX, smallest: int = TABLE_SIZE_MIN
) -> list[int]:
    """Every table count that keeps all tables at ``smallest`` (5) to ``largest`` players (the
    organiser may choose)."""
    return [t for t in range(1, players + 1) if fits(even_split(players, t), largest, smallest)]


def final_table_largest(players: int) -> int:
    """The largest final table: 7 wherever a split into tables of 5–7 exists, else 8 (F)."""
    return FINAL_TABLE_SIZE_MAX if table_counts(players, FINAL_TABLE_SIZE_MAX) else TABLE_SIZE_MAX


def final_table_plan(players: int, tables: int | None = None) -> TablePlan:
    """A final's tables (F): at most 7 players wherever the number of players allows it, so
    that in a 7-round game everyone starts at least once; 8 only where no split into 5–7
    exists (8 players). An organiser's table count that gives a table of 8 where 5–7 would be
    possible is refused (``FINAL_TABLE_OVER_SEVEN``)."""
    largest = final_table_largest(players)
    plan = table_plan(players, tables, largest)
    if plan.problem == TABLES_OUT_OF_RANGE and largest < TABLE_SIZE_MAX and fits(plan.sizes):
        return TablePlan(plan.sizes, FINAL_TABLE_OVER_SEVEN)
    if plan.problem is not None:
        return plan
    reason = FINAL_AT_MOST_SEVEN if largest == FINAL_TABLE_SIZE_MAX else FINAL_EIGHT_UNAVOIDABLE
    return TablePlan(plan.sizes, None, reason)


@dataclass(frozen=True)
class Entrant:
    key: Hashable  # the start number
    sighted: bool  # B2–B4 or sighted: can keep the table's score sheet (F)
    team: str | None = None


@dataclass(frozen=True)
class Preferences:
    sighted_at_every_table: bool = True  # (a)
    teammates_apart: bool = True  # (b)
    fewest_repeats: bool = True  # (c)


@dataclass(frozen=True)
class Report:
    """How a seating meets the preferences, next to what is achievable."""

    tables_without_sighted: int
    tables_without_sighted_unavoidable: int  # more tables than sighted players
    teammate_pairs: int  # pairs of teammates at one table
    teammate_pairs_unavoidable: int  # what even spreading of every team still leaves
    repeated_pairs: int  # pairs that sat together in an earlier game of the stage
    repeat_bound: int | None = None  # no seating repeats fewer pairs (``repeat_bound``)
    earlier_games: int = 0  # after one earlier game the bound is reached; after more, a floor

    @property
    def sighted_held(self) -> bool:
        return self.tables_without_sighted <= self.tables_without_sighted_unavoidable

    @property
    def teammates_held(self) -> bool:
        return self.teammate_pairs <= self.teammate_pairs_unavoidable


Seed = int | str  # a whole number, or hexadecimal text (rules.commitment.seed_number)


@dataclass(frozen=True)
class Seating:
    seed: Seed
    tables: tuple[tuple[Hashable, ...], ...]  # start numbers clockwise, table 1 first
    starting_seats: tuple[int, ...]  # seat index (0-based) of round 1's starting player
    report: Report


def meetings(games: Iterable[Iterable[Sequence[Hashable]]]) -> Counter:
    """How often each pair of players sat at one table in the given games (each a list of
    tables)."""
    met: Counter = Counter()
    for tables in games:
        for table in tables:
            for a, b in combinations(sorted(table), 2):
                met[(a, b)] += 1
    return met


def repeated_pairs(tables: Iterable[Sequence[Hashable]], met: Counter) -> int:
    return sum(1 for table in tables for a, b in combinations(sorted(table), 2) if met.get((a, b)))


def second_game_bound(first_game: Sequence[Sequence[Hashable]], sizes: Sequence[int]) -> int:
    """The fewest repeated pairs a second game can have: a new table of k players drawn from
    the T tables of the first game repeats at least the pairs of the most even split of k
    over those T tables; the bound is the sum over the new tables."""
    earlier = len(first_game)
    return sum(pairs(count) for size in sizes for count in even_split(size, earlier))


def game_repeat_bound(
    earlier_game: Sequence[Sequence[Hashable]], keys: Iterable[Hashable], sizes: Sequence[int]
) -> int:
    """The fewest pairs that sat together in ``earlier_game`` that any seating of ``keys`` at
    tables of ``sizes`` repeats (pigeonhole): of the players who sat in that game, a new table
    holding x of them draws them from the T earlier tables they sat at, so at least the pairs
    of the most even split of x over T sat together; and the m such players are spread over
    the new tables as evenly as that count allows (it grows by x // T with each further
    player, so filling the table where it grows least gives the fewest). Players who did not
    sit in that game meet no one of it. A lower bound: the earlier tables' sizes are not used,
    so no seating need reach it, but none goes below it."""
    table_of = {player: index for index, table in enumerate(earlier_game) for player in table}
    from_game = [table_of[key] for key in keys if key in table_of]
    groups = len(set(from_game))
    if not groups:
        return 0
    placed = [0] * len(sizes)
    for _player in from_game:
        open_tables = [i for i in range(len(sizes)) if placed[i] < sizes[i]]
        placed[min(open_tables, key=lambda i: (placed[i] // groups, i))] += 1
    return sum(pairs(count) for x in placed for count in even_split(x, groups))


def repeat_bound(
    earlier_games: Sequence[Sequence[Sequence[Hashable]]], tables: Sequence[Sequence[Hashable]]
) -> int:
    """The fewest repeated pairs a seating of the players of ``tables`` at tables of their
    sizes can have after ``earlier_games``: the largest of each earlier game's own bound
    (``game_repeat_bound``), since a pair repeated from one game is repeated. With one earlier
    game whose players all play again, the searched draw reaches it; after more games it is
    only a floor."""
    keys = [player for table in tables for player in table]
    sizes = [len(table) for table in tables]
    return max((game_repeat_bound(game, keys, sizes) for game in earlier_games), default=0)


def shuffle_seating(keys: Sequence[Hashable], sizes: Sequence[int], rng: random.Random):
    order = list(keys)
    rng.shuffle(order)
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


class _Search:
    """Improving swaps between tables from a random start, minimising the lexicographic cost
    (tables without a sighted player, teammate pairs, repeated pairs, repeat weight)."""

    def __init__(self, entrants: Sequence[Entrant], met: Counter, preferences: Preferences):
        self.sighted = {e.key: e.sighted for e in entrants}
        self.team = {e.key: e.team for e in entrants}
        self.prefs = preferences
        self.met: dict[Hashable, dict[Hashable, int]] = {e.key: {} for e in entrants}
        for (a, b), count in sorted(met.items()):
            if a in self.met and b in self.met:
                self.met[a][b] = count
                self.met[b][a] = count

    def _links(self, player, others) -> tuple[int, int, int]:
        """Teammates, players met before and the meetings' weight among ``others``."""
        team = self.team[player] if self.prefs.teammates_apart else None
        mates = sum(1 for other in others if team is not None and self.team[other] == team)
        if not self.prefs.fewest_repeats:
            return mates, 0, 0
        history = self.met[player]
        seen = [history[other] for other in others if other in history]
        return mates, len(seen), sum(seen)

    def cost(self, tables) -> tuple[int, int, int, int]:
        empty = 0
        if self.prefs.sighted_at_every_table:
            empty = sum(1 for table in tables if not any(self.sighted[p] for p in table))
        mates = repeats = weight = 0
        for table in tables:
            for i, player in enumerate(table):
                m, r, w = self._links(player, table[i + 1 :])
                mates, repeats, weight = mates + m, repeats + r, weight + w
        return empty, mates, repeats, weight

    def improve(self, tables: list[list], rng: random.Random) -> None:
        sighted = [sum(self.sighted[p] for p in table) for table in tables]
        improved = True
        while improved:
            improved = False
            moves = [
                (t, i, u, j)
                for t in range(len(tables))
                for u in range(t + 1, len(tables))
                for i in range(len(tables[t]))
                for j in range(len(tables[u]))
            ]
            rng.shuffle(moves)
            for t, i, u, j in moves:
                a, b = tables[t][i], tables[u][j]
                rest_t = tables[t][:i] + tables[t][i + 1 :]
                rest_u = tables[u][:j] + tables[u][j + 1 :]
                before = [
                    x + y
                    for x, y in zip(self._links(a, rest_t), self._links(b, rest_u), strict=True)
                ]
                after = [
                    x + y
                    for x, y in zip(self._links(b, rest_t), self._links(a, rest_u), strict=True)
                ]
                empty_delta = 0
                if self.prefs.sighted_at_every_table and self.sighted[a] != self.sighted[b]:
                    new_t = sighted[t] - self.sighted[a] + self.sighted[b]
                    new_u = sighted[u] - self.sighted[b] + self.sighted[a]
                    empty_delta = ((new_t == 0) + (new_u == 0)) - (
                        (sighted[t] == 0) + (sighted[u] == 0)
                    )
                delta = (empty_delta, *(y - x for x, y in zip(before, after, strict=True)))
                if delta < (0, 0, 0, 0):
                    tables[t][i], tables[u][j] = b, a
                    sighted[t] += self.sighted[b] - self.sighted[a]
                    sighted[u] += self.sighted[a] - self.sighted[b]
                    improved = True


def unavoidable_teammate_pairs(entrants: Sequence[Entrant], tables: int) -> int:
    teams = Counter(e.team for e in entrants if e.team is not None)
    return sum(pairs(count) for size in teams.values() for count in even_split(size, tables))


def draw_seating(
    entrants: Sequence[Entrant],
    sizes: Sequence[int],
    seed: Seed,
    earlier_games: Sequence[Sequence[Sequence[Hashable]]] = (),
    preferences: Preferences = Preferences(),
    restarts: int = RESTARTS,
) -> Seating:
    """A seating of ``entrants`` at tables of ``sizes`` for one game.

    ``earlier_games`` are the seatings (lists of tables) of the earlier games of the same
    stage. Seat order within a table and round 1's starting seat are drawn too.
    """
    if sum(sizes) != len(entrants):
        raise ValueError("the table sizes do not add up to the players")
    entrants = sorted(entrants, key=lambda e: e.key)
    if len({e.key for e in entrants}) != len(entrants):
        raise ValueError("a player is entered twice")
    rng = random_for(seed)
    met = meetings(earlier_games)
    search = _Search(entrants, met, preferences)
    keys = [e.key for e in entrants]
    best, best_cost = None, None
    for _ in range(max(1, restarts)):
        tables = shuffle_seating(keys, sizes, rng)
        search.improve(tables, rng)
        cost = search.cost(tables)
        if best_cost is None or cost < best_cost:
            best, best_cost = [list(table) for table in tables], cost
    for table in best:
        rng.shuffle(table)  # the seat order is random too
    starting = tuple(rng.randrange(len(table)) for table in best)
    report = seating_report(entrants, best, earlier_games)
    return Seating(seed, tuple(tuple(table) for table in best), starting, report)


def seating_report(
    entrants: Sequence[Entrant],
    tables: Sequence[Sequence[Hashable]],
    earlier_games: Sequence[Sequence[Sequence[Hashable]]] = (),
) -> Report:
    """How a seating (drawn, or changed by hand) meets the preferences."""
    sighted = {e.key: e.sighted for e in entrants}
    team = {e.key: e.team for e in entrants}
    return Report(
        tables_without_sighted=sum(1 for table in tables if not any(sighted[p] for p in table)),
        tables_without_sighted_unavoidable=max(0, len(tables) - sum(sighted.values())),
        teammate_pairs=sum(
            1
            for table in tables
            for a, b in combinations(table, 2)
            if team[a] is not None and team[a] == team[b]
        ),
        teammate_pairs_unavoidable=unavoidable_teammate_pairs(entrants, len(tables)),
        repeated_pairs=repeated_pairs(tables, meetings(earlier_games)),
        repeat_bound=repeat_bound(earlier_games, tables),
        earlier_games=len(earlier_games),
    )


@dataclass(frozen=True)
class RoundLot:
    seed: Seed
    rounds: tuple[int, ...]  # round numbers in playing order


@dataclass(frozen=True)
class RoundRange:
    least: int = QUALIFIER_ROUNDS_MIN
    most: int = QUALIFIER_ROUNDS_MAX

    def __post_init__(self):
        if not 1 <= self.least <= self.most <= len(ROUND_NUMBERS):
            raise ValueError(f"a game has 1 to {len(ROUND_NUMBERS)} rounds")


def draw_rounds(seed: Seed, within: RoundRange = RoundRange()) -> RoundLot:
    """How many rounds a qualifier game has and which, in which order (B)."""
    rng = random_for(seed)
    count = rng.randint(within.least, within.most)
    return RoundLot(seed, tuple(rng.sample(ROUND_NUMBERS, count)))


def kept_starting_seats(tables: Sequence[Sequence[Hashable]], seed: Seed) -> tuple[int, ...]:
    """One seating for the whole qualifier (B): a later game keeps game 1's tables and seats;
    only round 1's starting seat of each table is drawn anew (F)."""
    rng = random_for(seed)
    return tuple(rng.randrange(len(table)) for table in tables)


def lot_order(tied: Iterable[Hashable], seed: Seed) -> list:
    """A lot for a tied group: the entries sorted by their text (start numbers or team
    names), then shuffled by the seed's generator; first = better."""
    order = sorted(tied, key=str)
    random_for(seed).shuffle(order)
    return order


def final_rounds() -> tuple[int, ...]:
    """A final's game: rounds 1..7 in order (F); the referee may shorten it."""
    return ROUND_NUMBERS


def ascending(rounds: Sequence[int]) -> bool:
    """A final deals its rounds in ascending order (F)."""
    return all(a < b for a, b in zip(rounds, rounds[1:], strict=False))


def round_list_problems(rounds: Sequence[int]) -> list[str]:
    """Why a typed round list is not one: empty, a number outside 1–7, or a repeat."""
    problems = []
    if not rounds:
        problems.append("empty")
    if any(number not in ROUND_NUMBERS for number in rounds):
        problems.append("out_of_range")
    if len(set(rounds)) != len(rounds):
        problems.append("repeated")
    return problems
