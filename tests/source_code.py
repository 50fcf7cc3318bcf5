"""The project's own Python source, for the tests that hold a definition to one place."""

from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
# the project's own apps as settings install them, the packages that are no app (the rules, the
# refusal and the shared cache) and the project's package
PLAIN_PACKAGES = ("rules", "refusals", "sharedcache")
APPS = (
    *PLAIN_PACKAGES,
    *(
        app
        for app in settings.INSTALLED_APPS
        if (ROOT / app).is_dir() and app not in PLAIN_PACKAGES
    ),
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
