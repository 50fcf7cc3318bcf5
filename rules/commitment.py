"""Commit before, reveal after: a random decision's seed is fixed and its SHA-256 published
before the draw, so that anyone can check afterwards that the seed was not chosen after
trying several (formats README, "commitment").

The procedure, for every table draw and every lot of the championship:

1. The software picks a secret seed, 32 hexadecimal digits (``new_seed``), and publishes
   ``commitment(seed, what)``: ``sha256(seed_hex + ":" + what)`` where ``what`` names the
   decision (``draw_what``, ``lot_what``).
2. The draw uses exactly that seed: the random generator is Python's ``random.Random``
   started from the seed read as one whole number in base 16 (``random_for``), so the result
   is a pure function of the seed and the published inputs.
3. The seed is revealed next to the result; anyone recomputes the commitment and the draw
   (``python -m rules.verify tournament.json``).

Decision names (``what``) are plain text, one scheme for the whole championship:

- a game's draw: ``<slug>/<stage>/game-<n>/tables`` followed by the options that shape the
  draw and are not in the tournament document, each as ``;key=value`` in this order:
  ``rounds=L-M`` (a qualifier game whose rounds are drawn from the same seed, between L and M
  rounds) or ``rounds=typed`` (the organiser typed the rounds: not a lot) or ``rounds=deals``
  (a Slovní poker game: its deals 1 up to the most a game at its largest table can take, by
  the tournament's settings, ``word_poker.most_deals``), ``tables=N`` (the
  organiser chose the number of tables), ``seating=kept`` (the qualifier keeps game 1's
  seating; only the starting players are drawn), ``sighted=no``, ``teammates=no``,
  ``repeats=no`` (a preference of the draw switched off). Example:
  ``mcr-2026/qualifier/game-2/tables;rounds=3-7``. A Scrabble round is paired, not drawn
  (``rules.scrabble``): ``pairing=<how>`` (``lot`` or ``rating`` for the first round, ``swiss``,
  ``king`` for a last round king of the hill) and ``bye=<margin>`` (the spread a bye counts in
  the standings the pairing reads), e.g. ``klub/qualifier/game-3/tables;pairing=swiss;bye=50``;
  ``odd=three``: an odd field's odd player joins the last board, a board of three, instead of
  a bye.
- a lot for a tie: ``<slug>/lot/<scope>[/<category>]/places-<first>-<last>``, e.g.
  ``mcr-2026/lot/qualifier/B1/places-6-7`` or ``mcr-2026/lot/teams/places-2-3``.
"""

import hashlib
import random
import re
import secrets
from dataclasses import dataclass

from .timestamps import parse_moment

SEED_BYTES = 16  # 128 bits: 32 hexadecimal digits

DRAW_DECISION = "tables"
PAIRINGS = ("lot", "rating", "swiss", "king")  # rules.scrabble's ways of pairing a round
LOT_DECISION = "lot"


def new_seed() -> str:
    """A fresh secret seed: 32 lower-case hexadecimal digits from the operating system."""
    return secrets.token_hex(SEED_BYTES)


def seed_hex(seed: int | str) -> str:
    """The seed as the commitment writes it: a text seed as it is (hexadecimal digits), a
    whole number in lower-case hexadecimal."""
    return format(seed, "x") if isinstance(seed, int) else seed


def commitment(seed: int | str, what: str) -> str:
    """``sha256(seed_hex + ":" + what)`` in hexadecimal; ``what`` names the decision, e.g.
    ``mcr-2026/qualifier/game-2/tables``."""
    return hashlib.sha256(f"{seed_hex(seed)}:{what}".encode()).hexdigest()


def seed_number(seed: int | str) -> int:
    """The whole number that starts the random generator: a text seed read in base 16, a
    whole-number seed as it is. Raises ``ValueError`` for text that is not hexadecimal."""
    if isinstance(seed, bool):
        raise ValueError("a seed is a whole number or hexadecimal text")
    if isinstance(seed, int):
        return seed
    if not seed or any(c not in "0123456789abcdefABCDEF" for c in seed):
        raise ValueError(f"the seed {seed!r} is not hexadecimal")
    return int(seed, 16)


