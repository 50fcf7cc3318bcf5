"""The rule sets a tournament can be played by (issue 25): the championship's, the casual
scoring and Syllabatim 2; and the association's other game Slovní poker (issue 37). A tournament
chooses one when it is created; each says what its score sheet asks per player and round
(``fields``), makes a sheet line from the values entered (``line``), checks a table's round
(``check``) and scores it (``scores``).

The rules themselves are elsewhere, once: the championship's in ``score.py`` and ``sheet.py``
(numbers in ``championship.py``), the club rules in ``club.py``. Scores of a round are the
table's, not a line's: the casual bonuses depend on the others at the table.
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import ClassVar, Protocol

from . import club, scrabble, word_poker
from .championship import CLOSE_BONUS, MAX_CARD_VALUE
from .championship import deal_size as championship_deal_size
from .score import RESULT_FIELDS, RESULT_FLAGS, round_score
from .sheet import Problem, SheetLine, check_sheet

CHAMPIONSHIP = "championship"
CASUAL = "casual"
SYLLABATIM_2 = "syllabatim_2"
WORD_POKER = "word_poker"
SCRABBLE = "scrabble"

# What kind of answer a sheet's field takes.
COUNT = "count"  # a whole number, not below zero
FLAG = "flag"  # yes or no
CARDS = "cards"  # the scoring action cards the player kept (each at most once)


@dataclass(frozen=True)
class SheetField:
    name: str  # the line's attribute, and the name every form and file uses
    kind: str  # COUNT, FLAG or CARDS
    with_card: str | None = None  # asked only of a player who kept this action card


class RuleSet(Protocol):
    name: str
    fields: tuple[SheetField, ...]

    def line(self, player: Hashable, values: Mapping[str, object]): ...

    def check(
        self,
        lines: Sequence,
        *,
        round_number: int,
        seated: Sequence[Hashable] | None = None,
        max_card_value: int = MAX_CARD_VALUE,
        averages: Mapping[Hashable, tuple[float, int]] | None = None,
        field_average: float = 0.0,
    ) -> list[Problem]: ...

    def scores(self, lines: Sequence) -> dict[Hashable, int]: ...


def _unknown_fields(rule_set: RuleSet, values: Mapping[str, object]) -> None:
    asked = {field.name for field in rule_set.fields}
    unknown = sorted(set(values) - asked)
    if unknown:
        raise ValueError(f"{rule_set.name} sheets do not ask {', '.join(unknown)}")


@dataclass(frozen=True)
class Championship:
    """The championship's round score: laid minus unused, the close bonus, the penalty; a
    disqualified round scores nothing (G, H, I)."""

    close_bonus: int = CLOSE_BONUS
    name: ClassVar[str] = CHAMPIONSHIP
    fields: ClassVar[tuple[SheetField, ...]] = tuple(
        SheetField(name, FLAG if name in RESULT_FLAGS else COUNT) for name in RESULT_FIELDS
    )

    def line(self, player: Hashable, values: Mapping[str, object]) -> SheetLine:
        _unknown_fields(self, values)
        return SheetLine(player, **values)

    def check(self, lines: Sequence[SheetLine], **options) -> list[Problem]:
        return check_sheet(lines, **options)

    def scores(self, lines: Sequence[SheetLine]) -> dict[Hashable, int]:
        return {line.player: round_score(line.entry(), self.close_bonus) for line in lines}


_CLUB_FIELDS = {field.name: field for field in fields(club.ClubLine)}
_CARD_OF_WORD = {name: card for card, name in club.WORD_OF_CARD.items()}


def _club_field(name: str) -> SheetField:
    kind = {bool: FLAG, tuple: CARDS}.get(_CLUB_FIELDS[name].type, COUNT)
    return SheetField(name, kind, _CARD_OF_WORD.get(name))


@dataclass(frozen=True)
class Casual:
    """The casual scoring (pravidla-syllabatim.txt): no close bonus, 10 points for the most
    words and for the longest word to a sole leader; ``two_player_bonus`` is the one bonus a
    table of two plays."""

    two_player_bonus: str = club.MOST_WORDS
    name: ClassVar[str] = CASUAL
    action_cards: ClassVar[tuple[str, ...]] = ()
    fields: ClassVar[tuple[SheetField, ...]] = tuple(
        _club_field(name) for name in ("laid", "unused", "closed", "words", "longest_word")
    )

    def __post_init__(self):
        if self.two_player_bonus not in club.WORD_BONUSES:
            raise ValueError(f"not a bonus of the casual scoring: {self.two_player_bonus!r}")

    def line(self, player: Hashable, values: Mapping[str, object]) -> club.ClubLine:
        _unknown_fields(self, values)
        return club.ClubLine(player, **values)

    def check(self, lines: Sequence[club.ClubLine], **options) -> list[Problem]:
        return club.check_club_sheet(lines, action_cards=self.action_cards, **options)

    def scores(self, lines: Sequence[club.ClubLine]) -> dict[Hashable, int]:
        return club.round_scores(lines, self.two_player_bonus)


@dataclass(frozen=True)
class Syllabatim2(Casual):
    """The casual scoring with Syllabatim 2's action cards (pravidla-syllabatim-2.txt)."""

    name: ClassVar[str] = SYLLABATIM_2
    action_cards: ClassVar[tuple[str, ...]] = club.SCORING_CARDS
    fields: ClassVar[tuple[SheetField, ...]] = Casual.fields + tuple(
        _club_field(name) for name in ("action_cards", *club.WORD_OF_CARD.values())
    )


