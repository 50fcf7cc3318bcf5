"""Scrabble (``pravidla-scrabble.txt``, the Czech set) as a club tournament plays it, and the
Swiss pairing of its rounds (as TSH, the Scrabble associations' tournament software, pairs).
Every number of its rules is here, once; the tiles are data (``data/scrabble-tiles.csv``).

A game's sheet gives each player's score when play stopped, the points of the tiles left on
the rack and who went out (played their last tile with the bag empty). The end of the game:
"skóre každého z hráčů zmenšeno o hodnotu kamenů, které nepoužil. Pokud některému z hráčů
nezbyl v zásobníku žádný kámen, k jeho skóre se přičtou hodnoty všech kamenů, které zbyly
ostatním hráčům." A player with only blanks left holds tiles worth nothing but has not gone
out, which is why the sheet says who went out rather than reading it from zero points.

Results are counted pair by pair: at a board of two, one game; at a board of three or four,
each player against each other (a win, a draw as half, the score difference to the spread).
A bye is a win by the tournament's margin and adds nothing to the sum of scores. Standings:
wins, then spread (the sum of score differences), then the sum of scores; equal in all three
share the place unless the organiser orders a lot.

Pairing a round (``pair_round``): the players ordered by wins, then spread, players equal in both in
the order of a lot drawn from the round's seed (so that the pairing is a pure function of the
published standings and the seed: the seed is committed to before, as a draw's). The first round
orders by rating (top half against bottom half, the lowest rated taking an odd field's bye) or by
the lot alone (neighbours in the lot's order). Later rounds: the pairing with the fewest rematches
(none while one can be avoided), among those the one closest to 1–2, 3–4, … (the least sum of
squared distances in the order), found as a maximum-weight perfect matching. An odd field: the bye
is one more seat, last in the order, so that it goes to the lowest player who has not had one. The
last round may be played "king of the hill": 1–2, 3–4, … as they stand, rematches allowed.
"""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .cards import data_rows
from .commitment import random_for
from .ranking import Ranked, rank
from .sheet import ERROR, NOT_WHOLE_NUMBER, Problem, seat_problems, whole_number

TILES_FILE = Path(__file__).with_name("data") / "scrabble-tiles.csv"
RACK = 7  # "každý hráč si vylosuje sedm kamenů"
PLAYERS_MIN, PLAYERS_MAX = 2, 4  # "Scrabble je hra pro 2 - 4 hráče."
BYE_MARGIN = 50  # the tournament's setting: a bye is a win by this spread (TSH's default)

# How the first round is paired (the tournament's setting).
BY_RATING = "rating"
BY_LOT = "lot"
FIRST_ROUND = (BY_RATING, BY_LOT)
# How a round is paired, as its commitment names it (``rules.commitment.PAIRINGS``): the first
# round by rating or by lot, a later one by the Swiss system or king of the hill.
SWISS = "swiss"
KING_OF_THE_HILL = "king"
PAIRINGS = (BY_LOT, BY_RATING, SWISS, KING_OF_THE_HILL)

# Problem codes of a game's sheet (besides rules.sheet's seat problems and NOT_WHOLE_NUMBER).
BOARD_SIZE = "board_size"  # fewer than two or more than four players at a board
TILES_OUT_OF_RANGE = "tiles_out_of_range"  # no rack of up to seven of the set's tiles is worth that
RACKS_OUT_OF_RANGE = "racks_out_of_range"  # the racks together need more than the set holds
OUT_WITH_TILES = "out_with_tiles"  # went out, yet tiles left worth points
TWO_WENT_OUT = "two_went_out"  # the game ends when the first goes out
NOT_A_FLAG = "not_a_flag"  # went out is yes or no
SCORE_OUT_OF_RANGE = "score_out_of_range"  # no game of the set's tiles scores that much


@dataclass(frozen=True)
class Tile:
    letter: str
    value: int
    count: int