def random_for(seed: int | str) -> random.Random:
    """The random generator of a decision. ``random.Random(n)`` for a whole number ``n`` is
    the same on every machine and every Python 3 version (the Mersenne Twister seeded from the
    number's 32-bit words), which is why a text seed is turned into a number first."""
    return random.Random(seed_number(seed))


@dataclass(frozen=True)
class DrawOptions:
    """What shapes a game's draw beyond the tournament document, as written in its name."""

    # (least, most) drawn, "typed", "deals" (Slovní poker's), None: a final's 1-7
    rounds: tuple[int, int] | str | None = None
    tables: int | None = None  # the organiser's number of tables
    kept_seating: bool = False
    sighted_at_every_table: bool = True
    teammates_apart: bool = True
    fewest_repeats: bool = True
    pairing: str | None = None  # a Scrabble round: how it is paired (rules.scrabble.PAIRINGS)
    bye_margin: int | None = None  # a Scrabble round: the spread of a bye in its standings
    threes: bool = False  # a Scrabble round: an odd field's odd player at a board of three


def draw_what(slug: str, stage: str, game: int, options: DrawOptions = DrawOptions()) -> str:
    """The name of a game's draw (see the module's documentation)."""
    parts = [f"{slug}/{stage}/game-{game}/{DRAW_DECISION}"]
    if options.rounds in ("typed", "deals"):
        parts.append(f"rounds={options.rounds}")
    elif options.rounds is not None:
        parts.append(f"rounds={options.rounds[0]}-{options.rounds[1]}")
    if options.tables is not None:
        parts.append(f"tables={options.tables}")
    if options.kept_seating:
        parts.append("seating=kept")
    for name, held in (
        ("sighted", options.sighted_at_every_table),
        ("teammates", options.teammates_apart),
        ("repeats", options.fewest_repeats),
    ):
        if not held:
            parts.append(f"{name}=no")
    if options.pairing is not None:
        parts.append(f"pairing={options.pairing}")
    if options.bye_margin is not None:
        parts.append(f"bye={options.bye_margin}")
    if options.threes:
        parts.append("odd=three")
    return ";".join(parts)


@dataclass(frozen=True)
class DrawName:
    slug: str
    stage: str
    game: int
    options: DrawOptions


DRAW_NAME = re.compile(rf"(?P<slug>.+)/(?P<stage>[^/]+)/game-(?P<game>[0-9]+)/{DRAW_DECISION}")


def parse_draw_what(what: str) -> DrawName:
    """The parts of a game draw's name; ``ValueError`` when it is not one."""
    head, *settings = what.split(";")
    found = DRAW_NAME.fullmatch(head)
    if found is None:
        raise ValueError(f"not the name of a game's draw: {what!r}")
    slug, stage, game = found["slug"], found["stage"], int(found["game"])
    values: dict = {}
    for setting in settings:
        key, sep, value = setting.partition("=")
        if not sep:
            raise ValueError(f"an option without a value in {what!r}: {setting!r}")
        if key == "rounds":
            if value in ("typed", "deals"):
                values["rounds"] = value
            else:
                least, most = value.split("-")
                values["rounds"] = (int(least), int(most))
        elif key == "tables":
            values["tables"] = int(value)
        elif key == "seating" and value == "kept":
            values["kept_seating"] = True
        elif key in ("sighted", "teammates", "repeats") and value == "no":
            field = {
                "sighted": "sighted_at_every_table",
                "teammates": "teammates_apart",
                "repeats": "fewest_repeats",
            }[key]
            values[field] = False
        elif key == "pairing" and value in PAIRINGS:
            values["pairing"] = value
        elif key == "bye" and value.isdigit():
            values["bye_margin"] = int(value)
        elif key == "odd" and value == "three":
            values["threes"] = True
        else:
            raise ValueError(f"an unknown option in {what!r}: {setting!r}")
    return DrawName(slug, stage, game, DrawOptions(**values))


