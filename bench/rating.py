"""The rating (issue 25): how well it knows the players of simulated seasons, against the
simple baseline of average points per round over the same games, how long computing it from
scratch takes, and what the stored rating costs on the database (``season.rating``)."""

import statistics
import time

from bench import timed
from rules.rating import compute
from sample.season import (
    AVERAGE,
    DIVISIONS,
    PLACES,
    RANDOM,
    RATING,
    RATING_MU,
    SKILL,
    club_figures,
    club_season,
    measure,
    season,
)

PLAYERS = 48
TOURNAMENTS, GAMES = 5, 5  # 25 games: the 21st is predicted after 20
CHECKPOINTS = (5, 10, 20)
SEEDS = range(1, 16)
ROWS = {
    RATING: "rating as displayed (mu - 3 sigma)",
    RATING_MU: "rating's mu",
    AVERAGE: "average points per round (baseline)",
    PLACES: "average share of the table beaten",
    SKILL: "the hidden skill itself (the ceiling)",
}


CLUB_KINDS = (
    ("random fields", RANDOM, False),
    ("divisions (strong and weak fields)", DIVISIONS, False),
    ("random fields, strong opponents close early", RANDOM, True),
    ("divisions, strong opponents close early", DIVISIONS, True),
)
CLUB_TOURNAMENTS = (3, 10, 20)  # of 4 games: the checkpoints 12, 40 and 80 games
# The seasons reported. The model's parameters (``rules.rating.Model``) were tuned on seeds
# 101-103 and its fitted field tried on seeds 201-216, so that these figures are not the
# tuning's own. 24 seasons a kind: the paired differences' standard errors are about a fifth
# of the seasons' spread.
CLUB_SEEDS = range(1, 25)
CLUB_NAMES = {RATING_MU: "rating", AVERAGE: "average", PLACES: "order only", SKILL: "skill"}


def spread(values: list[float]) -> str:
    """The mean over the seasons and its standard error (of paired differences: the same
    seasons on both sides, so the seasons' own ease cancels)."""
    error = statistics.stdev(values) / len(values) ** 0.5
    return f"{statistics.mean(values):+.4f} ± {error:.4f}"


def club() -> None:
    """Issue 35: club seasons of 40 persons, 20 tournaments of 4 games at tables of 4-7."""
    print(
        "club seasons (issue 35): 40 persons, tournaments of 4 games at tables of 4-7, 85 % "
        f"come to each; {len(CLUB_SEEDS)} seasons (seeds {CLUB_SEEDS.start}-"
        f"{CLUB_SEEDS.stop - 1}), mean (and the paired difference's mean ± its standard error)"
    )
    print(
        "  Spearman with the hidden skill after 3 / 10 / 20 tournaments; next game: share of\n"
        "  pairs at a table ordered right, every game from the 4th tournament on"
    )
    checkpoints = tuple(4 * k for k in CLUB_TOURNAMENTS)
    started = time.perf_counter()
    for label, fields, closing in CLUB_KINDS:
        correlations = {name: [[] for _ in checkpoints] for name in (RATING_MU, AVERAGE)}
        following = {name: [] for name in CLUB_NAMES}
        for seed in CLUB_SEEDS:
            played = club_season(fields, closing, seed=seed)
            found, ordered = club_figures(played, checkpoints, checkpoints[0])
            for index, figures in enumerate(found):
                for name, cells in correlations.items():
                    cells[index].append(figures[name])
            for name, values in following.items():
                values.append(ordered[name])
        print(f"    {label}")
        for name in (RATING_MU, AVERAGE):
            cells = "  ".join(f"{statistics.mean(cell):.3f}" for cell in correlations[name])
            print(
                f"      {CLUB_NAMES[name]:<16}{cells}   next game "
                f"{statistics.mean(following[name]):.4f}"
            )
        for name in (PLACES, SKILL):
            print(
                f"      {CLUB_NAMES[name]:<16}{'':19}   next game "
                f"{statistics.mean(following[name]):.4f}"
            )
        differences = [
            spread([r - a for r, a in zip(rated, average, strict=True)])
            for rated, average in zip(correlations[RATING_MU], correlations[AVERAGE], strict=True)
        ]
        print(f"      rating - average: {' / '.join(differences)}")
        for name in (AVERAGE, PLACES):
            gain = [r - o for r, o in zip(following[RATING_MU], following[name], strict=True)]
            print(f"      next game, rating - {CLUB_NAMES[name]}: {spread(gain)}")
        # what any predictor could still gain: the hidden skill's lead over the rating
        room = [s - r for s, r in zip(following[SKILL], following[RATING_MU], strict=True)]
        print(f"      next game, skill - rating (the room left): {spread(room)}")
    seconds = time.perf_counter() - started
    print(f"  ({len(CLUB_KINDS) * len(CLUB_SEEDS)} seasons in {seconds:.0f} s)")


