"""Benchmarks: ``make bench`` prints the figures the issues ask for.

Each ``bench/<area>.py`` has a ``run()`` printing its figures; ``python -m bench`` runs them
all on a throw-away database (``python -m bench core`` runs one area).
"""

import statistics
import time


def timed(function, repeat: int = 5) -> tuple[float, object]:
    """Median wall time in seconds over ``repeat`` runs, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result
