"""Slovní poker (``pravidla-slovni-poker.txt``), the association's card and dice game of 2–9
players a table, as a club tournament plays it. Every number of its rules is here, once; the
card values are data (``data/slovni-poker-cards.csv``).

A deal: each player lays one word of the cards in hand (five, kept at five by the exchanges)
and the dice on the table (five at the end); the deal's result is the word's points (its
cards' and dice's) minus the points of the cards left in hand. The highest result wins the
deal, and all who share it win it ("vyhrávají všichni hráči s nejvyšším bodovým ziskem"). A
game at a table ends when a player reaches the deal wins set for the tournament (five by the
rules), or, in the variant of the rules ("Zápisník nebo počítadlo"), when a player's points
reach a limit set beforehand; all who reach it in that same deal with the most points win it
(the rules name one winner; equal stays equal, as in a deal). A deal's results may be below
zero, so no number of deals is sure to reach a points limit: a tournament bounds such a game
by the most deals it plays (``GameEnd.deals_limit``, the organiser's, not the rules'); a game
nobody has brought to the limit by then ends after that deal, won by the most points (the
player nearest the limit).

What a sheet may say is bound by the cards: five cards in hand, split between the word and
what is left. The points left are those of some of the hand's cards; the word holds the rest
of the hand's cards (each worth one point at least) and dice. The rules text gives no points
of the dice's faces, so the word's points have no upper bound unless the tournament records
the highest face (``max_die_value``), but for a number of ten digits (``WORD_MOST``).

Standings of a tournament: games won, deals won, points (the sum of the deal results), in
the order the organiser chose and the tournament's settings record; equal in every step
shares the place unless the organiser orders a lot.
"""

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path

from .cards import data_rows
from .ranking import Ranked, rank
from .sheet import ERROR, NOT_WHOLE_NUMBER, Problem, seat_problems, whole_number

CARDS_FILE = Path(__file__).with_name("data") / "slovni-poker-cards.csv"
HAND = 5  # "každému hráči rozdá 5 karet"; an exchange draws as many as it discards
DICE = 5  # three thrown first, a fourth and the fifth after the exchanges
# The dice's faces unrecorded, a word's points are still no number of ten digits: no record
# keeps one (a sheet of 3000000000 was a database error), and no die shows such a face.
WORD_MOST = 999_999_999
PLAYERS_MIN, PLAYERS_MAX = 2, 9  # "pro 2-9 hráčů"
DEAL_WINS = 5  # "Celkovým vítězem je hráč, který dosáhne pěti vítězství"
DEAL_WINS_MAX = 10  # the most deal wins a tournament may set (not the rules': bounds the deals)
# The highest deal number a game can reach under any setting a tournament may record: nine
# players to DEAL_WINS_MAX deal wins (``most_deals``); a round's number is bounded by it, as
# 1-7 bound a Syllabatim game's rounds, and so is a game to a points limit's deals_limit.
DEALS_MAX = PLAYERS_MAX * (DEAL_WINS_MAX - 1) + 1
DEALS_LIMIT = 15  # the most deals of a game to a points limit unless the organiser sets others

# What a game is played to (the tournament's setting).
TO_DEAL_WINS = "deal_wins"
TO_POINTS = "points_limit"

# The standings' criteria, which the organiser orders (the tournament's settings record it).
GAMES_WON = "games_won"
DEALS_WON = "deals_won"
POINTS = "points"
CRITERIA = (GAMES_WON, DEALS_WON, POINTS)

# Problem codes of a deal's sheet (besides rules.sheet's seat problems and NOT_WHOLE_NUMBER).
TABLE_SIZE = "table_size"  # fewer than two or more than nine players at the table
LEFT_OUT_OF_RANGE = "left_out_of_range"  # no hand of five of the deck's cards leaves that
WORD_OUT_OF_RANGE = (
    "word_out_of_range"  # below the cards the word must hold, or above cards and dice
)
DEAL_AFTER_GAME_END = "deal_after_game_end"  # the game was already won
DEAL_OUT_OF_ORDER = "deal_out_of_order"  # deal numbers are 1, 2, 3, … without a gap


@dataclass(frozen=True)
class Card:
    letters: str
    value: int
    count: int


@cache
def deck() -> tuple[Card, ...]:
    return tuple(
        Card(row["card"], int(row["value"]), int(row["count"])) for row in data_rows(CARDS_FILE)
    )


@cache
def hand_splits() -> dict[int, tuple[int, int]]:
    """For every number of points a hand of five of the deck's cards can leave: the least and
    the most points of the hand's other cards (those laid in the word)."""
    counts: Counter = Counter()
    for card in deck():
        counts[card.value] += card.count
    splits: dict[int, tuple[int, int]] = {}
    for hand in combinations_with_replacement(sorted(counts), HAND):
        if any(hand.count(value) > counts[value] for value in set(hand)):
            continue
        total = sum(hand)
        for size in range(HAND + 1):
            for left in combinations(hand, size):
                points = sum(left)
                least, most = splits.get(points, (total - points, total - points))
                splits[points] = (min(least, total - points), max(most, total - points))
    return splits