def lot_what(slug: str, scope: str, category: str, places: tuple[int, int]) -> str:
    """The name of a lot for a tie over ``places`` (first, last)."""
    where = f"{scope}/{category}" if category else scope
    return f"{slug}/{LOT_DECISION}/{where}/places-{places[0]}-{places[1]}"


LOT_NAME = re.compile(
    rf"(?P<slug>.+)/{LOT_DECISION}/(?P<scope>[^/]+)(?:/(?P<category>[^/]+))?"
    r"/places-(?P<first>[0-9]+)-(?P<last>[0-9]+)"
)


def parse_lot_what(what: str) -> tuple[str, str, str | None, tuple[int, int]]:
    """(slug, scope, category, places) of a lot's name; ``ValueError`` when it is not one."""
    found = LOT_NAME.fullmatch(what)
    if found is None:
        raise ValueError(f"not the name of a lot: {what!r}")
    places = (int(found["first"]), int(found["last"]))
    return found["slug"], found["scope"], found["category"], places


# What can be wrong with a draw's or a lot's record (``audit_problems``), one check for the
# import and for ``rules.verify``.
INCOMPLETE = "incomplete"  # a commitment without the seed or the decision's name
MISMATCH = "mismatch"  # sha256(seed:what) is not the published commitment
LATE = "late"  # published after the draw
BAD_SEED = "bad_seed"  # a text seed that is not hexadecimal: nothing can be recomputed
BAD_NAME = "bad_name"  # ``what`` is not the name of a draw (a lot)
WRONG_DECISION = "wrong_decision"  # ``what`` names another game's draw or another scope


@dataclass(frozen=True)
class AuditProblem:
    code: str
    values: dict


def seed_problem(seed) -> AuditProblem | None:
    try:
        seed_number(seed)
    except (ValueError, TypeError):
        return AuditProblem(BAD_SEED, {"seed": seed})
    return None


def name_problem(what: str, *, scope: str, game: int | None) -> AuditProblem | None:
    """Whether ``what`` names this decision: the draw of game ``game`` of stage ``scope``, or
    (``game`` None) a lot of ``scope`` (a stage or "teams")."""
    try:
        if game is None:
            named_scope = parse_lot_what(what)[1]
            named_game = None
        else:
            name = parse_draw_what(what)
            named_scope, named_game = name.stage, name.game
    except ValueError as error:
        return AuditProblem(BAD_NAME, {"error": error})
    if named_scope != scope or named_game != game:
        return AuditProblem(WRONG_DECISION, {"what": what})
    return None


def commitment_problem(audit: dict) -> AuditProblem | None:
    """The published commitment against the revealed seed and the time of the draw; None
    when it holds or when there is none."""
    if "commitment" not in audit:
        return None
    if "seed" not in audit or "what" not in audit:
        return AuditProblem(INCOMPLETE, {})
    expected = commitment(audit["seed"], audit["what"])
    if expected != audit["commitment"]:
        return AuditProblem(MISMATCH, {"expected": expected, "published": audit["commitment"]})
    if "committed_at" in audit and "drawn_at" in audit:
        if parse_moment(audit["committed_at"]) > parse_moment(audit["drawn_at"]):
            return AuditProblem(
                LATE, {"committed": audit["committed_at"], "drawn": audit["drawn_at"]}
            )
    return None


def audit_problems(audit: dict, *, scope: str, game: int | None) -> list[AuditProblem]:
    """Everything wrong with one draw's (``game`` given) or lot's record, as both the import
    and ``rules.verify`` see it: the commitment, the seed, the decision's name."""
    found = []
    problem = commitment_problem(audit)
    if problem is not None:
        found.append(problem)
    if "seed" in audit:
        problem = seed_problem(audit["seed"])
        if problem is not None:
            found.append(problem)
    if "what" in audit:
        problem = name_problem(audit["what"], scope=scope, game=game)
        if problem is not None:
            found.append(problem)
    return found
