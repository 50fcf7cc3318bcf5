"""The desk's tests use the fixtures of ``tests/conftest.py`` (a drawn game, referees)."""

from tests.conftest import client_of, good_lines, table_and_round  # noqa: F401
