"""The association's games (issue 37): a rule set belongs to one game, and what is kept per
game (the rating's lists: a Slovní poker result says nothing of a Syllabatim player) is kept
for the game's rule sets together. One mapping, here: a new rule set is one line of it."""

from . import rulesets

SYLLABATIM = "syllabatim"
WORD_POKER = "word_poker"
SCRABBLE = "scrabble"
GAMES = (SYLLABATIM, WORD_POKER, SCRABBLE)  # in the order the pages list them

GAME_OF_RULE_SET = {
    rulesets.CHAMPIONSHIP: SYLLABATIM,
    rulesets.CASUAL: SYLLABATIM,
    rulesets.SYLLABATIM_2: SYLLABATIM,
    rulesets.WORD_POKER: WORD_POKER,
    rulesets.SCRABBLE: SCRABBLE,
}


def game_of(rule_set: str) -> str:
    """The game a rule set is played by."""
    return GAME_OF_RULE_SET[rule_set]


def rule_sets_of(game: str) -> tuple[str, ...]:
    """The rule sets of one game."""
    return tuple(name for name, of in GAME_OF_RULE_SET.items() if of == game)