# Slovní poker's words (``rules.word_poker``) for the sheet's fields.
POKER_FIELDS = {"word": "laid", "left": "unused"}


@dataclass(frozen=True)
class PokerLine:
    """One player's line of a Slovní poker deal in the store's terms: ``laid`` the word's
    points (its cards' and dice's), ``unused`` the points of the cards left in hand; a deal
    has no close."""

    player: Hashable
    laid: object
    unused: object
    closed: bool = False

    def deal_line(self) -> word_poker.DealLine:
        return word_poker.DealLine(self.player, self.laid, self.unused)


@dataclass(frozen=True)
class WordPoker:
    """Slovní poker (``rules.word_poker``): a round of the tournament's structure is a deal;
    the sheet asks the word's points and the points left in hand; a line scores the deal's
    result, word minus hand, which may be below zero. ``end``: what a game is played to;
    ``order``: the standings' criteria in the organiser's order; ``max_die_value``: the
    highest face of a die, if the organiser records one (the rules give none)."""

    end: word_poker.GameEnd = word_poker.GameEnd()
    order: tuple[str, ...] = word_poker.CRITERIA
    max_die_value: int | None = None
    name: ClassVar[str] = WORD_POKER
    action_cards: ClassVar[tuple[str, ...]] = ()
    fields: ClassVar[tuple[SheetField, ...]] = (
        SheetField("laid", COUNT),
        SheetField("unused", COUNT),
    )

    def __post_init__(self):
        object.__setattr__(self, "order", word_poker.standing_order(self.order))

    def line(self, player: Hashable, values: Mapping[str, object]) -> PokerLine:
        values = dict(values)
        if values.get("closed") in (False, 0, None):
            values.pop("closed", None)
        _unknown_fields(self, values)
        return PokerLine(player, values.get("laid"), values.get("unused"))

    def check(
        self,
        lines: Sequence[PokerLine],
        *,
        round_number: int,
        seated: Sequence[Hashable] | None = None,
        earlier: Sequence[Sequence[PokerLine]] | None = None,
        **ignored,
    ) -> list[Problem]:
        """The deal's sheet (``word_poker.check_deal``); with ``earlier`` (the table's deals
        of the game before this one, in order) also whether the game was already won."""
        deals = [[line.deal_line() for line in deal] for deal in earlier or ()]
        problems = word_poker.check_deal(
            [line.deal_line() for line in lines],
            deal_number=round_number if earlier is not None else len(deals) + 1,
            earlier=deals,
            seated=seated,
            end=self.end,
            max_die_value=self.max_die_value,
        )
        # The refusal's place is the sheet's field: the word's points are "laid", the points
        # left in hand "unused".
        return [
            replace(problem, field=POKER_FIELDS.get(problem.field, problem.field))
            for problem in problems
        ]

    def scores(self, lines: Sequence[PokerLine]) -> dict[Hashable, int]:
        return word_poker.deal_results([line.deal_line() for line in lines])

    def winners(self, lines: Sequence[PokerLine]) -> frozenset:
        return word_poker.deal_winners([line.deal_line() for line in lines])


# Scrabble's words (``rules.scrabble``) for the sheet's fields: the store keeps the score when
# play stopped as "laid", the points of the tiles left as "unused", went out as "closed".
SCRABBLE_FIELDS = {"score": "laid", "tiles_left": "unused", "went_out": "closed"}


@dataclass(frozen=True)
class ScrabbleLine:
    """One player's line of a Scrabble game in the store's terms: ``laid`` the score when play
    stopped, ``unused`` the points of the tiles left on the rack, ``closed`` went out."""

    player: Hashable
    laid: object
    unused: object = 0
    closed: object = False

    def game_line(self) -> scrabble.GameLine:
        return scrabble.GameLine(self.player, self.laid, self.unused, self.closed)


