"""Anyone can check the championship's draws and lots: ``python -m rules.verify FILE``.

Reads an exported ``syllabatim-tournament`` document (no database, no Django), and for every
game's draw and every lot that reveals its seed:

- the commitment: ``sha256(seed_hex + ":" + what)`` equals the published ``commitment``, and
  it was published (``committed_at``) no later than the draw (``drawn_at``);
- the result: the draw recomputed from the seed and the published inputs (the players seated
  in that game, their categories and teams, the earlier games of the stage, the number and
  sizes of the tables, the options named in ``what``) gives exactly the document's tables,
  seats, starting players and, for a qualifier game whose rounds were drawn, its rounds (a
  Slovní poker game: its deals, 1 up to the most a game at its largest table can take by the
  tournament's settings, ``word_poker.most_deals``); a lot
  recomputed from its seed and its tied group gives the lot's order.

A swap of two players' seats by the organiser before the draw was confirmed is recorded in the
draw (``draw.swaps``: who, when, which seats): the seeded draw is recomputed, the recorded swaps
are applied in order (each must find its players where it says), and the result says how many
swaps by whom. What it cannot tell: why a result differs. Rounds typed over drawn ones, a
swap not recorded, or an edited file all read "the result differs". A draw or lot without a
commitment is listed as not committed and its result is still recomputed, but that proves
nothing about when its seed was chosen.

Exit status: 0 when every check passed, 1 when one failed (or, with ``--strict``, when a draw
or lot has no commitment), 2 when the file cannot be read.
"""

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from .categories import can_keep_sheet
from .championship import QUALIFIER_ROUNDS_MAX, QUALIFIER_ROUNDS_MIN
from .commitment import (
    BAD_NAME,
    BAD_SEED,
    WRONG_DECISION,
    DrawOptions,
    audit_problems,
    commitment_problem,
    parse_draw_what,
)
from .draw import Entrant, Preferences, RoundRange, draw_rounds, draw_seating, kept_starting_seats
from .draw import lot_order as recompute_lot
from .rulesets import WORD_POKER, document_rule_set
from .scrabble import GameLine, PlayedRound, boards_of, final_scores, odd_of, pair_after
from .stages import QUALIFIER, STAGES
from .word_poker import most_deals

# Commitment states
OK = "ok"
MISMATCH = "mismatch"
LATE = "late"
INCOMPLETE = "incomplete"
NONE = "none"
# Result states
REPRODUCED = "reproduced"
REPRODUCED_SWAP = "reproduced_swap"  # with recorded swaps: one, 2-4, 5 or more (Czech forms)
CZECH_MANY_FROM = 5  # Czech counts take their "many" form from five on (a grammar's number)
REPRODUCED_SWAPS_FEW = "reproduced_swaps_few"
REPRODUCED_SWAPS_MANY = "reproduced_swaps_many"
DIFFERS = "differs"
NOT_REPRODUCIBLE = "not_reproducible"
NO_SEED = "no_seed"
TEXT_SEED = "text_seed"  # an uncommitted seed that is not hexadecimal: kept, proves nothing