@cache
def tiles() -> tuple[Tile, ...]:
    return tuple(
        Tile(row["tile"], int(row["value"]), int(row["count"])) for row in data_rows(TILES_FILE)
    )


@cache
def tile_values() -> tuple[int, ...]:
    """Every tile's value, highest first."""
    return tuple(sorted((t.value for t in tiles() for _ in range(t.count)), reverse=True))


@cache
def rack_values() -> frozenset[int]:
    """Every number of points a rack of at most seven of the set's tiles can be worth."""
    reachable = [{0}] + [set() for _ in range(RACK)]  # reachable[n]: sums of n tiles
    for value in tile_values():
        for size in range(RACK, 0, -1):
            reachable[size] |= {total + value for total in reachable[size - 1]}
    return frozenset().union(*reachable)


def racks_bound(racks: int) -> int:
    """The most points ``racks`` racks of seven tiles can hold together from one set."""
    return sum(tile_values()[: RACK * racks])


BOARD = 15  # the board's squares a side: no word is longer
WORD_PREMIUM_IN_A_LINE = 27  # three triple-word squares at most in one line (×3 ×3 ×3)
LETTER_PREMIUM = 3  # a new tile on a triple-letter square
BINGO = 50  # all seven tiles laid in one move


@cache
def score_bound() -> int:
    """More than any player's score when play stopped can be, whatever the words: a bound
    that no game reaches, not a likely score (it refuses a mistyped digit too many, or a
    number no database column holds, never a real game).

    One move lays at most seven tiles in one line: its main word has at most ``BOARD``
    letters, each one of the set's tiles, so its face value is at most the ``BOARD`` highest
    tiles' sum; the new tiles' letter squares add at most twice the seven highest; the word
    squares multiply it at most ``WORD_PREMIUM_IN_A_LINE`` times. Each new tile makes at
    most one cross word, of at most ``BOARD`` letters, on one word square (×3). A scoring
    move lays at least one tile, and the set has ``len(tile_values())`` of them: no player
    scores in more moves than that."""
    values = tile_values()
    longest, rack, highest = sum(values[:BOARD]), sum(values[:RACK]), values[0]
    main = WORD_PREMIUM_IN_A_LINE * (longest + (LETTER_PREMIUM - 1) * rack)
    crossing = RACK * LETTER_PREMIUM * (longest + (LETTER_PREMIUM - 1) * highest)
    return len(values) * (main + crossing + BINGO)


@dataclass(frozen=True)
class GameLine:
    """One player's line of a game's sheet, as entered: the score when play stopped, the
    points of the tiles left on the rack, and whether the player went out."""

    player: Hashable
    score: object
    tiles_left: object = 0
    went_out: object = False


def final_scores(lines: Sequence[GameLine]) -> dict[Hashable, int]:
    """The end of the game: each loses the tiles left on their rack; the one who went out
    gains the others' tiles."""
    others = sum(line.tiles_left for line in lines if not line.went_out)
    return {
        line.player: line.score - line.tiles_left + (others if line.went_out else 0)
        for line in lines
    }


