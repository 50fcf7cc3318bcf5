"""Commit before, reveal after: a random decision's seed is fixed and its SHA-256 published
before the draw, so that anyone can check afterwards that the seed was not chosen after
trying several (formats README, "commitment")."""

import hashlib


def seed_hex(seed: int | str) -> str:
    """The seed as the commitment writes it: a text seed as it is (hexadecimal digits), a
    whole number in lower-case hexadecimal."""
    return format(seed, "x") if isinstance(seed, int) else seed


def commitment(seed: int | str, what: str) -> str:
    """``sha256(seed_hex + ":" + what)`` in hexadecimal; ``what`` names the decision, e.g.
    ``mcr-2026/qualifier/game-2/tables``."""
    return hashlib.sha256(f"{seed_hex(seed)}:{what}".encode()).hexdigest()