TEXTS = {
    "cs": {
        "stage": {"qualifier": "kvalifikace", "final_a": "finále A", "final_b": "finále B"},
        "teams": "družstva",
        "game": "{stage}, partie {game}, losování stolů",
        "lot": "los {number}: {scope}, pořadí {order}",
        OK: "závazek v pořádku",
        MISMATCH: "ZÁVAZEK NESOUHLASÍ: sha256(seed:what) je {expected}, zveřejněno {published}",
        LATE: "ZÁVAZEK ZVEŘEJNĚN AŽ PO LOSOVÁNÍ ({committed} > {drawn})",
        INCOMPLETE: "ZÁVAZEK NEÚPLNÝ: chybí seed nebo název rozhodnutí (what)",
        NONE: "bez závazku (seed nebyl předem zveřejněn)",
        REPRODUCED: "výsledek zopakován",
        REPRODUCED_SWAP: "výsledek zopakován: los ze seedu a {count} zveřejněná výměna ({by})",
        REPRODUCED_SWAPS_FEW: (
            "výsledek zopakován: los ze seedu a {count} zveřejněné výměny ({by})"
        ),
        REPRODUCED_SWAPS_MANY: (
            "výsledek zopakován: los ze seedu a {count} zveřejněných výměn ({by})"
        ),
        "swap": (
            "výměna {number}: na stole {table}, místě {seat} má podle losu sedět {expected}, "
            "výměna uvádí {found}"
        ),
        DIFFERS: "VÝSLEDEK SE LIŠÍ: {detail}",
        NOT_REPRODUCIBLE: "nelze zopakovat: {detail}",
        NO_SEED: "seed není uveden, nelze ověřit",
        TEXT_SEED: "seed {seed} není šestnáctkové číslo a nemá závazek, nelze ověřit",
        "table_seats": "stůl {table}: pořadí u stolu je {found}, ze seedu vychází {expected}",
        "table_start": "stůl {table}: začíná sedadlo {found}, ze seedu vychází {expected}",
        "table_count": "{found} stolů, ze seedu vychází {expected}",
        "rounds": "kola {found}, ze seedu vychází {expected}",
        "boards": "desky {found}, z pořadí a seedu vychází {expected}",
        "unplayed": "párování čte pořadí po kole {game}, ale deska {table} nemá výsledek",
        "order": "pořadí {found}, ze seedu vychází {expected}",
        "wrong_decision": "závazek se týká jiného rozhodnutí ({what})",
        "bad_name": "název rozhodnutí nerozumím: {error}",
        "bad_seed": "seed není šestnáctkové číslo: {seed}",
        "impossible": "losování z těchto vstupů nejde provést: {error}",
        "summary": "Ověřeno {count} rozhodnutí: {failed} chybných, {uncommitted} bez závazku.",
        "unreadable": "Soubor nejde přečíst: {error}",
    },
    "en": {
        "stage": {"qualifier": "qualifier", "final_a": "A-final", "final_b": "B-final"},
        "teams": "teams",
        "game": "{stage}, game {game}, table draw",
        "lot": "lot {number}: {scope}, order {order}",
        OK: "commitment ok",
        MISMATCH: (
            "COMMITMENT DOES NOT MATCH: sha256(seed:what) is {expected}, published {published}"
        ),
        LATE: "COMMITMENT PUBLISHED AFTER THE DRAW ({committed} > {drawn})",
        INCOMPLETE: "COMMITMENT INCOMPLETE: the seed or the decision's name (what) is missing",
        NONE: "no commitment (the seed was not published in advance)",
        REPRODUCED: "result reproduced",
        REPRODUCED_SWAP: "result reproduced: the seeded draw and {count} swap by {by}",
        REPRODUCED_SWAPS_FEW: "result reproduced: the seeded draw and {count} swaps by {by}",
        REPRODUCED_SWAPS_MANY: "result reproduced: the seeded draw and {count} swaps by {by}",
        "swap": (
            "swap {number}: table {table}, seat {seat} holds {expected} by the draw, "
            "the swap names {found}"
        ),
        DIFFERS: "RESULT DIFFERS: {detail}",
        NOT_REPRODUCIBLE: "not reproducible: {detail}",
        NO_SEED: "no seed given, nothing to check",
        TEXT_SEED: "the seed {seed} is not hexadecimal and has no commitment: nothing to check",
        "table_seats": "table {table}: seats {found}, the seed gives {expected}",
        "table_start": "table {table}: starting seat {found}, the seed gives {expected}",
        "table_count": "{found} tables, the seed gives {expected}",
        "rounds": "rounds {found}, the seed gives {expected}",
        "boards": "boards {found}, the standings and the seed give {expected}",
        "unplayed": "the pairing reads the standings after round {game}, but board {table} "
        "has no result",
        "order": "order {found}, the seed gives {expected}",
        "wrong_decision": "the commitment names another decision ({what})",
        "bad_name": "the decision's name is not understood: {error}",
        "bad_seed": "the seed is not hexadecimal: {seed}",
        "impossible": "the draw cannot be made from these inputs: {error}",
        "summary": "{count} decisions checked: {failed} failed, {uncommitted} not committed.",
        "unreadable": "The file cannot be read: {error}",
    },
}


@dataclass(frozen=True)
class Note:
    """A message key and its values, worded in the chosen language when printed."""

    key: str
    values: dict = field(default_factory=dict)

    def words(self, lang: str) -> str:
        values = {
            k: ", ".join(map(str, v)) if isinstance(v, list | tuple) else v
            for k, v in self.values.items()
        }
        return TEXTS[lang][self.key].format(**values)


