import copy
import json
import socket
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.core.management.color import no_style
from django.db import connection, transaction
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from accounts.roles import ORGANISER, REFEREE, create_account
from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules.sheet import SheetLine
from tests import row_locks
from tests.authors import author

# Property tests check what holds, not how fast: CI runs two suites at once on two cores, where
# an example may take seconds. Hypothesis's deadline and its too-slow health check would fail
# a correct test there (seen: the Spearman test under load).
hypothesis_settings.register_profile(
    "shared_cores", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("shared_cores")

DATA = Path(__file__).with_name("data")
PROJECT_APPS = ("tournament", "scoring", "season", "accounts")
# The apps whose rows a championship is (its history included), copied by ``rows_once``.
CHAMPIONSHIP_APPS = ("tournament", "scoring", "season", "sync")


def pytest_configure(config):
    """Passwords are hashed with Django's fast test hasher: the real one takes over a second a
    hash here, and hundreds of tests make accounts. Sign-in is tested with the same checks,
    only the hash is cheaper (Django's own advice for test settings). A row lock outside a
    transaction is refused on SQLite too, as PostgreSQL refuses it (``tests.row_locks``)."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    row_locks.install()


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
    """Public pages are cached; every test starts with an empty cache that answers, and no
    tournament's state kept from another test (whose rows were rolled back)."""
    import sharedcache
    from tournament.cache import forget_states

    sharedcache.forget_outage()
    sharedcache.clear()
    forget_states()


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


# The championships and people most tests start from --------------------------------------


def _championship_models() -> list:
    return [
        model
        for app in CHAMPIONSHIP_APPS
        for model in apps.get_app_config(app).get_models(include_auto_created=True)
    ]


def _rows_of(models) -> dict:
    rows = {}
    for model in models:
        columns = [field.attname for field in model._meta.concrete_fields]
        values = list(model.objects.order_by().values(*columns))
        if values:
            rows[model] = values
    return rows


class RowsOnce:
    """A championship made once per test process and copied into each test that asks for it.

    Making one goes through the import (and the draw) with every check, a second or so each;
    hundreds of tests start from the same one. The first test to ask makes it in a transaction
    that is rolled back, keeping its rows; every test then inserts those rows as they were (the
    same keys, revisions and history), in one statement a table. A test that has already stored
    rows of a championship gets the real making, so that no key can clash."""

    def __init__(self, blocker):
        self.blocker = blocker
        self.made: dict[str, dict] = {}
        with blocker.unblock():
            # what the migrations store (the card table) is no championship's: left out even
            # when a transactional test (a browser's) has flushed it before this was made
            from tournament.models import Card

            self.models = [
                model
                for model in _championship_models()
                if model is not Card and not model.objects.exists()
            ]

    def __call__(self, name: str, make):
        models = self.models
        if any(model.objects.exists() for model in models):
            return make()
        if name not in self.made:
            with self.blocker.unblock(), transaction.atomic():
                make()
                self.made[name] = _rows_of(models)
                transaction.set_rollback(True)
        with transaction.atomic():
            for model, values in self.made[name].items():
                model.objects.bulk_create([model(**row) for row in values])
            with connection.cursor() as cursor:
                for statement in connection.ops.sequence_reset_sql(
                    no_style(), list(self.made[name])
                ):
                    cursor.execute(statement)
        return None


@pytest.fixture(scope="session")
def rows_once(django_db_setup, django_db_blocker) -> RowsOnce:
    return RowsOnce(django_db_blocker)


def import_demo():
    tournament, _ = import_tournament(json.loads(DEMO_FILE.read_text(encoding="utf-8")), slug="mcr")
    return tournament


@pytest.fixture
def demo(db, rows_once):
    """The demo championship: qualifier, both finals and teams, all played."""
    from tournament.models import Tournament

    return rows_once("demo", import_demo) or Tournament.objects.get(slug="mcr")


def import_simulated_60():
    from sample.simulate import full_championship

    document = full_championship(60, seed=60, b_final_from=1)
    tournament, _ = import_tournament(document, slug="sim60")
    return tournament


@pytest.fixture
def simulated_60(db, rows_once):
    """A simulated championship of 60 players (``sample.simulate``): qualifier, both finals
    and teams, all played."""
    from tournament.models import Tournament

    return rows_once("simulated_60", import_simulated_60) or Tournament.objects.get(slug="sim60")


@pytest.fixture
def english():
    with translation.override("en"):
        yield


def draw_first_game():
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    return draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )


@pytest.fixture
def game(db, rows_once):
    """The demo's players with the qualifier's first game drawn and confirmed, no result."""
    from tournament.models import Game

    return rows_once("game", draw_first_game) or Game.objects.get(
        stage__tournament__slug="mcr", stage__kind="qualifier", number=1
    )


@pytest.fixture
def referees(db):
    return [
        create_account(username=name, role=REFEREE, password="heslo-rozhodciho")
        for name in ("ref1", "ref2")
    ]


@pytest.fixture
def organiser(db):
    return create_account(username="org", role=ORGANISER, password="heslo-organizatora")


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def table_and_round(game, table=1, position=0):
    return game.tables.get(number=table), game.rounds.get(position=position)


def good_lines(table, closer=0, laid=10, unused=3):
    seats = list(table.seats.select_related("player").order_by("position"))
    return [
        SheetLine(seat.player.start_number, laid, 0 if i == closer else unused, closed=i == closer)
        for i, seat in enumerate(seats)
    ]


def at_once(*calls) -> list:
    """Run the calls in threads started together, each with its own database connection (a
    ``transaction=True`` test's), as simultaneous requests; their results in order."""
    start = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(index, call):
        try:
            start.wait()
            results[index] = call()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


# A shared cache that fails (sharedcache) ----------------------------------------------------


@pytest.fixture
def silent_server():
    """A server that accepts connections and never answers, as a Redis that hangs: its port,
    and the connections it has taken so far."""
    server = socket.create_server(("127.0.0.1", 0), backlog=128)
    server.settimeout(0.05)
    taken: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                connection_, _address = server.accept()
            except TimeoutError:
                continue
            taken.append(connection_)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield SimpleNamespace(port=server.getsockname()[1], taken=taken)
    stop.set()
    thread.join()
    for connection_ in taken:
        connection_.close()
    server.close()


@pytest.fixture
def closed_port() -> int:
    """A port where nothing listens: a Redis that is stopped."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_at(settings):
    """``redis_at(port)`` points the cache at a Redis on that port as ``REDIS_URL`` does, with
    the project's own options (its short timeouts); the guard starts as after a start."""
    import sharedcache

    def point(port: int) -> None:
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": f"redis://127.0.0.1:{port}/0",
                "KEY_PREFIX": "outage",
                "OPTIONS": settings.REDIS_CACHE_OPTIONS,
            }
        }
        sharedcache.forget_outage()

    yield point
    sharedcache.forget_outage()
