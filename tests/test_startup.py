"""Start-up does no work it does not need (issue 23): the heavy libraries are imported where a
file is made or a document checked, not by setting Django up and loading every page, which every
command and every server worker pays. ``make bench`` (bench/startup.py) measures the time."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("reportlab", "openpyxl", "jsonschema", "psycopg")

LOAD_EVERY_PAGE = f"""
import os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "syllabatim.settings")
import django
django.setup()
from django.urls import get_resolver
get_resolver().url_patterns
print(" ".join(sorted({{name.split(".")[0] for name in sys.modules}} & set({HEAVY!r}))))
"""


def loaded_by_start_up(**environment) -> set[str]:
    """The heavy libraries a fresh process has imported once every page is loaded; an
    environment value of None removes the variable."""
    merged = {**os.environ, **environment}
    answer = subprocess.run(
        [sys.executable, "-c", LOAD_EVERY_PAGE],
        cwd=ROOT,
        env={name: value for name, value in merged.items() if value is not None},
        capture_output=True,
        text=True,
        check=True,
    )
    return set(answer.stdout.split())


def test_setting_up_and_loading_every_page_imports_no_heavy_library():
    assert loaded_by_start_up(DATABASE_URL=None) == set()  # SQLite


def test_on_postgresql_only_its_driver_is_loaded():
    assert loaded_by_start_up(DATABASE_URL="postgres://postgres@127.0.0.1:5432/x") <= {"psycopg"}
