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


def timed_side_by_side(first, second, repeat: int = 9) -> tuple:
    """Two ways of doing the same work, run in turns (first, second, first, …) so that the
    machine's ups and downs fall on both: the median times of each in seconds, the median of
    the ratios first/second of each turn, and each one's last result."""
    firsts, seconds, ratios = [], [], []
    result_first = result_second = None
    for _ in range(repeat):
        start = time.perf_counter()
        result_first = first()
        middle = time.perf_counter()
        result_second = second()
        end = time.perf_counter()
        firsts.append(middle - start)
        seconds.append(end - middle)
        ratios.append((middle - start) / (end - middle))
    return (
        statistics.median(firsts),
        statistics.median(seconds),
        statistics.median(ratios),
        result_first,
        result_second,
    )
