"""The public page cache (tournament.cache): keyed by the path and the parameters a page uses,
so that any other query string is the same page from the same entry; a value computed once
per state of the data, however many requests ask at once."""

import threading

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.cache import computed_once

pytestmark = pytest.mark.django_db

# Each page with the parameters it uses: any other name is ignored.
PAGES = {
    "/": set(),
    "/archiv/": set(),
    "/turnaj/mcr/": set(),
    "/turnaj/mcr/kvalifikace/": {"b1-sort", "vs-sort", "all-sort"},
    "/turnaj/mcr/finale-a/vysledky.json": set(),
    "/turnaj/mcr/druzstva/": {"sort"},
    "/turnaj/mcr/rozlosovani/": {"hledat"},
    "/turnaj/mcr/zaznam/": {"druh", "faze", "partie", "strana"},
    "/turnaj/mcr/ke-stazeni/": {"sirka", "radky"},
    "/en/turnaj/mcr/finale-b/": {"all-sort"},
}


def entries() -> int:
    """The entries the cache holds: the test settings' LocMemCache, or Redis (REDIS_URL)."""
    if hasattr(cache._cache, "get_client"):
        return len(cache._cache.get_client().keys(cache.make_key("*")))
    return len(cache._cache)


names = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), min_size=1, max_size=12
)
queries = st.lists(st.tuples(names, st.text(max_size=20)), min_size=1, max_size=4)


@pytest.mark.parametrize("path", sorted(PAGES))
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=queries)
def test_random_query_strings_neither_miss_the_cache_nor_add_entries(demo, path, query):
    client = Client()
    plain = client.get(path)
    assert plain.status_code == 200
    kept = entries()
    unused = [(name, value) for name, value in query if name not in PAGES[path]]
    with CaptureQueriesContext(connection) as captured:
        again = client.get(path, unused)
    assert again.status_code == 200
    assert again.content == plain.content
    assert len(captured) <= 1  # the tournament's state only: the page came from the cache
    assert entries() == kept


@pytest.mark.parametrize(
    ("path", "ignored", "used"),
    [
        ("/turnaj/mcr/kvalifikace/", {"vs-sort": "nonsense"}, {"vs-sort": "-points"}),
        ("/turnaj/mcr/kvalifikace/", {"xx-sort": "points"}, {"b1-sort": "player"}),
        ("/turnaj/mcr/druzstva/", {"sort": "counted"}, {"sort": "-points"}),
        ("/turnaj/mcr/rozlosovani/", {"hledat": "   "}, {"hledat": "Vesel"}),
    ],
)
def test_a_value_the_page_ignores_is_no_new_entry_and_one_it_uses_is(demo, path, ignored, used):
    client = Client()
    plain = client.get(path).content
    kept = entries()
    assert client.get(path, ignored).content == plain and entries() == kept
    chosen = client.get(path, {**used, "utm_source": "newsletter"}).content
    assert chosen != plain and entries() == kept + 1
    assert client.get(path, used).content == chosen and entries() == kept + 1
    assert b"utm_source" not in chosen  # the page's own links carry only what it uses


def test_a_value_is_computed_once_however_many_ask_at_once():
    computed, release = [], threading.Event()

    def compute():
        computed.append(1)
        release.wait(timeout=30)
        return "standings"

    answers = []
    threads = [
        threading.Thread(target=lambda: answers.append(computed_once("k:1.7:q", compute)))
        for _ in range(12)
    ]
    for thread in threads:
        thread.start()
    release.set()
    for thread in threads:
        thread.join()
    assert answers == ["standings"] * 12
    assert computed == [1]
    assert computed_once("k:1.7:q", compute) == "standings" and computed == [1]
