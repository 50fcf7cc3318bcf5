"""Matching what a reader types against names: the folding is the tournament layer's, where
persons are matched across tournaments with it."""

from tournament.collation import folded

__all__ = ["folded"]
