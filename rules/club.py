"""Club rules of Syllabatim, which the championship does not use (E): the casual scoring of
``pravidla-syllabatim.txt`` and the action cards of ``pravidla-syllabatim-2.txt``. Every number
of these rules is here, once; ``rules.rulesets`` offers them as rule sets a tournament chooses.

Casual scoring: a round scores the laid words' value minus the unused cards, never below zero
(there is no close bonus); 10 points more for the most words and 10 for the longest word (by
letters, a joker counting one), neither on a tie; at a table of two only the one bonus the
players agreed on.

Syllabatim 2 plays the casual scoring with action cards, one of each in the deck. Five are kept
until the round is scored and change the value of the words: the shortest word (fewest cards)
counts twice, the longest (most cards) is halved with the player writing off the smaller half
(a 9-point word keeps 5, the source's example and RULES.md), and +3, −2 and +5 change the
words' total. Each acts on the printed value of its word, so a word that is both the shortest
and the longest (a player's only word) gains its value and loses the smaller half of it: 9
becomes 9 + 9 − 4 = 14 (the sources do not say; a sheet records no order of the cards, and this
reading needs none). The other four move a card between hands during the round: a hand may
then hold up to three cards more than the deal.

A score sheet of the club rules asks per player and round, besides laid, unused and closed,
the number of words laid and the letters of the longest word; with Syllabatim 2 also the
action cards kept and the printed value of the word each of "×2" and "÷2" acts on.
"""

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from .championship import MAX_CARD_VALUE, deal_size
from .ranking import Performance, Ranked, rank
from .sheet import (
    ERROR,
    NOT_WHOLE_NUMBER,
    Problem,
    SheetLine,
    check_sheet,
    errors,
    seat_problems,
    unusual_scores,
    whole_number,
)

WORD_BONUS = 10  # for the most words, and for the longest word (pravidla-syllabatim.txt)
MOST_WORDS = "most_words"
LONGEST_WORD = "longest_word"
WORD_BONUSES = (MOST_WORDS, LONGEST_WORD)
TWO_PLAYERS = 2  # a table of two plays one bonus only, agreed before the game
MIN_WORD_CARDS = 2  # a word is laid with two cards at least ("tvořena alespoň dvěma kartami")
MAX_CARD_LETTERS = 2  # a card carries one letter or two (LÝ, EM, OV); a joker stands for one

# Syllabatim 2's action cards (pravidla-syllabatim-2.txt), one of each in the deck.
DOUBLE_SHORTEST = "double_shortest"  # "Minislovo násob x2!"
HALVE_LONGEST = "halve_longest"  # "Maxislovo vyděl :2!"
BONUS_3 = "bonus_3"  # "Bonus 3 body!"
LOSS_2 = "loss_2"  # "Ztráta 2 body!"
GOLDEN_5 = "golden_5"  # "Zlatý bonus 5 bodů!"
POINTS = {BONUS_3: 3, LOSS_2: -2, GOLDEN_5: 5}
# Kept by the player until the round is scored: these change the score.
SCORING_CARDS = (DOUBLE_SHORTEST, HALVE_LONGEST, *POINTS)
# Played at once and dead: these move a card between hands. A hand gains one with "Lízni
# kartu!", with "Vezmi soupeři kartu!" and from an opponent's "Dej soupeři kartu!".
DRAW_CARD = "draw_card"  # "Lízni kartu!"
DISCARD_CARD = "discard_card"  # "Odhoď kartu!"
GIVE_CARD = "give_card"  # "Dej soupeři kartu!"
TAKE_CARD = "take_card"  # "Vezmi soupeři kartu!"
CARDS_GAINED = (DRAW_CARD, TAKE_CARD, GIVE_CARD)
ACTION_CARDS = (DRAW_CARD, DISCARD_CARD, GIVE_CARD, TAKE_CARD, *SCORING_CARDS)
# The value of the word each card acts on, asked on the sheet only when the card was kept.
WORD_OF_CARD = {DOUBLE_SHORTEST: "doubled_word", HALVE_LONGEST: "halved_word"}

# Problem codes of a club sheet, beside those of rules.sheet (which checks laid, unused and
# closed here as in the championship).
TOO_MANY_WORDS = "too_many_words"  # more words than the hand's cards can make
LONGEST_WORD_OUT_OF_RANGE = "longest_word_out_of_range"  # no word, yet a length; or impossible
LAID_WITHOUT_WORDS = "laid_without_words"  # laid points but no word
CLOSER_WITHOUT_WORDS = "closer_without_words"  # the closer lays every card but one in words
NOT_AN_ACTION_CARD = "not_an_action_card"  # not a card of the rule set that changes a score
ACTION_CARD_TWICE = "action_card_twice"  # the deck has one of each
WORD_VALUE_OUT_OF_RANGE = "word_value_out_of_range"  # the word "×2" or "÷2" acts on


