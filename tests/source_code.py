"""The project's own Python source, for the tests that hold a definition to one place."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = (
    "rules",
    "tournament",
    "scoring",
    "interchange",
    "ui",
    "draws",
    "desk",
    "public",
    "printing",
    "sync",
    "scorekeeper",
    "staff",
    "accounts",
    "syllabatim",
)


def sources() -> dict[str, str]:
    """Each module's text by its path from the project's folder (migrations aside)."""
    return {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    }
