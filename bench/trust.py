"""Commitments and the log: ``rules.verify`` on a large committed qualifier (no database),
and the championship's log of a tournament drawn and entered through the services."""

import time

from rules import verify
from rules.commitment import DrawOptions, commitment, draw_what, new_seed
from rules.draw import Entrant, draw_rounds, draw_seating, table_plan

GAMES = 5


def committed_qualifier(players: int) -> dict:
    entrants = [
        Entrant(n, n % 5 != 0, f"T{n // 4}" if n <= players // 2 else None)
        for n in range(1, players + 1)
    ]
    sizes = table_plan(players).sizes
    games, earlier = [], []
    for number in range(1, GAMES + 1):
        seed = new_seed()
        what = draw_what("bench", "qualifier", number, DrawOptions(rounds=(3, 7)))
        seating = draw_seating(entrants, sizes, seed, earlier)
        earlier.append([list(t) for t in seating.tables])
        games.append(
            {
                "number": number,
                "rounds": list(draw_rounds(seed).rounds),
                "tables": [
                    {"number": i, "seats": list(t), "starting_seat": s}
                    for i, (t, s) in enumerate(
                        zip(seating.tables, seating.starting_seats, strict=True), start=1
                    )
                ],
                "draw": {"seed": seed, "what": what, "commitment": commitment(seed, what)},
            }
        )
    return {
        "players": [
            {"no": e.key, "name": str(e.key), "sight_class": "B2" if e.sighted else "B1"}
            for e in entrants
        ],
        "teams": [
            {"name": name, "members": [e.key for e in entrants if e.team == name]}
            for name in sorted({e.team for e in entrants if e.team})
        ],
        "stages": {"qualifier": {"games": games}},
    }


def run() -> None:
    for players in (40, 120):
        document = committed_qualifier(players)
        start = time.perf_counter()
        checks = verify.verify_document(document)
        elapsed = time.perf_counter() - start
        assert all(c.result.key == verify.REPRODUCED for c in checks)
        each = elapsed / GAMES
        print(f"verify {players} players, {GAMES} games: {elapsed:.2f} s ({each:.3f} s a draw)")