def check_game(
    lines: Sequence[GameLine], *, seated: Sequence[Hashable] | None = None
) -> list[Problem]:
    """Every problem of one game's sheet at one board, in sheet order."""
    problems: list[Problem] = []
    if seated is not None:
        problems, lines = seat_problems(lines, seated)
        if not PLAYERS_MIN <= len(seated) <= PLAYERS_MAX:
            problems.append(
                Problem(
                    BOARD_SIZE,
                    ERROR,
                    params={"players": len(seated), "least": PLAYERS_MIN, "most": PLAYERS_MAX},
                )
            )
    numbers_ok = True
    for line in lines:
        for name in ("score", "tiles_left"):
            if not whole_number(getattr(line, name)):
                numbers_ok = False
                problems.append(
                    Problem(
                        NOT_WHOLE_NUMBER, ERROR, line.player, name, {"value": getattr(line, name)}
                    )
                )
        if not isinstance(line.went_out, bool):
            numbers_ok = False
            problems.append(Problem(NOT_A_FLAG, ERROR, line.player, "went_out"))
    if not numbers_ok:
        return problems
    most = max(rack_values())
    for line in lines:
        if line.score > score_bound():
            problems.append(
                Problem(
                    SCORE_OUT_OF_RANGE,
                    ERROR,
                    line.player,
                    "score",
                    {"score": line.score, "most": score_bound()},
                )
            )
        if line.went_out and line.tiles_left:
            problems.append(
                Problem(
                    OUT_WITH_TILES,
                    ERROR,
                    line.player,
                    "tiles_left",
                    {"tiles_left": line.tiles_left},
                )
            )
        elif line.tiles_left not in rack_values():
            problems.append(
                Problem(
                    TILES_OUT_OF_RANGE,
                    ERROR,
                    line.player,
                    "tiles_left",
                    {"tiles_left": line.tiles_left, "most": most, "rack": RACK},
                )
            )
    out = [line.player for line in lines if line.went_out]
    if len(out) > 1:
        problems.append(Problem(TWO_WENT_OUT, ERROR, out[1], "went_out", {"first": out[0]}))
    racks = [line for line in lines if not line.went_out]
    together = sum(line.tiles_left for line in racks)
    if len(racks) > 1 and together > racks_bound(len(racks)):
        problems.append(
            Problem(
                RACKS_OUT_OF_RANGE,
                ERROR,
                params={"together": together, "most": racks_bound(len(racks))},
            )
        )
    return problems


@dataclass(frozen=True)
class Record:
    """A player's record over a tournament's games (what the standings compare). Wins are
    counted in halves (a draw is one half), so that the ranking compares whole numbers."""

    key: Hashable
    half_wins: int = 0
    spread: int = 0
    score_sum: int = 0
    games: int = 0
    byes: int = 0

    @property
    def wins(self) -> float:
        return self.half_wins / 2


STANDINGS = ("half_wins", "spread", "score_sum")


def records(
    games: Iterable[Mapping[Hashable, int]],
    byes: Iterable[Hashable] = (),
    *,
    bye_margin: int = BYE_MARGIN,
    participants: Iterable[Hashable] = (),
) -> dict[Hashable, Record]:
    """Each participant's record: ``games`` are the final scores of each board's game
    (``final_scores``), ``byes`` the player of each bye."""
    rows = {key: [0, 0, 0, 0, 0] for key in participants}
    for scores in games:
        players = list(scores)
        for player in players:
            row = rows.setdefault(player, [0, 0, 0, 0, 0])
            row[2] += scores[player]
            row[3] += 1
            for other in players:
                if other != player:
                    difference = scores[player] - scores[other]
                    row[0] += 2 if difference > 0 else 1 if difference == 0 else 0
                    row[1] += difference
    for player in byes:
        row = rows.setdefault(player, [0, 0, 0, 0, 0])
        row[0] += 2
        row[1] += bye_margin
        row[4] += 1
    return {key: Record(key, *row) for key, row in rows.items()}


def scrabble_rank(rows: Iterable[Record], lots: Sequence[Sequence[Hashable]] = ()) -> list[Ranked]:
    """The standings: wins (a draw half), then spread, then the sum of scores; rows equal in
    all three share the place unless a recorded lot names exactly that group."""
    return rank(rows, lots, chain=STANDINGS)


# The pairing.


class _Bye:
    """The bye's seat in a pairing (one more seat of an odd field)."""

    def __repr__(self) -> str:
        return "BYE"


BYE_SEAT = _Bye()


@dataclass(frozen=True)
class Pairing:
    pairs: tuple[tuple[Hashable, Hashable], ...]  # the higher in the order first
    bye: Hashable | None = None
    order: tuple[Hashable, ...] = ()  # the order the pairing read (standings with the lot)
    rematches: int = 0  # pairs that met before (a repeated bye counts as one)