def run() -> None:
    club()
    figures = [measure(season(PLAYERS, TOURNAMENTS, GAMES, seed), CHECKPOINTS) for seed in SEEDS]
    print(
        f"simulated seasons: {PLAYERS} players with a hidden skill, {TOURNAMENTS} tournaments "
        f"of {GAMES} games, every game at random tables of 5-8; median of {len(SEEDS)} seeds"
    )
    header = "".join(f"{f'{k} games':>10}" for k in CHECKPOINTS)
    print(f"  {'after':<40}{header}")
    print("  rank correlation with the hidden skill (Spearman):")
    for name in (RATING, RATING_MU, AVERAGE, PLACES):
        cells = (
            statistics.median(run[i].correlation[name] for run in figures)
            for i in range(len(CHECKPOINTS))
        )
        print(f"    {ROWS[name]:<38}" + "".join(f"{cell:>10.3f}" for cell in cells))
    print("  order of two players at a table of the next game (share of pairs right):")
    for name in (RATING, RATING_MU, AVERAGE, PLACES, SKILL):
        cells = (
            statistics.median(run[i].next_game[name] for run in figures)
            for i in range(len(CHECKPOINTS))
        )
        print(f"    {ROWS[name]:<38}" + "".join(f"{cell:>10.3f}" for cell in cells))
    print(
        "  (the rating fits each table's points against the table and its field, rules.rating;\n"
        "   the share of the table beaten sees only the order; medians, not paired differences)"
    )
    big = season(players=304, tournaments=8, games=5, seed=1)
    games = [table.game for tables in big.games for table in tables]
    seconds, _ = timed(lambda: compute(games), repeat=3)
    print(
        f"rating from scratch: {len(games):,} table games (304 persons, 40 games each) in "
        f"{seconds * 1000:.0f} ms (median of 3)"
    )

    stored()


STORED_TOURNAMENTS, STORED_PLAYERS = 3, 100


def stored() -> None:
    """Simulated championships whose players are the same persons (start number n is person
    n in each): the stored rating from scratch, the check when nothing changed, the list."""
    from django.db import connection
    from django.db.models import F
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    import sharedcache
    from interchange.importer import import_tournament
    from sample.simulate import full_championship
    from season import rating as stored_rating
    from season.models import RatingEntry
    from tournament.models import Person, Player, Tournament

    tournaments = [
        import_tournament(full_championship(STORED_PLAYERS, seed=seed), slug=f"rating-{seed}")[0]
        for seed in range(1, STORED_TOURNAMENTS + 1)
    ]
    persons: dict[int, Person] = {}
    players = list(Player.objects.filter(tournament__in=tournaments))
    for player in players:
        if player.start_number not in persons:
            persons[player.start_number] = Person.objects.create(
                name=player.name, sight_class=player.sight_class
            )
        player.person = persons[player.start_number]
    Player.objects.bulk_update(players, ["person"])

    from_scratch, _ = timed(stored_rating.recompute, repeat=3)
    up_to_date, _ = timed(stored_rating.refresh, repeat=5)
    connection.queries_log.clear()  # full of the imports' (9,000 at most): counts from empty
    with CaptureQueriesContext(connection) as captured:
        stored_rating.refresh()
    refresh_queries = len(captured)

    def a_write_that_rates_nothing():
        """What every results write of a rated tournament pays after its own work (issue 35,
        3: the rating brought up to date by the writes): its stamp moved, no game completed."""
        Tournament.objects.filter(pk=tournaments[0].pk).update(revision=F("revision") + 1)
        assert stored_rating.refresh() == stored_rating.CURRENT

    per_write, _ = timed(a_write_that_rates_nothing, repeat=5)
    client = Client()

    def computed():
        sharedcache.clear()  # the page computed anew, the ratings unchanged
        client.get("/hodnoceni/?partii=1")

    computed()
    connection.queries_log.clear()
    with CaptureQueriesContext(connection) as page:
        computed()
    page_queries = len(page)  # now: each request empties the log its count is read from
    listed, _ = timed(computed, repeat=3)
    with CaptureQueriesContext(connection) as kept:
        client.get("/hodnoceni/?partii=1")
    kept_queries = len(kept)
    from_cache, _ = timed(lambda: client.get("/hodnoceni/?partii=1"), repeat=9)
    print(
        f"stored rating, {STORED_TOURNAMENTS} championships of {STORED_PLAYERS} players "
        f"({RatingEntry.objects.count():,} rated results):"
    )
    print(f"  from scratch (manage.py rating --recompute): {from_scratch * 1000:.0f} ms")
    print(
        f"  nothing changed (every rating page checks): {up_to_date * 1000:.1f} ms, "
        f"{refresh_queries} queries"
    )
    print(
        f"  a results write that rates nothing (its stamp moved, no game complete): "
        f"{per_write * 1000:.0f} ms more for the writer"
    )
    print(
        f"  /hodnoceni/, {len(persons)} persons: computed {listed * 1000:.0f} ms, {page_queries} "
        f"queries; from the cache {from_cache * 1000:.1f} ms, {kept_queries} query"
    )