@dataclass(frozen=True)
class ClubLine:
    """One player's line of a club score sheet for one round (the values as entered)."""

    player: Hashable
    laid: object  # printed values of the words' cards (jokers 0), before any action card
    unused: object
    closed: bool = False
    words: object = 0  # words laid
    longest_word: object = 0  # letters of the longest word (a joker one)
    action_cards: tuple = ()  # Syllabatim 2: the scoring action cards the player kept
    doubled_word: object = 0  # printed value of the shortest word, with "×2"
    halved_word: object = 0  # printed value of the longest word, with "÷2"

    @property
    def counts_as_close(self) -> bool:
        return bool(self.closed)


@dataclass(frozen=True)
class Word:
    cards: int  # cards laid in the word
    letters: int  # letters it reads (a two-letter card gives two, a joker one)
    value: int  # printed values of its cards (jokers 0)


@dataclass(frozen=True)
class Hand:
    """What one player laid and kept in one round, word by word, in the order laid."""

    words: tuple[Word, ...] = ()
    unused: int = 0
    action_cards: tuple[str, ...] = ()

    def line(self, player: Hashable, closed: bool = False) -> ClubLine:
        """The hand as its sheet asks it. Where several words are equally short (or long), a
        card acts on the first laid of them."""
        cards = [word.cards for word in self.words]
        kept = {}
        if self.words:
            shortest = self.words[cards.index(min(cards))]
            longest = self.words[cards.index(max(cards))]
            values = {DOUBLE_SHORTEST: shortest.value, HALVE_LONGEST: longest.value}
            kept = {
                WORD_OF_CARD[card]: values[card]
                for card in self.action_cards
                if card in WORD_OF_CARD
            }
        return ClubLine(
            player,
            laid=sum(word.value for word in self.words),
            unused=self.unused,
            closed=closed,
            words=len(self.words),
            longest_word=max((word.letters for word in self.words), default=0),
            action_cards=tuple(self.action_cards),
            **kept,
        )


def halved(value: int) -> int:
    """What a word keeps under "÷2": the smaller half is written off (9 keeps 5)."""
    return value - value // 2


def words_value(line: ClubLine) -> int:
    """The words' total after the action cards, each acting on the printed value of its word."""
    total = line.laid
    for card in line.action_cards:
        if card not in SCORING_CARDS:
            raise ValueError(f"not an action card that scores: {card!r}")
        if card == DOUBLE_SHORTEST:
            total += line.doubled_word
        elif card == HALVE_LONGEST:
            total -= line.halved_word - halved(line.halved_word)
        else:
            total += POINTS[card]
    return total


def word_bonuses(lines: Sequence[ClubLine], two_player_bonus: str = MOST_WORDS) -> dict:
    """Each player's bonus points: the sole holder of the most words and the sole holder of the
    longest word get WORD_BONUS each; at a table of two only ``two_player_bonus`` is played."""
    if two_player_bonus not in WORD_BONUSES:
        raise ValueError(f"not a bonus of the casual scoring: {two_player_bonus!r}")
    kinds = WORD_BONUSES if len(lines) != TWO_PLAYERS else (two_player_bonus,)
    measures = {MOST_WORDS: lambda line: line.words, LONGEST_WORD: lambda line: line.longest_word}
    bonuses = {line.player: 0 for line in lines}
    for kind in kinds:
        scores = {line.player: measures[kind](line) for line in lines}
        best = max(scores.values(), default=0)
        leaders = [player for player, score in scores.items() if score == best]
        if best > 0 and len(leaders) == 1:
            bonuses[leaders[0]] += WORD_BONUS
    return bonuses


def round_scores(lines: Sequence[ClubLine], two_player_bonus: str = MOST_WORDS) -> dict:
    """The round's score of every player at a table: the words (after the action cards) minus
    the unused cards, never below zero, plus the word bonuses."""
    bonuses = word_bonuses(lines, two_player_bonus)
    return {
        line.player: max(0, words_value(line) - line.unused) + bonuses[line.player]
        for line in lines
    }


def winners(totals: Mapping[Hashable, int]) -> Sequence[Hashable]:
    """Casual games end after round 7; on equal points there are several winners."""
    best = max(totals.values())
    return sorted(player for player, total in totals.items() if total == best)


# A club tournament ranks by points alone: "Vítězí ten hráč, který v průběhu všech kol získal v
# součtu nejvíce bodů. Při bodové shodě je tedy vítězů více." No tie-break chain.
CLUB_RANKING = ("points",)


def club_rank(rows: Sequence[Performance], lots: Sequence[Sequence[Hashable]] = ()) -> list[Ranked]:
    """A stage's standings under the club rules: more points first; equal points share the
    place (several winners, the next place skipped as in the championship). ``lots``: a lot
    the organiser drew for a tied group (where a cut to finals must separate it) orders it,
    as in the championship's ranking."""
    return rank(rows, lots, chain=CLUB_RANKING)


