"""Runs the benchmarks on a throw-away database.

make bench                    (SQLite; DATABASE_URL=postgres://... for PostgreSQL)
python -m bench core draws    (some areas only)
"""

import importlib
import os
import pkgutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "syllabatim.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

import bench  # noqa: E402


def areas() -> list[str]:
    return sorted(
        module.name
        for module in pkgutil.iter_modules(bench.__path__)
        if not module.name.startswith("_")
    )


def main(chosen: list[str]) -> None:
    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        print(f"database: {connection.vendor}")
        for area in chosen or areas():
            print(f"\n== {area} ==")
            importlib.import_module(f"bench.{area}").run()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main(sys.argv[1:])