@dataclass(frozen=True)
class History:
    """What earlier rounds leave to the pairing: who met whom, and who had a bye."""

    met: frozenset = frozenset()  # frozensets of two players
    had_bye: frozenset = frozenset()

    @classmethod
    def of(cls, pairings: Iterable[Pairing]) -> "History":
        met, had_bye = set(), set()
        for pairing in pairings:
            met.update(frozenset(pair) for pair in pairing.pairs)
            if pairing.bye is not None:
                had_bye.add(pairing.bye)
        return cls(frozenset(met), frozenset(had_bye))


@dataclass(frozen=True)
class PairingOptions:
    first_round: str = BY_RATING
    king_of_the_hill: bool = False  # the last round 1–2, 3–4, … as they stand
    ratings: Mapping = field(default_factory=dict)  # for the first round by rating


def pairing_what(slug: str, round_number: int) -> str:
    """The name of a round's pairing as its commitment writes it."""
    return f"{slug}/scrabble/round-{round_number}/pairing"


def lot_order(keys: Iterable[Hashable], seed) -> list:
    """The round's lot: the players in an order drawn from the seed (sorted first, so that
    the order the caller lists them in does not matter)."""
    order = sorted(keys)
    random_for(seed).shuffle(order)
    return order


def pair_round(
    records: Iterable[Record],
    *,
    round_number: int,
    seed,
    history: History = History(),
    options: PairingOptions = PairingOptions(),
    last_round: bool = False,
) -> Pairing:
    """The pairing of a round (see the module's documentation); a pure function of its
    arguments."""
    rows = {row.key: row for row in records}
    drawn = lot_order(rows, seed)
    if round_number == 1:
        if options.first_round not in FIRST_ROUND:
            raise ValueError(f"the first round is paired by {' or '.join(FIRST_ROUND)}")
        if options.first_round == BY_LOT:
            return _neighbours(drawn, history)
        rated = sorted(drawn, key=lambda key: -_rating(options.ratings.get(key)))
        return _halves(rated, history)
    order = sorted(drawn, key=lambda key: (-rows[key].half_wins, -rows[key].spread))
    if last_round and options.king_of_the_hill:
        return _neighbours(order, history)
    return _swiss(order, history)


def _rating(value) -> float:
    return float("-inf") if value is None else value


def _rematch(a, b, history: History) -> bool:
    if a is BYE_SEAT or b is BYE_SEAT:
        return (b if a is BYE_SEAT else a) in history.had_bye
    return frozenset((a, b)) in history.met


def _pairing(order: list, seats: list[tuple], history: History) -> Pairing:
    pairs, bye = [], None
    for a, b in seats:
        if a is BYE_SEAT or b is BYE_SEAT:
            bye = b if a is BYE_SEAT else a
        else:
            pairs.append((a, b))
    rematches = sum(_rematch(a, b, history) for a, b in seats)
    return Pairing(tuple(pairs), bye, tuple(order), rematches)


def _neighbours(order: list, history: History) -> Pairing:
    seats = order + [BYE_SEAT] * (len(order) % 2)
    return _pairing(order, [(seats[i], seats[i + 1]) for i in range(0, len(seats), 2)], history)


def _halves(order: list, history: History) -> Pairing:
    """The top half against the bottom half (1 against n/2 + 1, …); an odd field's lowest
    takes the bye."""
    paired = order[: len(order) - len(order) % 2]
    half = len(paired) // 2
    seats = [(paired[i], paired[i + half]) for i in range(half)]
    if len(order) % 2:
        seats.append((order[-1], BYE_SEAT))
    return _pairing(order, seats, history)


