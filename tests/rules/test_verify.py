"""``python -m rules.verify``: commitments and draws recomputed from a document alone; the
decision names; the seed's generator pinned (the same on every machine)."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules import verify
from rules.commitment import (
    DrawOptions,
    commitment,
    draw_what,
    lot_what,
    new_seed,
    parse_draw_what,
    random_for,
    seed_hex,
    seed_number,
)
from rules.draw import (
    Entrant,
    RoundRange,
    draw_rounds,
    draw_seating,
    even_split,
    kept_starting_seats,
    lot_order,
)

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ["3f2a9c1b5d7e8f60a1b2c3d4e5f60718", "0badc0ffee0ddf00d15ea5e5c0ffee00"]


def test_the_commitment_is_sha256_of_seed_hex_colon_what():
    import hashlib

    what = "mcr-2026/qualifier/game-2/tables;rounds=3-7"
    assert commitment(SEEDS[0], what) == hashlib.sha256(f"{SEEDS[0]}:{what}".encode()).hexdigest()
    assert commitment(255, "x") == hashlib.sha256(b"ff:x").hexdigest()
    assert seed_hex(255) == "ff" and seed_hex("00ff") == "00ff"


def test_new_seeds_are_32_hex_digits_and_differ():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(len(s) == 32 and int(s, 16) >= 0 for s in seeds)


def test_the_generator_is_pinned_for_the_supported_python():
    """A text seed becomes the whole number it spells in base 16, and random.Random of a whole
    number is the same on every machine: these values were computed with CPython 3.11 (the
    version the project supports, pyproject ``requires-python``) and must never change."""
    assert seed_number(SEEDS[0]) == int(SEEDS[0], 16)
    assert seed_number("0A") == 10 and seed_number(7) == 7
    rng = random_for(SEEDS[0])
    assert [rng.randrange(1000) for _ in range(5)] == PINNED_DRAWS
    assert lot_order([9, 10, 11, 12], SEEDS[1]) == PINNED_LOT
    assert draw_rounds(SEEDS[0]).rounds == PINNED_ROUNDS
    with pytest.raises(ValueError):
        seed_number("abc-12")


PINNED_DRAWS = [455, 321, 306, 277, 478]
PINNED_LOT = [10, 11, 12, 9]
PINNED_ROUNDS = (3, 7, 6, 4, 1, 5)


def test_draw_names_read_back():
    options = DrawOptions(
        rounds=(4, 6), tables=3, kept_seating=True, teammates_apart=False, fewest_repeats=False
    )
    what = draw_what("mcr-2026", "qualifier", 2, options)
    assert what == (
        "mcr-2026/qualifier/game-2/tables;rounds=4-6;tables=3;seating=kept;teammates=no;repeats=no"
    )
    name = parse_draw_what(what)
    assert (name.slug, name.stage, name.game, name.options) == ("mcr-2026", "qualifier", 2, options)
    assert parse_draw_what("a/final_a/game-1/tables").options == DrawOptions()
    assert parse_draw_what("x/qualifier/game-1/tables;rounds=typed").options.rounds == "typed"
    for bad in ("a/final_a/game-1/rounds", "a/qualifier/game-1/tables;colour=red", "nonsense"):
        with pytest.raises(ValueError):
            parse_draw_what(bad)
    assert lot_what("mcr", "qualifier", "B1", (6, 7)) == "mcr/lot/qualifier/B1/places-6-7"
    assert lot_what("mcr", "teams", "", (2, 3)) == "mcr/lot/teams/places-2-3"


PLAYERS = [
    {"no": n, "name": f"Hráč {n}", "sight_class": "B1" if n % 3 == 0 else "B2"}
    for n in range(1, 24)
]
TEAMS = [{"name": "Praha", "members": [1, 2, 3]}, {"name": "Brno", "members": [4, 5, 6]}]


def _entrants(players, teams):
    team = {no: t["name"] for t in teams for no in t["members"]}
    return [Entrant(p["no"], p["sight_class"] != "B1", team.get(p["no"])) for p in players]


def _game(number, seating, rounds, seed, what, committed_at="2026-06-13T09:00:00+02:00"):
    return {
        "number": number,
        "rounds": list(rounds),
        "tables": [
            {"number": i, "seats": list(seats), "starting_seat": start, "rounds": []}
            for i, (seats, start) in enumerate(
                zip(seating.tables, seating.starting_seats, strict=True), start=1
            )
        ],
        "draw": {
            "seed": seed,
            "drawn_at": "2026-06-13T09:45:00+02:00",
            "drawn_by": "Jana",
            "commitment": commitment(seed, what),
            "committed_at": committed_at,
            "what": what,
        },
    }


def committed_document() -> dict:
    """A qualifier of two games and a lot, drawn by the rules from committed seeds."""
    entrants = _entrants(PLAYERS, TEAMS)
    sizes = even_split(len(PLAYERS), 3)
    what1 = draw_what("t", "qualifier", 1, DrawOptions(rounds=(3, 7)))
    first = draw_seating(entrants, sizes, SEEDS[0])
    what2 = draw_what("t", "qualifier", 2, DrawOptions(rounds=(3, 7)))
    second = draw_seating(entrants, sizes, SEEDS[1], [[list(t) for t in first.tables]])
    lot_seed = "77aa"
    lot_what_ = lot_what("t", "qualifier", "B1", (6, 7))
    return {
        "format": "syllabatim-tournament",
        "version": 2,
        "tournament": {"name": "T", "year": 2026, "start_date": "2026-06-13"},
        "players": PLAYERS,
        "teams": TEAMS,
        "stages": {
            "qualifier": {
                "games": [
                    _game(1, first, draw_rounds(SEEDS[0]).rounds, SEEDS[0], what1),
                    _game(2, second, draw_rounds(SEEDS[1]).rounds, SEEDS[1], what2),
                ]
            }
        },
        "lots": [
            {
                "stage": "qualifier",
                "order": lot_order([3, 9], lot_seed),
                "seed": lot_seed,
                "drawn_at": "2026-06-13T17:40:00+02:00",
                "commitment": commitment(lot_seed, lot_what_),
                "committed_at": "2026-06-13T17:30:00+02:00",
                "what": lot_what_,
            }
        ],
    }


def keys(checks):
    return [(c.commitment.key, c.result.key) for c in checks]


def test_an_untouched_document_passes():
    checks = verify.verify_document(committed_document())
    assert keys(checks) == [(verify.OK, verify.REPRODUCED)] * 3
    assert not any(c.failed for c in checks)


def test_a_tampered_seed_fails_the_commitment():
    document = committed_document()
    document["stages"]["qualifier"]["games"][0]["draw"]["seed"] = SEEDS[1]
    first = verify.verify_document(document)[0]
    assert first.failed and first.commitment.key == verify.MISMATCH


def test_a_tampered_commitment_fails():
    document = committed_document()
    document["lots"][0]["commitment"] = "0" * 64
    lot = verify.verify_document(document)[-1]
    assert lot.failed and lot.commitment.key == verify.MISMATCH
    assert lot.result.key == verify.REPRODUCED


def test_a_tampered_seating_fails_with_the_table():
    document = committed_document()
    tables = document["stages"]["qualifier"]["games"][1]["tables"]
    tables[0]["seats"][0], tables[1]["seats"][0] = tables[1]["seats"][0], tables[0]["seats"][0]
    check = verify.verify_document(document)[1]
    assert check.commitment.key == verify.OK and check.result.key == verify.DIFFERS
    assert "stůl 1" in verify.report([check])[0]


def test_a_tampered_start_rounds_or_lot_order_fails():
    document = committed_document()
    game = document["stages"]["qualifier"]["games"][0]
    table = game["tables"][0]
    table["starting_seat"] = (table["starting_seat"] + 1) % len(table["seats"])
    assert verify.verify_document(document)[0].result.key == verify.DIFFERS
    document = committed_document()
    document["stages"]["qualifier"]["games"][0]["rounds"].reverse()
    assert verify.verify_document(document)[0].result.key == verify.DIFFERS
    document = committed_document()
    document["lots"][0]["order"].reverse()
    assert verify.verify_document(document)[-1].result.key == verify.DIFFERS


def test_a_commitment_published_after_the_draw_fails():
    document = committed_document()
    document["stages"]["qualifier"]["games"][0]["draw"]["committed_at"] = (
        "2026-06-13T10:00:00+02:00"
    )
    assert verify.verify_document(document)[0].commitment.key == verify.LATE


@pytest.mark.parametrize(
    "change",
    ["category", "team", "earlier game", "table sizes", "players"],
)
def test_changing_a_published_input_changes_the_result(change):
    """The draw depends on every published input: with one changed, the recorded draw of game 2
    no longer follows from its seed."""
    document = committed_document()
    games = document["stages"]["qualifier"]["games"]
    seated = games[1]["tables"][0]["seats"]
    if change == "category":  # the only sighted players all sit at table 1: not as drawn
        for player in document["players"]:
            player["sight_class"] = "none" if player["no"] in seated[:3] else "B1"
    elif change == "team":  # a team all at table 1: not as drawn
        document["teams"] = [{"name": "Ostrava", "members": seated[:4]}]
    elif change == "earlier game":
        t = games[0]["tables"]
        t[0]["seats"][1], t[1]["seats"][1] = t[1]["seats"][1], t[0]["seats"][1]
        games[0]["draw"].pop("commitment")  # game 1 itself is not the point here
    elif change == "table sizes":
        t = games[1]["tables"]
        t[1]["seats"].append(t[0]["seats"].pop())
    elif change == "players":
        t = games[1]["tables"]
        t[0]["seats"][0] = 99
        document["players"].append({"no": 99, "name": "Nový", "sight_class": "B2"})
    check = verify.verify_document(document)[1]
    assert check.result.key == verify.DIFFERS, change


def test_kept_seating_typed_rounds_and_preferences_follow_the_name():
    entrants = _entrants(PLAYERS, TEAMS)
    sizes = even_split(len(PLAYERS), 3)
    first = draw_seating(entrants, sizes, SEEDS[0])
    seed = "abcdef"
    starts = kept_starting_seats(first.tables, seed)
    what = draw_what("t", "qualifier", 2, DrawOptions(rounds="typed", kept_seating=True))
    kept = type(first)(seed, first.tables, starts, None)
    document = committed_document()
    document["stages"]["qualifier"]["games"][1] = _game(2, kept, [5, 2, 7], seed, what)
    assert keys(verify.verify_document(document))[1] == (verify.OK, verify.REPRODUCED)
    from rules.draw import Preferences

    what = draw_what("t", "qualifier", 2, DrawOptions(rounds=(3, 7), sighted_at_every_table=False))
    loose = draw_seating(
        entrants, sizes, seed, [[list(t) for t in first.tables]], Preferences(False, True, True)
    )
    document["stages"]["qualifier"]["games"][1] = _game(
        2, loose, draw_rounds(seed, RoundRange()).rounds, seed, what
    )
    assert keys(verify.verify_document(document))[1] == (verify.OK, verify.REPRODUCED)


def test_draws_without_commitment_are_listed_not_failed_unless_strict(tmp_path):
    document = copy.deepcopy(committed_document())
    for game in document["stages"]["qualifier"]["games"]:
        for key in ("commitment", "committed_at", "what"):
            game["draw"].pop(key)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert verify.main([str(path)]) == 0
    assert verify.main([str(path), "--strict"]) == 1


def test_the_command_prints_one_line_per_decision_and_fails_on_tampering(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(committed_document()), encoding="utf-8")
    assert verify.main([str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and lines[0].startswith("[OK] kvalifikace, partie 1")
    assert "závazek v pořádku; výsledek zopakován" in lines[0]
    assert lines[-1] == "Ověřeno 3 rozhodnutí: 0 chybných, 0 bez závazku."
    document = committed_document()
    document["stages"]["qualifier"]["games"][0]["draw"]["seed"] = "1234"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert verify.main([str(path), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "[FAIL] qualifier, game 1, table draw: COMMITMENT DOES NOT MATCH" in out
    assert verify.main([str(tmp_path / "missing.json")]) == 2


def test_verify_runs_without_django():
    """``python -m rules.verify`` needs nothing but the ``rules`` package."""
    code = (
        "import sys, rules.verify; "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_an_uncommitted_text_seed_is_nothing_to_check_as_the_import_keeps_it(example_document):
    """The import keeps a seed that is not hexadecimal when no commitment is published (it
    proves nothing); verify agrees: nothing to check, no failure, and ``--strict`` fails it as
    uncommitted."""
    from rules import verify

    game = example_document["stages"]["qualifier"]["games"][0]
    game["draw"] = {"seed": "abc-12", "drawn_at": "2025-06-14T09:30:00+02:00"}
    checks = verify.verify_document(example_document)
    [check] = [c for c in checks if c.result.values.get("seed") == "abc-12"]
    assert check.result.key == verify.TEXT_SEED and not check.failed and not check.committed
    assert "abc-12" in check.line("en") and "nothing to check" in check.line("en")
    assert "nelze ověřit" in check.line("cs")