@dataclass(frozen=True)
class Check:
    """One decision: where it is in the document, its commitment and its result."""

    place: Note
    what: str | None
    commitment: Note
    result: Note

    @property
    def failed(self) -> bool:
        return self.commitment.key in (MISMATCH, LATE, INCOMPLETE) or self.result.key in (
            DIFFERS,
            NOT_REPRODUCIBLE,
        )

    @property
    def committed(self) -> bool:
        return self.commitment.key != NONE

    def line(self, lang: str = "cs") -> str:
        mark = "CHYBA" if self.failed and lang == "cs" else "FAIL" if self.failed else "OK"
        return (
            f"[{mark}] {self.place.words(lang)}: {self.commitment.words(lang)}; "
            f"{self.result.words(lang)}"
        )


def check_commitment(audit: dict) -> Note:
    """The commitment as the import checks it (``rules.commitment.commitment_problem``)."""
    if "commitment" not in audit:
        return Note(NONE)
    problem = commitment_problem(audit)
    if problem is None:
        return Note(OK)
    return Note(
        {"incomplete": INCOMPLETE, "mismatch": MISMATCH, "late": LATE}[problem.code], problem.values
    )


def _record_problem(audit: dict, scope: str, game: int | None) -> Note | None:
    """The seed and the decision's name as the import checks them: a committed seed that is
    not hexadecimal cannot be reproduced, a name of another decision differs. An uncommitted
    one proves nothing whatever it is: the import keeps it as given, and it is listed, like a
    draw without a seed, as nothing to check (``--strict`` fails it as uncommitted)."""
    for problem in audit_problems(audit, scope=scope, game=game):
        if problem.code == BAD_SEED and "commitment" not in audit:
            return Note(TEXT_SEED, problem.values)
        if problem.code in (BAD_SEED, BAD_NAME):
            return Note(NOT_REPRODUCIBLE, {"detail": Note(problem.code, problem.values)})
        if problem.code == WRONG_DECISION:
            return Note(DIFFERS, {"detail": Note(problem.code, problem.values)})
    return None


def _entrants(document: dict, seated: Sequence[int]) -> list[Entrant]:
    sight = {p["no"]: p["sight_class"] for p in document.get("players", [])}
    team = {no: t["name"] for t in document.get("teams", []) for no in t["members"]}
    return [Entrant(no, can_keep_sheet(sight.get(no)), team.get(no)) for no in seated]


def _tables(game: dict) -> list[dict]:
    return sorted(game.get("tables", []), key=lambda t: t["number"])


def reproduce_draw(document: dict, kind: str, game: dict, earlier: list[dict]) -> Note:
    """The game's draw recomputed from its seed and the published inputs, compared."""
    audit = game.get("draw", {})
    seed = audit["seed"]
    problem = _record_problem(audit, kind, game["number"])
    if problem:
        return problem
    default_rounds = (QUALIFIER_ROUNDS_MIN, QUALIFIER_ROUNDS_MAX) if kind == QUALIFIER else None
    options = DrawOptions(rounds=default_rounds)
    if "what" in audit:
        options = parse_draw_what(audit["what"]).options
    if options.pairing is not None:
        return reproduce_pairing(game, earlier, options)
    tables = _tables(game)
    found = [list(t["seats"]) for t in tables]
    found_start = [t.get("starting_seat", 0) for t in tables]
    earlier_tables = [[list(t["seats"]) for t in _tables(g)] for g in earlier]
    seated = sorted(no for seats in found for no in seats)
    try:
        if options.kept_seating:
            numbers = set(seated)
            first = earlier_tables[0] if earlier_tables else []
            expected = [[no for no in table if no in numbers] for table in first]
            expected_start = list(kept_starting_seats(expected, seed))
        else:
            if options.tables is not None and options.tables != len(tables):
                detail = Note("table_count", {"found": len(tables), "expected": options.tables})
                return Note(DIFFERS, {"detail": detail})
            seating = draw_seating(
                _entrants(document, seated),
                [len(seats) for seats in found],
                seed,
                earlier_tables,
                Preferences(
                    sighted_at_every_table=options.sighted_at_every_table,
                    teammates_apart=options.teammates_apart,
                    fewest_repeats=options.fewest_repeats,
                ),
            )
            expected = [list(table) for table in seating.tables]
            expected_start = list(seating.starting_seats)
        expected_rounds = None
        poker = document_rule_set(document.get("tournament", {}))
        if poker is not None and poker.name == WORD_POKER:
            # its deals, 1 up to the most a game at its largest table can take
            largest = max(map(len, expected), default=0)
            expected_rounds = list(range(1, most_deals(largest, poker.end) + 1))
        elif kind == QUALIFIER and isinstance(options.rounds, tuple):
            expected_rounds = list(draw_rounds(seed, RoundRange(*options.rounds)).rounds)
    except ValueError as error:
        return Note(NOT_REPRODUCIBLE, {"detail": Note("impossible", {"error": error})})
    if len(expected) != len(found):
        detail = Note("table_count", {"found": len(found), "expected": len(expected)})
        return Note(DIFFERS, {"detail": detail})
    swaps = audit.get("swaps", [])
    problem = apply_swaps(expected, [t["number"] for t in tables], swaps)
    if problem is not None:
        return Note(DIFFERS, {"detail": problem})
    for table, seats, want, start, want_start in zip(
        tables, found, expected, found_start, expected_start, strict=True
    ):
        if seats != want:
            detail = Note(
                "table_seats", {"table": table["number"], "found": seats, "expected": want}
            )
            return Note(DIFFERS, {"detail": detail})
        if start != want_start:
            detail = Note(
                "table_start",
                {"table": table["number"], "found": start + 1, "expected": want_start + 1},
            )
            return Note(DIFFERS, {"detail": detail})
    if expected_rounds is not None and list(game.get("rounds", [])) != expected_rounds:
        detail = Note("rounds", {"found": game.get("rounds", []), "expected": expected_rounds})
        return Note(DIFFERS, {"detail": detail})
    if swaps:
        return _swaps_note(swaps)
    return Note(REPRODUCED)