@dataclass(frozen=True)
class DealLine:
    """One player's line of a deal: the word's points (cards and dice) and the points of the
    cards left in hand, as entered."""

    player: Hashable
    word: object
    left: object

    @property
    def result(self) -> int:
        return self.word - self.left


def deal_results(lines: Sequence[DealLine]) -> dict[Hashable, int]:
    return {line.player: line.result for line in lines}


def deal_winners(lines: Sequence[DealLine]) -> frozenset:
    """Everyone with the deal's highest result."""
    results = deal_results(lines)
    if not results:
        return frozenset()
    best = max(results.values())
    return frozenset(player for player, result in results.items() if result == best)


@dataclass(frozen=True)
class GameEnd:
    """What a game at a table is played to: ``deal_wins`` deal wins (the rules: five), or, with
    ``to=TO_POINTS``, ``points_limit`` points summed over the deals, in ``deals_limit`` deals
    at most (after the last the most points win)."""

    to: str = TO_DEAL_WINS
    deal_wins: int = DEAL_WINS
    points_limit: int = 30  # "například na 30 nebo více bodů"
    deals_limit: int = DEALS_LIMIT

    def __post_init__(self):
        if self.to not in (TO_DEAL_WINS, TO_POINTS):
            raise ValueError(f"a game is played to deal wins or to a points limit, not {self.to!r}")
        if self.to == TO_DEAL_WINS and not (whole_number(self.deal_wins) and self.deal_wins >= 1):
            raise ValueError("a game is played to one deal win at least")
        if self.to == TO_POINTS and not (
            whole_number(self.points_limit) and self.points_limit >= 1
        ):
            raise ValueError("a points limit is one point at least")
        if self.to == TO_POINTS and not (
            whole_number(self.deals_limit) and 1 <= self.deals_limit <= DEALS_MAX
        ):
            raise ValueError(f"a game to a points limit plays 1 to {DEALS_MAX} deals")


@dataclass(frozen=True)
class GameState:
    deal_wins: Mapping[Hashable, int]
    points: Mapping[Hashable, int]
    ended_after: int | None  # the deal that ended the game (1-based), None while it goes on
    winners: frozenset  # empty while it goes on


def game_state(
    deals: Sequence[Sequence[DealLine]], end: GameEnd = GameEnd(), players: Iterable = ()
) -> GameState:
    """Where a game stands after its deals (in the order played). Deals after the one that
    ended the game do not count (the sheet refuses them: ``check_deal``)."""
    wins: dict = dict.fromkeys(players, 0)
    points: dict = dict.fromkeys(players, 0)
    for number, lines in enumerate(deals, start=1):
        for player, result in deal_results(lines).items():
            points[player] = points.get(player, 0) + result
            wins.setdefault(player, 0)
        for player in deal_winners(lines):
            wins[player] += 1
        winners = _winners(wins, points, end, number)
        if winners:
            return GameState(wins, points, number, winners)
    return GameState(wins, points, None, frozenset())


def most_deals(players: int, end: GameEnd = GameEnd()) -> int | None:
    """The most deals a game of ``players`` at a table can take: every deal is won by someone,
    so after ``players × (deal_wins − 1) + 1`` deals some player has ``deal_wins`` of them (and
    a game can last that long: each player wins ``deal_wins − 1`` deals alone first). To a
    points limit: the tournament's ``deals_limit`` (a deal's results may be below zero, so no
    number of deals is sure to reach the limit). What the draws, the desk's grid and a stage's
    progress must plan for a game's deals."""
    if end.to == TO_POINTS:
        return end.deals_limit
    return players * (end.deal_wins - 1) + 1


def ended_tables(tables: Iterable[Sequence[Sequence[DealLine]]], end: GameEnd = GameEnd()) -> int:
    """How many of a game's ``tables`` (each its deals in the order played) have finished
    their game: a table is done when a player has won it, whatever deals it has left (the
    sheet refuses a deal after the game's end)."""
    return sum(1 for deals in tables if game_state(deals, end).ended_after is not None)


def _winners(wins: Mapping, points: Mapping, end: GameEnd, deal: int) -> frozenset:
    """Who has won the game after ``deal``: the deal wins set; else the first to the points
    limit (of several in the same deal, the most points); else, after the last deal a game to
    a points limit plays, the most points."""
    if end.to == TO_DEAL_WINS:
        return frozenset(player for player, won in wins.items() if won >= end.deal_wins)
    reached = {player: total for player, total in points.items() if total >= end.points_limit}
    if not reached and deal >= end.deals_limit:
        reached = dict(points)
    if not reached:
        return frozenset()
    best = max(reached.values())
    return frozenset(player for player, total in reached.items() if total == best)