def _swiss(order: list, history: History) -> Pairing:
    # networkx imported here, when a round is paired: at the top it cost every command and
    # every server worker 60 ms of start-up (rules.rulesets imports this module)
    import networkx

    seats = order + [BYE_SEAT] * (len(order) % 2)
    count = len(seats)
    if count == 0:
        return Pairing((), None, (), 0)
    # A rematch costs more than any pairing's distances together, so that the matching of
    # greatest weight has the fewest rematches first, then the least sum of squared distances.
    distances = count * count * count
    rematch = distances + 1
    ceiling = rematch + distances
    graph = networkx.Graph()
    graph.add_nodes_from(range(count))
    for i in range(count):
        for j in range(i + 1, count):
            cost = (j - i) ** 2 + rematch * _rematch(seats[i], seats[j], history)
            graph.add_edge(i, j, weight=ceiling - cost)
    matching = networkx.max_weight_matching(graph, maxcardinality=True)
    chosen = sorted(tuple(sorted(pair)) for pair in matching)
    return _pairing(order, [(seats[i], seats[j]) for i, j in chosen], history)


# A tournament's round paired from the rounds played before it.


@dataclass(frozen=True)
class PlayedRound:
    """A round played: each board's final scores (``final_scores``) and its bye."""

    boards: tuple[Mapping[Hashable, int], ...] = ()
    bye: Hashable | None = None
    odd: Hashable | None = None  # the odd player who joined a board of three instead of a bye


def pairing_method(
    round_number: int, *, first_round: str, king_of_the_hill: bool, last_round: bool
) -> str:
    """How round ``round_number`` is paired under the tournament's settings."""
    if round_number == 1:
        return first_round
    return KING_OF_THE_HILL if king_of_the_hill and last_round else SWISS


def pair_after(
    played: Sequence[PlayedRound],
    participants: Iterable[Hashable],
    *,
    method: str,
    seed,
    bye_margin: int = BYE_MARGIN,
    ratings: Mapping | None = None,
) -> Pairing:
    """The pairing of the round after ``played`` for ``participants`` (those who play it),
    paired ``method`` (``PAIRINGS``) from the standings of the rounds played (a bye a win by
    ``bye_margin``) and who met whom: what the software pairs and ``rules.verify`` reproduces
    from the published data."""
    if method not in PAIRINGS:
        raise ValueError(f"a round is paired by {', '.join(PAIRINGS)}, not {method!r}")
    round_number = len(played) + 1
    if (method in FIRST_ROUND) != (round_number == 1):
        raise ValueError(f"round {round_number} cannot be paired by {method}")
    playing = list(participants)
    rows = records(
        (scores for round_ in played for scores in round_.boards),
        (round_.bye for round_ in played if round_.bye is not None),
        bye_margin=bye_margin,
        participants=playing,
    )
    history = History(
        frozenset(
            frozenset((a, b))
            for round_ in played
            for scores in round_.boards
            for a in scores
            for b in scores
            if a != b
        ),
        # the odd seat rotates as the bye does: whoever had either is not given it again
        # while another can take it
        frozenset(
            player for round_ in played for player in (round_.bye, round_.odd) if player is not None
        ),
    )
    options = PairingOptions(
        first_round=method if method in FIRST_ROUND else BY_RATING,
        king_of_the_hill=method == KING_OF_THE_HILL,
        ratings=dict(ratings or {}),
    )
    return pair_round(
        [rows[key] for key in playing],
        round_number=round_number,
        seed=seed,
        history=history,
        options=options,
        last_round=method == KING_OF_THE_HILL,
    )


def odd_of(board: Sequence) -> Hashable | None:
    """The odd player of a board of three (``boards_of`` with ``threes``: seated third), or
    None for any other board."""
    return board[PLAYERS_MIN] if len(board) == PLAYERS_MIN + 1 else None


def boards_of(pairing: Pairing, *, threes: bool = False) -> list[list]:
    """The pairing's boards in order, each its players (the higher in the order first), the
    bye last as a board of one; with ``threes`` (the organiser's choice for an odd field) the
    odd player joins the last board instead, a board of three, third."""
    boards = [list(pair) for pair in pairing.pairs]
    if pairing.bye is not None:
        if threes and boards:
            boards[-1].append(pairing.bye)
        else:
            boards.append([pairing.bye])
    return boards
