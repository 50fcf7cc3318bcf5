import copy
import json
from pathlib import Path

import pytest
from django.apps import apps

DATA = Path(__file__).with_name("data")
PROJECT_APPS = ("tournament", "scoring", "accounts")


def load_json(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the default language (a request under /en/ activates English in
    the test's thread, as it would for the rest of a server thread's request)."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def empty_cache():
    """Public pages are cached; every test starts with an empty cache."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def example_document() -> dict:
    return copy.deepcopy(load_json("example-tournament.json"))


@pytest.fixture
def example_results() -> dict:
    return load_json("example-results.json")


def database_snapshot() -> dict[str, list]:
    """Every row of the project's models, to show that a refused import stored nothing."""
    snapshot = {}
    for app in PROJECT_APPS:
        for model in apps.get_app_config(app).get_models():
            snapshot[model._meta.label] = list(model.objects.order_by("pk").values())
    return snapshot