def check_deal(
    lines: Sequence[DealLine],
    *,
    deal_number: int,
    earlier: Sequence[Sequence[DealLine]] = (),
    seated: Sequence[Hashable] | None = None,
    end: GameEnd = GameEnd(),
    max_die_value: int | None = None,
) -> list[Problem]:
    """Every problem of one deal's sheet at one table, in sheet order: the seats, the table's
    size, each line's numbers against the cards (and the dice, when their highest face is
    known), and whether the game was already won by the ``earlier`` deals."""
    problems: list[Problem] = []
    if seated is not None:
        problems, lines = seat_problems(lines, seated)
        if not PLAYERS_MIN <= len(seated) <= PLAYERS_MAX:
            problems.append(
                Problem(
                    TABLE_SIZE,
                    ERROR,
                    params={"players": len(seated), "least": PLAYERS_MIN, "most": PLAYERS_MAX},
                )
            )
    if deal_number != len(earlier) + 1:
        problems.append(
            Problem(
                DEAL_OUT_OF_ORDER, ERROR, params={"deal": deal_number, "next": len(earlier) + 1}
            )
        )
    state = game_state(earlier, end)
    if state.ended_after is not None:
        problems.append(
            Problem(
                DEAL_AFTER_GAME_END,
                ERROR,
                params={"deal": deal_number, "ended_after": state.ended_after},
            )
        )
    for line in lines:
        problems += line_problems(line, max_die_value)
    return problems


def line_problems(line: DealLine, max_die_value: int | None = None) -> list[Problem]:
    found = [
        Problem(NOT_WHOLE_NUMBER, ERROR, line.player, name, {"value": getattr(line, name)})
        for name in ("word", "left")
        if not whole_number(getattr(line, name))
    ]
    if found:
        return found
    splits = hand_splits()
    if line.left not in splits:
        return [
            Problem(
                LEFT_OUT_OF_RANGE,
                ERROR,
                line.player,
                "left",
                {"left": line.left, "most": max(splits), "hand": HAND},
            )
        ]
    least, most = splits[line.left]
    most = WORD_MOST if max_die_value is None else most + DICE * max_die_value
    if line.word < least or line.word > most:
        params = {"word": line.word, "left": line.left, "least": least}
        if max_die_value is not None or line.word > most:
            params["most"] = most
        return [Problem(WORD_OUT_OF_RANGE, ERROR, line.player, "word", params)]
    return []


@dataclass(frozen=True)
class Record:
    """A player's record over a tournament's games (what the standings compare)."""

    key: Hashable
    games_won: int = 0
    deals_won: int = 0
    points: int = 0
    games: int = 0
    deals: int = 0
    best_deal: int = 0  # the best deal result (0 before any deal)


def records(
    games: Iterable[Sequence[Sequence[DealLine]]], end: GameEnd = GameEnd(), participants=()
) -> dict[Hashable, Record]:
    """Each participant's record over ``games`` (each the deals of one table's game, in
    order). A game not yet won counts its deals but no game win."""
    totals = {key: [0, 0, 0, 0, 0] for key in participants}
    best: dict[Hashable, int] = {}
    for deals in games:
        state = game_state(deals, end)
        played = deals if state.ended_after is None else deals[: state.ended_after]
        seen = {line.player for lines in played for line in lines}
        for player in seen:
            row = totals.setdefault(player, [0, 0, 0, 0, 0])
            row[0] += player in state.winners
            row[1] += state.deal_wins.get(player, 0)
            row[2] += state.points.get(player, 0)
            row[3] += 1
        for lines in played:
            for line in lines:
                totals[line.player][4] += 1
                best[line.player] = max(best.get(line.player, line.result), line.result)
    return {key: Record(key, *row, best.get(key, 0)) for key, row in totals.items()}


def standing_order(order: Sequence[str]) -> tuple[str, ...]:
    """The organiser's order of the standings' criteria, checked: some of games won, deals
    won and points, each once."""
    order = tuple(order)
    if not order or len(set(order)) != len(order) or not set(order) <= set(CRITERIA):
        raise ValueError(
            f"the standings order some of {', '.join(CRITERIA)}, each once; not {order!r}"
        )
    return order


def poker_rank(
    rows: Iterable[Record],
    order: Sequence[str] = CRITERIA,
    lots: Sequence[Sequence[Hashable]] = (),
) -> list[Ranked]:
    """The standings: by the criteria in the tournament's order, more first; rows equal in
    every one share the place, unless a recorded lot names exactly that group."""
    return rank(rows, lots, chain=standing_order(order))
