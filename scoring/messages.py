"""Sheet problems of ``rules.sheet`` and sanctions in words, the same wherever they are shown."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from rules import (
    advancement,
    club,
    finals,
    rulesets,
    sanctions,
    scrabble,
    sheet,
    stages,
    word_poker,
)

FIELD_NAMES = {
    "laid": lambda: _("laid"),
    "unused": lambda: _("unused"),
    "penalty": lambda: _("penalty"),
    "closed": lambda: _("closed"),
    "words": lambda: _("words laid"),
    "longest_word": lambda: _("letters of the longest word"),
    "action_cards": lambda: _("action cards kept"),
    "doubled_word": lambda: _("value of the word ×2"),
    "halved_word": lambda: _("value of the word ÷2"),
}

# A rule set's own names of the sheet's fields, where they are not the championship's: Slovní
# poker's "laid" is the word's points (cards and dice), its "unused" the cards left in hand.
RULE_SET_FIELD_NAMES = {
    rulesets.WORD_POKER: {
        "laid": lambda: _("points of the word"),
        "unused": lambda: _("points left in hand"),
    },
    # Scrabble's "laid" is the score when play stopped, "unused" the tiles left on the rack,
    # "closed" went out (``rules.rulesets.SCRABBLE_FIELDS``).
    rulesets.SCRABBLE: {
        "laid": lambda: _("score when play stopped"),
        "unused": lambda: _("points of the tiles left"),
        "closed": lambda: _("went out"),
    },
}


def field_label(name: str, rule_set: str | None = None) -> str:
    """The sheet's field in words, by the tournament's rule set."""
    own = RULE_SET_FIELD_NAMES.get(rule_set, {}).get(name)
    return own() if own else FIELD_NAMES[name]()


# Syllabatim 2's action cards that change a score, by their printed words.
ACTION_CARD_NAMES = {
    club.DOUBLE_SHORTEST: lambda: _("Mini-word ×2"),
    club.HALVE_LONGEST: lambda: _("Maxi-word ÷2"),
    club.BONUS_3: lambda: _("Bonus 3 points"),
    club.LOSS_2: lambda: _("Loss 2 points"),
    club.GOLDEN_5: lambda: _("Golden bonus 5 points"),
}


def action_card_name(card) -> str:
    name = ACTION_CARD_NAMES.get(card)
    return name() if name else str(card)


def _club_problem_message(problem: sheet.Problem) -> str | None:
    params = problem.params
    if problem.code == club.TOO_MANY_WORDS:
        return (
            _("%(words)s words cannot be laid with the cards of this round: at most %(most)s")
            % params
        )
    if problem.code == club.LONGEST_WORD_OUT_OF_RANGE and not params["most"]:
        return _("no word laid, so the longest word has no letters: write 0")
    if problem.code == club.LONGEST_WORD_OUT_OF_RANGE:
        return (
            _(
                "the longest word has %(least)s to %(most)s letters with these cards, "
                "not %(longest_word)s"
            )
            % params
        )
    if problem.code == club.LAID_WITHOUT_WORDS:
        return _("laid %(laid)s but no word: write the number of words") % params
    if problem.code == club.CLOSER_WITHOUT_WORDS:
        return _("closed the round without a word laid")
    if problem.code == club.NOT_AN_ACTION_CARD:
        return _("not an action card of these rules that changes a score")
    if problem.code == club.ACTION_CARD_TWICE:
        return _("the deck has one card „%(card)s“: players %(players)s cannot all keep it") % {
            "card": action_card_name(params["card"]),
            "players": ", ".join(map(str, params["players"])),
        }
    if problem.code == club.WORD_VALUE_OUT_OF_RANGE and params["least"] == params["most"]:
        return _("„%(field)s“ must be %(least)s here, not %(value)s") % {
            "field": FIELD_NAMES[problem.field](),
            **params,
        }
    if problem.code == club.WORD_VALUE_OUT_OF_RANGE:
        return _("„%(field)s“ must be from %(least)s to %(most)s, not %(value)s") % {
            "field": FIELD_NAMES[problem.field](),
            **params,
        }
    return None


def sheet_problem_message(problem: sheet.Problem, rule_set: str | None = None) -> str:
    """The problem in words; ``rule_set``: the tournament's, whose names of the fields the
    message uses."""
    params = problem.params
    if problem.code == sheet.LINE_MISSING:
        return _("the player's line is missing")
    if problem.code == sheet.NOT_SEATED:
        return _("the player does not sit at this table")
    if problem.code == sheet.TWO_LINES:
        return _("the player has two lines")
    if problem.code == sheet.NOT_WHOLE_NUMBER and params["value"] in ("", None):
        return _("„%(field)s“ is not filled in: write a whole number of 0 or more") % {
            "field": field_label(problem.field, rule_set)
        }
    if problem.code == sheet.NOT_WHOLE_NUMBER:
        return _("„%(field)s“ must be a whole number of 0 or more, not %(value)s") % {
            "field": field_label(problem.field, rule_set),
            "value": params["value"],
        }
    if problem.code == sheet.CLOSER_HAS_UNUSED:
        return (
            _("closed the round but has unused cards worth %(unused)s; a closer has used all cards")
            % params
        )
    if problem.code == sheet.TOO_MANY_CLOSERS:
        return _("more than one player closed the round (players %(closers)s); only one can") % {
            "closers": ", ".join(map(str, params["closers"]))
        }
    if problem.code == sheet.OVER_CARD_BOUND:
        return (
            _(
                "laid and unused together are %(total)s, more than the %(bound)s that the cards "
                "of round %(round)s can be worth"
            )
            % params
        )
    if problem.code == sheet.FAR_ABOVE_AVERAGE:
        return (
            _(
                "laid %(laid)s is far more than usual in this round (about %(usual)s); "
                "please check it"
            )
            % params
        )
    if problem.code == sheet.NO_CLOSER:
        return _("nobody closed the round: only the referee may end a round that way")
    message = _club_problem_message(problem)
    if message is None:
        message = _poker_problem_message(problem)
    if message is None:
        message = _scrabble_problem_message(problem)
    if message is not None:
        return message
    raise ValueError(problem.code)


def _poker_problem_message(problem: sheet.Problem) -> str | None:
    params = problem.params
    if problem.code == word_poker.TABLE_SIZE:
        return (
            _("Slovní poker is played by %(least)s to %(most)s players a table, not %(players)s")
            % params
        )
    if problem.code == word_poker.LEFT_OUT_OF_RANGE:
        return _("%(hand)s cards in hand are worth %(most)s points at most, not %(left)s") % params
    if problem.code == word_poker.WORD_OUT_OF_RANGE and "most" in params:
        return (
            _(
                "with %(left)s points left in hand the word is worth %(least)s to %(most)s "
                "points, not %(word)s"
            )
            % params
        )
    if problem.code == word_poker.WORD_OUT_OF_RANGE:
        return (
            _(
                "with %(left)s points left in hand the word's cards alone are worth %(least)s "
                "points at least, not %(word)s"
            )
            % params
        )
    if problem.code == word_poker.DEAL_AFTER_GAME_END:
        return _("the game was won in deal %(ended_after)s: deal %(deal)s is not played") % params
    if problem.code == word_poker.DEAL_OUT_OF_ORDER:
        return _("deal %(deal)s cannot be entered before deal %(next)s") % params
    return None


def _scrabble_problem_message(problem: sheet.Problem) -> str | None:
    params = problem.params
    if problem.code == scrabble.BOARD_SIZE:
        return (
            _("Scrabble is played by %(least)s to %(most)s players a board, not %(players)s")
            % params
        )
    if problem.code == scrabble.NOT_A_FLAG:
        return _("„went out“ is yes or no")
    if problem.code == scrabble.SCORE_OUT_OF_RANGE:
        return _("no game of Scrabble scores %(score)s: no score exceeds %(most)s") % params
    if problem.code == scrabble.OUT_WITH_TILES:
        return (
            _("went out, so no tiles are left: the tiles left cannot be worth %(tiles_left)s")
            % params
        )
    if problem.code == scrabble.TILES_OUT_OF_RANGE:
        return (
            _(
                "no rack of up to %(rack)s tiles of the set is worth %(tiles_left)s points "
                "(at most %(most)s)"
            )
            % params
        )
    if problem.code == scrabble.TWO_WENT_OUT:
        return _("player %(first)s went out already: the game ended then, only one goes out") % {
            "first": params["first"]
        }
    if problem.code == scrabble.RACKS_OUT_OF_RANGE:
        return (
            _(
                "the tiles left are worth %(together)s together, more than the set's %(most)s "
                "on these racks"
            )
            % params
        )
    return None


STAGE_OF = {
    # "in the <stage>" after a game's number: "partie 2 kvalifikace"
    stages.QUALIFIER: lambda: _("of the qualifier"),
    stages.FINAL_A: lambda: _("of the A-final"),
    stages.FINAL_B: lambda: _("of the B-final"),
}


def sanction_words(
    *, scope: str, stage: str, game: int, feminine: bool = False, with_stage: bool = True
) -> str:
    """A sanction as the standings, the player's page and the printouts say it:
    "diskvalifikován z partie 2", "vyloučena z turnaje v partii 1 finále A"."""
    where = {"game": game, "stage": STAGE_OF[stage]() if with_stage else ""}
    if scope == sanctions.TOURNAMENT:
        text = (
            pgettext("feminine", "expelled from the tournament in game %(game)s %(stage)s")
            if feminine
            else _("expelled from the tournament in game %(game)s %(stage)s")
        )
    else:
        text = (
            pgettext("feminine", "disqualified from game %(game)s %(stage)s")
            if feminine
            else _("disqualified from game %(game)s %(stage)s")
        )
    return (text % where).strip()


def quota_warning_message(code: str, params: dict) -> str:
    if code == advancement.TOO_MANY_FINALISTS:
        return (
            ngettext(
                "%(total)s player would advance to the A-final, more than the %(limit)s that "
                "rule K speaks of; the organiser may lower the places per category (not below 3)",
                "%(total)s players would advance to the A-final, more than the %(limit)s that "
                "rule K speaks of; the organiser may lower the places per category (not below 3)",
                params["total"],
            )
            % params
        )
    if code == advancement.QUOTA_ABOVE_CATEGORY:
        return (
            _(
                "the category %(category)s has fewer players than A-final places (%(size)s of "
                "%(quota)s): all of them advance, and the unused places are not given to the "
                "other category"
            )
            % params
        )
    raise ValueError(code)


def replacement_message(problem: finals.Problem) -> str:
    if problem.code == finals.PLAYER_TWICE:
        return _("the player is named in an earlier replacement already")
    if problem.code == finals.NOT_IN_A_FIELD:
        return _("the withdrawn player is not one of the A-final's players")
    if problem.code == finals.NOT_A_CANDIDATE:
        return _(
            "the replacement must be a qualifier player who did not advance, waits for no lot "
            "and is not expelled"
        )
    return (
        _("the replacement is of the category %(category)s, the withdrawn player of %(other)s")
        % problem.params
    )
