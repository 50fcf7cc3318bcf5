"""Table draws (issue 3): time per draw and repeated meetings next to a plain shuffle."""

import random
import time

from rules import draw

GAMES = 5


def field(players: int, seed: int) -> list[draw.Entrant]:
    """A mixed field: about 40 % blind, teams of 3–5 for about half the players."""
    rng = random.Random(seed)
    entrants, team, left = [], 0, 0
    for key in range(1, players + 1):
        if left == 0 and key <= players // 2:
            team, left = team + 1, rng.randint(3, 5)
        entrants.append(draw.Entrant(key, rng.random() >= 0.4, f"T{team}" if left else None))
        left = max(0, left - 1)
    return entrants


def run() -> None:
    for players in (20, 60, 120):
        entrants = field(players, players)
        sizes = draw.table_plan(players).sizes
        keys = [e.key for e in entrants]
        drawn, shuffled, times, bound = [], [], [], None
        drawn_repeats = shuffle_repeats = 0
        for game in range(GAMES):
            start = time.perf_counter()
            seating = draw.draw_seating(entrants, sizes, seed=1000 + game, earlier_games=drawn)
            times.append(time.perf_counter() - start)
            drawn_repeats += seating.report.repeated_pairs
            if game == 1:
                bound = seating.report.repeat_bound
                game_two = seating.report.repeated_pairs
            tables = draw.shuffle_seating(keys, sizes, random.Random(2000 + game))
            shuffle_repeats += draw.repeated_pairs(tables, draw.meetings(shuffled))
            drawn.append(seating.tables)
            shuffled.append(tables)
            assert seating.report.sighted_held and seating.report.teammates_held
        print(
            f"{players} players at {len(sizes)} tables, {GAMES} games: "
            f"draw {max(times) * 1000:.0f} ms at most ({sum(times) / GAMES * 1000:.0f} ms mean); "
            f"repeated pairs {drawn_repeats} (plain shuffle {shuffle_repeats}); "
            f"game 2: {game_two} (bound {bound})"
        )
