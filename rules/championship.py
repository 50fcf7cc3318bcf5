"""The parameters of the championship regulations (Herní řád MČR, RULES.md), each once.

Paragraph letters refer to ``herni-rad-mcr.txt``.
"""

from dataclasses import dataclass

from .cards import highest_card_value

ROUND_NUMBERS = tuple(range(1, 8))  # a game has rounds 1..7 (F)
FIRST_ROUND_DEAL = 4  # round 1 deals 4 cards, each next round one more (F)
CLOSE_BONUS = 5  # points for closing a round (G)
MAX_CARD_VALUE = highest_card_value()  # the X card, 14 (pravidla-syllabatim.txt)

TABLE_SIZE_MIN = 5  # players at a table (D, L, N)
TABLE_SIZE_MAX = 8
# A final table has at most 7 where the number of players allows it: with 7 rounds, everyone
# then starts at least once (F); 8 only where no split into tables of 5–7 exists.
FINAL_TABLE_SIZE_MAX = 7
FINAL_GAMES = 2  # each final is two games (F, L, N)
QUALIFIER_GAMES_MAX = 20  # the most qualifier games the organiser can fix in advance (B)
QUALIFIER_ROUNDS_MIN = 3  # default range of a qualifier game's drawn round count (B)
QUALIFIER_ROUNDS_MAX = len(ROUND_NUMBERS)

ADULT_AGE = 18  # on the first day of the tournament (A)

# Advancement to the A-final per category (C, K).
QUOTA_SMALL_FIELD = 5  # at most SMALL_FIELD_MAX participants
QUOTA_LARGE_FIELD = 6
SMALL_FIELD_MAX = 20
QUOTA_MIN = 3  # the organiser may not go below this per category (K)
FINALISTS_WARNING_ABOVE = 10  # K: "at most 10 finalists": a warning, not a block

PODIUM_PLACES = 3  # places announced per category in the finals (O and "Vyhlášení")
TEAM_COUNTED_PLAYERS = 3  # a team scores its three best players (B)
TEAM_SIZE_MIN = 3  # B
TEAM_SIZE_MAX = 5

# The referee may order a slow table to play with a clock, at least a minute a move (protests 3).
MOVE_CLOCK_SECONDS_MIN = 60
MOVE_CLOCK_WARNING_SECONDS = 10  # this project's choice: the phone's warning before the end

# The tie-break chain (G, "Rovnost bodů"): compared in this order, higher first.
TIE_BREAK_CHAIN = ("points", "closes", "best_round")
TEAM_TIE_BREAK_CHAIN = TIE_BREAK_CHAIN  # this project's choice for teams (RULES.md, Teams)


@dataclass(frozen=True)
class ScoringSettings:
    """The configurable parameters of scoring a round, with the championship's defaults."""

    close_bonus: int = CLOSE_BONUS
    max_card_value: int = MAX_CARD_VALUE


def deal_size(round_number: int) -> int:
    """Cards dealt to each player in round ``round_number`` (1 → 4 … 7 → 10)."""
    if round_number not in ROUND_NUMBERS:
        raise ValueError(f"round number {round_number} is not one of {ROUND_NUMBERS}")
    return FIRST_ROUND_DEAL + round_number - 1


def card_value_bound(
    round_number: int, max_card_value: int = MAX_CARD_VALUE, extra_cards: int = 0
) -> int:
    """The most ``laid + unused`` can be in a round: the deal times the highest card value
    (with ``extra_cards`` a hand may hold beyond the deal: Syllabatim 2's action cards)."""
    return (deal_size(round_number) + extra_cards) * max_card_value


def starting_seat(first_starting_seat: int, round_position: int, table_size: int) -> int:
    """Seat index of the starting player in the game's ``round_position``-th round (0-based).

    The starting player token moves one seat to the left, i.e. clockwise, after every round (F).
    """
    return (first_starting_seat + round_position) % table_size