def _played_round(game: dict) -> PlayedRound | Note:
    """A Scrabble round of the document: each board's final scores from its sheet, the bye
    (a board of one); a board without a result in words."""
    boards, bye, odd = [], None, None
    for table in _tables(game):
        if len(table["seats"]) == 1:
            bye = table["seats"][0]
            continue
        odd = odd_of(table["seats"]) or odd  # the odd player, third at a board of three
        entries = table.get("rounds", [])
        if not entries:
            return Note("unplayed", {"game": game["number"], "table": table["number"]})
        lines = [
            GameLine(r["player"], r["laid"], r["unused"], bool(r.get("closed", False)))
            for r in entries[0]["results"]
        ]
        boards.append(final_scores(lines))
    return PlayedRound(tuple(boards), bye, odd)


def reproduce_pairing(game: dict, earlier: list[dict], options: DrawOptions) -> Note:
    """A Scrabble round's pairing (``rules.scrabble.pair_after``) recomputed from the earlier
    rounds' sheets, the players of the round, the seed and the options its name states (how
    it is paired, the bye's margin), and the ratings the draw records for a first round paired
    by rating; compared board by board."""
    audit = game["draw"]
    played = []
    for round_ in earlier:
        result = _played_round(round_)
        if isinstance(result, Note):
            return Note(NOT_REPRODUCIBLE, {"detail": result})
        played.append(result)
    tables = _tables(game)
    found = [list(t["seats"]) for t in tables]
    try:
        pairing = pair_after(
            played,
            sorted(no for seats in found for no in seats),
            method=options.pairing,
            seed=audit["seed"],
            bye_margin=options.bye_margin if options.bye_margin is not None else 0,
            ratings={no: value for no, value in audit.get("ratings", [])},
        )
    except ValueError as error:
        return Note(NOT_REPRODUCIBLE, {"detail": Note("impossible", {"error": error})})
    expected = boards_of(pairing, threes=options.threes)
    if found != expected:
        return Note(DIFFERS, {"detail": Note("boards", {"found": found, "expected": expected})})
    return Note(REPRODUCED)