def check_club_sheet(
    lines: Sequence[ClubLine],
    *,
    round_number: int,
    action_cards: Sequence[str] = (),
    seated: Sequence[Hashable] | None = None,
    max_card_value: int = MAX_CARD_VALUE,
    averages: Mapping[Hashable, tuple[float, int]] | None = None,
    field_average: float = 0.0,
) -> list[Problem]:
    """Every problem of one round at one table under the club rules: the championship's checks
    of laid, unused and closed (``rules.sheet``), then the words, the longest word and the
    action cards. ``action_cards``: the scoring action cards of the rule set (none in the
    casual scoring, SCORING_CARDS with Syllabatim 2)."""
    problems: list[Problem] = []
    if seated is not None:
        problems, lines = seat_problems(lines, seated)
    extra = len(CARDS_GAINED) if action_cards else 0
    base = [SheetLine(line.player, line.laid, line.unused, line.closed) for line in lines]
    problems += check_sheet(
        base, round_number=round_number, max_card_value=max_card_value, extra_cards=extra
    )
    hand = deal_size(round_number) + extra
    for line in lines:
        problems += _line_problems(line, hand, action_cards)
    problems += _cards_held_twice(lines, action_cards)
    if averages and not errors(problems):
        problems += unusual_scores(
            base, averages, round_number=round_number, field_average=field_average
        )
    return problems


def _line_problems(line: ClubLine, hand: int, allowed: Sequence[str]) -> list[Problem]:
    found = []
    numbers = ("words", "longest_word", *WORD_OF_CARD.values())
    for name in numbers:
        value = getattr(line, name)
        if not whole_number(value):
            found.append(Problem(NOT_WHOLE_NUMBER, ERROR, line.player, name, {"value": value}))
    cards = line.action_cards if isinstance(line.action_cards, tuple | list) else ()
    if not isinstance(line.action_cards, tuple | list):
        found.append(Problem(NOT_AN_ACTION_CARD, ERROR, line.player, "action_cards"))
    for card in cards:
        if card not in allowed:
            found.append(
                Problem(NOT_AN_ACTION_CARD, ERROR, line.player, "action_cards", {"card": card})
            )
    if found or not whole_number(line.laid):
        return found
    words, longest = line.words, line.longest_word
    if words * MIN_WORD_CARDS > hand:
        most_words = hand // MIN_WORD_CARDS
        found.append(
            Problem(
                TOO_MANY_WORDS, ERROR, line.player, "words", {"words": words, "most": most_words}
            )
        )
    else:
        # The other words take two cards each at least; the rest of the hand may be one word.
        least, most = (
            (MIN_WORD_CARDS, MAX_CARD_LETTERS * (hand - MIN_WORD_CARDS * (words - 1)))
            if words
            else (0, 0)
        )
        if not least <= longest <= most:
            found.append(
                Problem(
                    LONGEST_WORD_OUT_OF_RANGE,
                    ERROR,
                    line.player,
                    "longest_word",
                    {"longest_word": longest, "least": least, "most": most},
                )
            )
    if not words and line.laid:
        found.append(Problem(LAID_WITHOUT_WORDS, ERROR, line.player, "laid", {"laid": line.laid}))
    if not words and line.closed:
        found.append(Problem(CLOSER_WITHOUT_WORDS, ERROR, line.player, "words"))
    for card, name in WORD_OF_CARD.items():
        value = getattr(line, name)
        if card not in cards or not words:
            least = most = 0  # not asked: no card, or no word for it to act on
        elif words == 1:
            least = most = line.laid  # the only word is worth all that was laid
        else:
            least, most = 0, line.laid
        if not least <= value <= most:
            found.append(
                Problem(
                    WORD_VALUE_OUT_OF_RANGE,
                    ERROR,
                    line.player,
                    name,
                    {"value": value, "least": least, "most": most},
                )
            )
    return found


def _cards_held_twice(lines: Sequence[ClubLine], allowed: Sequence[str]) -> list[Problem]:
    """The deck has one of each action card: a card on two lines (or twice on one) is an
    error at each of them."""
    held = Counter(
        card
        for line in lines
        if isinstance(line.action_cards, tuple | list)
        for card in line.action_cards
        if card in allowed
    )
    found = []
    for line in lines:
        if not isinstance(line.action_cards, tuple | list):
            continue
        for card in dict.fromkeys(line.action_cards):
            if held[card] > 1:
                holders = [other.player for other in lines if card in other.action_cards]
                found.append(
                    Problem(
                        ACTION_CARD_TWICE,
                        ERROR,
                        line.player,
                        "action_cards",
                        {"card": card, "players": holders},
                    )
                )
    return found