@dataclass(frozen=True)
class Scrabble:
    """Scrabble (``rules.scrabble``): a tournament's round is one game at a board, its one
    round of the store; the sheet asks each player's score when play stopped, the points of
    the tiles left and whether the player went out; a line scores the final score (the end of
    the game applied), which may be below zero. The settings: the bye's margin, how the first
    round is paired, and whether the last round is played king of the hill."""

    bye_margin: int = scrabble.BYE_MARGIN
    first_round: str = scrabble.BY_RATING
    king_of_the_hill: bool = False
    boards_of_three: bool = False  # an odd field: a board of three instead of a bye
    name: ClassVar[str] = SCRABBLE
    action_cards: ClassVar[tuple[str, ...]] = ()
    fields: ClassVar[tuple[SheetField, ...]] = (
        SheetField("laid", COUNT),
        SheetField("unused", COUNT),
        SheetField("closed", FLAG),
    )

    def __post_init__(self):
        if self.first_round not in scrabble.FIRST_ROUND:
            raise ValueError(f"the first round is paired by {' or '.join(scrabble.FIRST_ROUND)}")
        if isinstance(self.bye_margin, bool) or not isinstance(self.bye_margin, int):
            raise ValueError(f"the bye's margin is a whole number, not {self.bye_margin!r}")
        if self.bye_margin < 0:
            raise ValueError(f"the bye's margin is not below zero: {self.bye_margin}")

    def line(self, player: Hashable, values: Mapping[str, object]) -> ScrabbleLine:
        _unknown_fields(self, values)
        return ScrabbleLine(
            player, values.get("laid"), values.get("unused", 0), values.get("closed", False)
        )

    def check(
        self,
        lines: Sequence[ScrabbleLine],
        *,
        seated: Sequence[Hashable] | None = None,
        **ignored,
    ) -> list[Problem]:
        """The game's sheet (``scrabble.check_game``), its places in the sheet's fields."""
        problems = scrabble.check_game([line.game_line() for line in lines], seated=seated)
        return [
            replace(problem, field=SCRABBLE_FIELDS.get(problem.field, problem.field))
            for problem in problems
        ]

    def scores(self, lines: Sequence[ScrabbleLine]) -> dict[Hashable, int]:
        return scrabble.final_scores([line.game_line() for line in lines])

    def pairing_options(self, ratings: Mapping | None = None) -> scrabble.PairingOptions:
        return scrabble.PairingOptions(
            first_round=self.first_round,
            king_of_the_hill=self.king_of_the_hill,
            ratings=dict(ratings or {}),
        )


RULE_SETS = {
    rules.name: rules for rules in (Championship, Casual, Syllabatim2, WordPoker, Scrabble)
}


def rule_set(name: str, **settings) -> RuleSet:
    """The rule set a tournament chose, with its settings (the championship's close bonus, the
    casual scoring's bonus at a table of two, Slovní poker's game end and standings order)."""
    if name not in RULE_SETS:
        raise ValueError(f"no rule set {name!r}; there are {', '.join(RULE_SETS)}")
    return RULE_SETS[name](**settings)


def deal_size(name: str, round_number: int) -> int:
    """The cards dealt to each player in round ``round_number`` of a game by rule set ``name``:
    a Syllabatim round's number fixes it (1-7), a Slovní poker deal is always a hand of five
    (``word_poker.HAND``), however many deals the game takes; a Scrabble game's one round
    starts with a rack of seven tiles (``scrabble.RACK``)."""
    if name == SCRABBLE:
        if round_number != 1:
            raise ValueError(f"a Scrabble game has one round, not round {round_number}")
        return scrabble.RACK
    if name == WORD_POKER:
        if round_number < 1:
            raise ValueError(f"deal number {round_number} is not 1 or more")
        return word_poker.HAND
    return championship_deal_size(round_number)


def asked(rule_set: RuleSet, action_cards: Sequence[str] = ()) -> tuple[SheetField, ...]:
    """The fields a sheet asks of one player in one round: those tied to an action card only
    when the player kept that card."""
    return tuple(
        field
        for field in rule_set.fields
        if field.with_card is None or field.with_card in action_cards
    )


# What every rule set's sheet asks and every store keeps in its own columns.
COMMON_FIELDS = ("laid", "unused", "closed")