def apply_swaps(tables: list[list[int]], numbers: list[int], swaps: Sequence[dict]) -> Note | None:
    """Apply the recorded swaps in order to the seating drawn (``tables``, in place; their
    table ``numbers``): each swap exchanges two seats and must find there the players it
    names. The first swap that does not is returned in words; None when all applied."""
    index = {number: i for i, number in enumerate(numbers)}
    for count, swap in enumerate(swaps, start=1):
        places = []
        for seat in swap["seats"]:
            table, position = index.get(seat["table"]), seat["position"]
            holds = (
                tables[table][position]
                if table is not None and 0 <= position < len(tables[table])
                else None
            )
            if holds != seat["player"]:
                values = {
                    "number": count,
                    "table": seat["table"],
                    "seat": position + 1,
                    "expected": "–" if holds is None else holds,
                    "found": seat["player"],
                }
                return Note("swap", values)
            places.append((table, position))
        if len(places) != 2 or places[0] == places[1]:
            return Note(
                "swap",
                {"number": count, "table": "–", "seat": "–", "expected": "–", "found": "–"},
            )
        (t1, p1), (t2, p2) = places
        tables[t1][p1], tables[t2][p2] = tables[t2][p2], tables[t1][p1]
    return None


def _swaps_note(swaps: Sequence[dict]) -> Note:
    count = len(swaps)
    by = ", ".join(dict.fromkeys(swap.get("by") or "?" for swap in swaps))
    if count == 1:
        key = REPRODUCED_SWAP
    elif count < CZECH_MANY_FROM:
        key = REPRODUCED_SWAPS_FEW
    else:
        key = REPRODUCED_SWAPS_MANY
    return Note(key, {"count": count, "by": by})


def reproduce_lot(lot: dict) -> Note:
    problem = _record_problem(lot, lot["stage"], None)
    if problem:
        return problem
    expected = recompute_lot(lot["order"], lot["seed"])
    if list(lot["order"]) != expected:
        detail = Note("order", {"found": lot["order"], "expected": expected})
        return Note(DIFFERS, {"detail": detail})
    return Note(REPRODUCED)


def verify_document(document: dict) -> list[Check]:
    """Every draw and lot of the document, checked."""
    checks = []
    stages = document.get("stages", {})
    for kind in STAGES:
        games = sorted(stages.get(kind, {}).get("games", []), key=lambda g: g["number"])
        for index, game in enumerate(games):
            audit = game.get("draw")
            if audit is None:
                continue
            place = Note("game", {"stage": Note(kind), "game": game["number"]})
            result = (
                reproduce_draw(document, kind, game, games[:index])
                if "seed" in audit
                else Note(NO_SEED)
            )
            checks.append(Check(place, audit.get("what"), check_commitment(audit), result))
    for number, lot in enumerate(document.get("lots", []), start=1):
        if not any(key in lot for key in ("seed", "commitment")):
            continue
        place = Note("lot", {"number": number, "scope": Note(lot["stage"]), "order": lot["order"]})
        result = reproduce_lot(lot) if "seed" in lot else Note(NO_SEED)
        checks.append(Check(place, lot.get("what"), check_commitment(lot), result))
    return checks


def _word_place(note: Note, lang: str) -> Note:
    """Stage names inside a place note, in the chosen language."""
    values = dict(note.values)
    for key in ("stage", "scope"):
        if isinstance(values.get(key), Note):
            code = values[key].key
            values[key] = TEXTS[lang]["teams"] if code == "teams" else TEXTS[lang]["stage"][code]
    return Note(note.key, values)


def report(checks: Sequence[Check], lang: str = "cs") -> list[str]:
    lines = []
    for check in checks:
        commitment_note = check.commitment
        result = check.result
        if isinstance(result.values.get("detail"), Note):
            result = Note(result.key, {"detail": result.values["detail"].words(lang)})
        worded = Check(_word_place(check.place, lang), check.what, commitment_note, result)
        line = worded.line(lang)
        if check.what:
            line += f" [{check.what}]"
        lines.append(line)
    lines.append(
        TEXTS[lang]["summary"].format(
            count=len(checks),
            failed=sum(1 for c in checks if c.failed),
            uncommitted=sum(1 for c in checks if not c.committed),
        )
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rules.verify",
        description="Ověří závazky a zopakuje losování exportovaného turnaje "
        "(syllabatim-tournament).",
    )
    parser.add_argument("file", help="tournament.json (export_tournament)")
    parser.add_argument("--lang", choices=sorted(TEXTS), default="cs")
    parser.add_argument(
        "--strict", action="store_true", help="a draw or lot without a commitment fails too"
    )
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            document = json.load(handle)
        checks = verify_document(document)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        print(TEXTS[args.lang]["unreadable"].format(error=error), file=sys.stderr)
        return 2
    for line in report(checks, args.lang):
        print(line)
    failed = any(c.failed for c in checks)
    if args.strict:
        failed = failed or any(not c.committed for c in checks)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
