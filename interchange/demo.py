"""The demo championship's document (``fixtures/demo-tournament.json``) and the short name it
is loaded under; loaded by the organiser's ``demo`` command (``staff``), the tests and the
benchmarks."""

from django.conf import settings

DEMO_FILE = settings.BASE_DIR / "fixtures" / "demo-tournament.json"


def demo_slug(document: dict) -> str:
    return f"mcr-{document['tournament']['year']}"
