"""Club rules of Syllabatim, which the championship does not use (E): the casual scoring of
``pravidla-syllabatim.txt`` and the action cards of ``pravidla-syllabatim-2.txt``.

Casual scoring: a round scores the laid words' value minus the unused cards, never below zero
(there is no close bonus); 10 points more for the most words and 10 for the longest word (by
letters, a joker counting one), neither on a tie; with two players only the one agreed bonus.

Action cards change the value of the words: the shortest word (fewest cards) counts twice,
the longest (most cards) is halved with the player writing off the smaller half (a 9-point
word keeps 5, the source's example and RULES.md), and +3,
−2 and +5 change the words' total.
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

WORD_BONUS = 10  # for the most words, and for the longest word (pravidla-syllabatim.txt)
MOST_WORDS = "most_words"
LONGEST_WORD = "longest_word"

DOUBLE_SHORTEST = "double_shortest"  # "Minislovo násob x2!"
HALVE_LONGEST = "halve_longest"  # "Maxislovo vyděl :2!"
BONUS_3 = "bonus_3"  # "Bonus 3 body!"
LOSS_2 = "loss_2"  # "Ztráta 2 body!"
GOLDEN_5 = "golden_5"  # "Zlatý bonus 5 bodů!"
POINTS = {BONUS_3: 3, LOSS_2: -2, GOLDEN_5: 5}
ACTION_CARDS = (DOUBLE_SHORTEST, HALVE_LONGEST, *POINTS)


@dataclass(frozen=True)
class Word:
    cards: int  # cards laid in the word
    letters: int  # letters it reads (a two-letter card gives two, a joker one)
    value: int  # printed values of its cards (jokers 0)


@dataclass(frozen=True)
class Hand:
    """What one player laid and kept in one round, in the order the words were laid."""

    words: tuple[Word, ...] = ()
    unused: int = 0
    action_cards: tuple[str, ...] = ()


def words_value(hand: Hand) -> int:
    """The words' total after the action cards; where several words are equally short (or
    long), the card takes the first laid of them."""
    values = [word.value for word in hand.words]
    for card in hand.action_cards:
        if card not in ACTION_CARDS:
            raise ValueError(f"unknown action card {card!r}")
        if not values or card in POINTS:
            continue
        cards = [word.cards for word in hand.words]
        if card == DOUBLE_SHORTEST:
            values[cards.index(min(cards))] *= 2
        else:
            index = cards.index(max(cards))
            values[index] -= values[index] // 2
    return sum(values) + sum(POINTS.get(card, 0) for card in hand.action_cards)


def word_bonuses(hands: Mapping[Hashable, Hand], two_player_bonus: str = MOST_WORDS) -> dict:
    """Each player's casual bonus points: the sole holder of the most words and the sole
    holder of the longest word get WORD_BONUS each."""
    kinds = (MOST_WORDS, LONGEST_WORD) if len(hands) != 2 else (two_player_bonus,)
    measures = {
        MOST_WORDS: lambda hand: len(hand.words),
        LONGEST_WORD: lambda hand: max((word.letters for word in hand.words), default=0),
    }
    bonuses = dict.fromkeys(hands, 0)
    for kind in kinds:
        scores = {player: measures[kind](hand) for player, hand in hands.items()}
        best = max(scores.values(), default=0)
        leaders = [player for player, score in scores.items() if score == best]
        if best > 0 and len(leaders) == 1:
            bonuses[leaders[0]] += WORD_BONUS
    return bonuses


def casual_round(hands: Mapping[Hashable, Hand], two_player_bonus: str = MOST_WORDS) -> dict:
    """The round's score of every player at a table under the club rules."""
    bonuses = word_bonuses(hands, two_player_bonus)
    return {
        player: max(0, words_value(hand) - hand.unused) + bonuses[player]
        for player, hand in hands.items()
    }


def winners(totals: Mapping[Hashable, int]) -> Sequence[Hashable]:
    """Casual games end after round 7; on equal points there are several winners."""
    best = max(totals.values())
    return sorted(player for player, total in totals.items() if total == best)
