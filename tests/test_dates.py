"""A moment is written one way on every page (issue 33, point 7: "28. 11. 2026 v 3:32" beside
"v 28. 11. 2026 03:32:24"): the date, a comma, the time with its hour as Czech writes it, no
leading zero ("28. 11. 2026, 3:32"); a time alone the same way ("v 3:32")."""

import re
from pathlib import Path

from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
FORMAT = re.compile(r"""\|(?:date|time):["']([^"']*)["']""")
ALLOWED = {"j. n. Y", "j. n. Y, G:i", "j. n. Y, G:i:s", "j. n., G:i", "j. n., G:i:s", "G:i",
           "G:i:s", "c"}  # fmt: skip


def test_every_page_writes_a_moment_one_way():
    found = {
        (path.relative_to(TEMPLATES).as_posix(), fmt)
        for path in TEMPLATES.rglob("*.html")
        for fmt in FORMAT.findall(path.read_text(encoding="utf-8"))
        if fmt not in ALLOWED
    }
    assert found == set()
