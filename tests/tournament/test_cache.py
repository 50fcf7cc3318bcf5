"""The public page cache (ui.page_cache, under tournament.cache's state): keyed by the path
and the parameters a page uses, so that any other query string is the same page from the same
entry; a value computed once per state of the data, however many requests ask at once."""

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


# Each page's address written a hundred ways, each of them read by the page alike: the first
# is the canonical one. Leading zeros in a number of the path are no address (404); a
# parameter's value repeated, padded or reordered is the canonical value; a sort of a table the
# page does not show, or a log page past the last, redirects to the page's own address.
SPACES = [" " * (k % 3) + "Vesel" + " " * (k % 5) for k in range(100)]
WRITTEN_A_HUNDRED_WAYS = {
    "player": ["/turnaj/mcr/hrac/7/"] + [f"/turnaj/mcr/hrac/{'0' * k}7/" for k in range(1, 100)],
    "card": ["/turnaj/mcr/ke-stazeni/hrac/7/html/"]
    + [f"/turnaj/mcr/ke-stazeni/hrac/{'0' * k}7/html/" for k in range(1, 100)],
    "sort repeated": [
        f"/turnaj/mcr/kvalifikace/?vs-sort={','.join(['points'] * k)}" for k in range(1, 101)
    ],
    "sort with more columns": [
        f"/turnaj/mcr/kvalifikace/?vs-sort=points,{','.join(['player', '-rank'] * k)}"
        for k in range(100)
    ],
    "sort of a table not shown": ["/turnaj/mcr/rozlosovani/"]
    + [f"/turnaj/mcr/rozlosovani/?qualifier-{n}-sort=seat" for n in range(1, 100)],
    "search spaced": [f"/turnaj/mcr/rozlosovani/?hledat={spaced}" for spaced in SPACES],
    "log page": ["/turnaj/mcr/zaznam/?strana=2"]
    + [f"/turnaj/mcr/zaznam/?strana={'0' * k}2" for k in range(1, 50)]
    + [f"/turnaj/mcr/zaznam/?{'&'.join(['strana=2'] * k)}" for k in range(1, 51)],
    "log filter": [
        "/turnaj/mcr/zaznam/?" + "&".join(["druh=draw", "druh=lot"] * k + ["druh=zzz"])
        for k in range(1, 101)
    ],
    "braille size": ["/turnaj/mcr/ke-stazeni/?sirka=40&radky=25"]
    + [f"/turnaj/mcr/ke-stazeni/?sirka={'0' * k}40&radky=25%20" for k in range(1, 100)],
    "rating": [f"/hodnoceni/?partii={'0' * k}1&b1-sort=rating,rating" for k in range(100)],
}


@pytest.mark.parametrize("kind", sorted(WRITTEN_A_HUNDRED_WAYS))
def test_an_address_written_a_hundred_ways_is_one_entry(demo, kind):
    addresses = WRITTEN_A_HUNDRED_WAYS[kind]
    assert len(addresses) == 100
    client = Client()
    canonical = client.get(addresses[0], follow=True)
    assert canonical.status_code == 200
    kept = entries()
    for address in addresses[1:]:
        response = client.get(address)
        assert response.status_code in (200, 302, 404), (address, response.status_code)
        if response.status_code == 200:
            assert response.content == canonical.content, address
        elif response.status_code == 302:
            assert client.get(response.url).content == canonical.content, address
    assert entries() <= kept + 1, kind  # the canonical page of a redirect, at most


def test_the_log_past_its_last_page_and_a_sort_of_no_table_redirect_to_the_page(demo):
    client = Client()
    last = client.get("/turnaj/mcr/zaznam/?strana=999")
    assert last.status_code == 302
    assert client.get(last.url).status_code == 200 and "strana=999" not in last.url
    stray = client.get("/turnaj/mcr/rozlosovani/?hledat=Vesel&final-b-9-sort=seat&sort=x")
    assert stray.status_code == 302 and stray.url == "/turnaj/mcr/rozlosovani/?hledat=Vesel"
    club = client.get("/turnaj/mcr/finale-b/?b1-sort=points&all-sort=player")
    assert club.status_code == 302 and club.url == "/turnaj/mcr/finale-b/?all-sort=player"


def test_a_number_too_long_to_be_in_bounds_is_no_parameter(demo):
    client = Client()
    plain = client.get("/turnaj/mcr/zaznam/").content
    for value in ("9" * 5000, "0" * 5000 + "2" * 10):
        response = client.get(f"/turnaj/mcr/zaznam/?strana={value}&partie={value}")
        assert response.status_code == 200 and response.content == plain


def test_a_signed_in_reader_sees_the_page_uncached_with_the_same_answers(demo):
    """Signed-in users' pages are not cached (their own navigation): the view reads the
    query as given, and a value the page does not read is still no error."""
    from accounts.roles import ORGANISER, create_account

    client = Client()
    client.force_login(create_account(username="o", role=ORGANISER, password="heslo-heslo"))
    assert client.get("/turnaj/mcr/zaznam/?strana=abc&partie=x").status_code == 200
    assert client.get("/turnaj/mcr/zaznam/?strana=999").status_code == 302
    assert client.get("/turnaj/mcr/rozlosovani/?final-b-9-sort=seat").status_code == 302
    assert entries() == 0
