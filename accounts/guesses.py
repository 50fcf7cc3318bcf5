"""Counting wrong table-link guesses per client in the shared cache (Redis on the public
servers). While it does not answer, ``sharedcache`` counts them in each process instead: a
table link keeps working for the scorekeepers while Redis restarts."""

import sharedcache


def count(key: str) -> int:
    return sharedcache.get(key, 0)


def add_one(key: str, window: int) -> None:
    if not sharedcache.add(key, 1, window):
        try:
            sharedcache.incr(key)
        except ValueError:  # expired between the two calls
            sharedcache.add(key, 1, window)