def extra_values(rule_set: RuleSet, line) -> dict[str, object]:
    """What a club rule set's line holds beyond laid, unused and closed, as stored with the
    line and written to files (the action cards as a list); nothing for the championship's,
    whose every field has its own column."""
    if rule_set.name == CHAMPIONSHIP:
        return {}
    values = {}
    for field in rule_set.fields:
        if field.name not in COMMON_FIELDS:
            value = getattr(line, field.name)
            values[field.name] = list(value) if field.kind == CARDS else value
    return values


class UnaskedField(ValueError):
    """A line carries a field its rule set's sheet does not ask (issue 35: refused, never
    dropped)."""

    def __init__(self, rule_set: str, field: str):
        super().__init__(f"{rule_set} sheets do not ask {field}")
        self.rule_set, self.field = rule_set, field


# What a line of a document names besides its fields.
LINE_KEYS = ("player",)
# Every document's line may carry these at their defaults (the export writes them for every
# rule set); a club rule set's line with any other value of them is refused like any field
# its sheet does not ask.
UNSET = {"disqualified": False, "penalty": 0, "closed": False}  # Slovní poker has no close


def unasked(rule_set: RuleSet, values: Mapping) -> list[str]:
    """The names in ``values`` (a line of a document or a form) that the rule set's sheet does
    not ask, sorted."""
    known = {field.name for field in rule_set.fields} | set(LINE_KEYS)
    return sorted(
        name
        for name, value in values.items()
        if name not in known and not (name in UNSET and value == UNSET[name])
    )


def stored_line(rule_set: RuleSet, player: Hashable, laid, unused, closed, values: Mapping):
    """A club rule set's line from its stored columns and ``extra_values`` (or a document's
    line); a field the rule set does not ask is refused (``UnaskedField``), not dropped."""
    for name in unasked(rule_set, values):
        raise UnaskedField(rule_set.name, name)
    known = {field.name: field for field in rule_set.fields}
    given = {
        name: tuple(value) if known[name].kind == CARDS else value
        for name, value in values.items()
        if name in known
    }
    return rule_set.line(player, {"laid": laid, "unused": unused, "closed": closed, **given})


def document_rule_set(info: Mapping) -> RuleSet | None:
    """A tournament document's club rule set (``tournament.settings.rule_set``, v4), with
    Slovní poker's settings (``tournament.settings.word_poker``, v6) or Scrabble's
    (``tournament.settings.scrabble``, v7); None for the championship's rules."""
    settings = info.get("settings", {})
    name = settings.get("rule_set", CHAMPIONSHIP)
    if name == WORD_POKER:
        return rule_set(name, **poker_settings(settings.get("word_poker", {})))
    if name == SCRABBLE:
        return rule_set(name, **scrabble_settings(settings.get("scrabble", {})))
    return None if name == CHAMPIONSHIP else rule_set(name)


def poker_settings(document: Mapping) -> dict:
    """Slovní poker's settings as a document writes them (v6), as the rule set takes them."""
    default = word_poker.GameEnd()
    return {
        "end": word_poker.GameEnd(
            to=document.get("game_end", default.to),
            deal_wins=document.get("deal_wins", default.deal_wins),
            points_limit=document.get("points_limit", default.points_limit),
            deals_limit=document.get("deals_limit", default.deals_limit),
        ),
        "order": tuple(document.get("standings", word_poker.CRITERIA)),
    }


def poker_document(poker: "WordPoker") -> dict:
    """Slovní poker's settings as a document writes them (v6)."""
    return {
        "game_end": poker.end.to,
        "deal_wins": poker.end.deal_wins,
        "points_limit": poker.end.points_limit,
        "deals_limit": poker.end.deals_limit,
        "standings": list(poker.order),
    }


def scrabble_settings(document: Mapping) -> dict:
    """Scrabble's settings as a document writes them (v7), as the rule set takes them."""
    default = Scrabble()
    return {
        "bye_margin": document.get("bye_margin", default.bye_margin),
        "first_round": document.get("first_round", default.first_round),
        "king_of_the_hill": document.get("king_of_the_hill", default.king_of_the_hill),
        "boards_of_three": document.get("boards_of_three", default.boards_of_three),
    }


def scrabble_document(rules: "Scrabble") -> dict:
    """Scrabble's settings as a document writes them (v7)."""
    return {
        "bye_margin": rules.bye_margin,
        "first_round": rules.first_round,
        "king_of_the_hill": rules.king_of_the_hill,
        "boards_of_three": rules.boards_of_three,
    }


def document_lines(rule_set: RuleSet, results: Sequence[Mapping]) -> list:
    """A club rule set's lines of one table's round in a document (its ``results``)."""
    return [
        stored_line(rule_set, r["player"], r["laid"], r["unused"], r["closed"], r) for r in results
    ]
