"""The day's peak (issue 27): a qualifier game in play on the default set-up (SQLite, the
server ``make serve`` starts), every table's phone saving each round at once, two referees
confirming the sheets (and signing in during the peak), and N readers whose browsers run the
standings' live refresh, for N = 50, 200 and 500. Prints the desk's and the phones' p50/p95
and the readers' p95 for each N; the target is p95 <= 1 s for the staff and the phones with
200 readers, and no error.

``CROWD_READERS=200 python -m bench crowd`` runs one N only.

The readers do what the page's script does: load the standings once, then every 15 seconds
ask the live fragment at the address the last answer gave (``hx-get``), unless it said 204.
"""

import asyncio
import json
import os
import re
import ssl
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

import httpx
from django.conf import settings

from bench.public import served

READERS = tuple(int(n) for n in os.environ.get("CROWD_READERS", "50,200,500").split(","))
TABLES = 10  # 70 players, 7 a table: the championship's usual field
ROUNDS = 7  # a whole qualifier game
ROUND_EVERY = 8.0  # seconds between two rounds' burst of saves (the real day: minutes)
POLL_EVERY = 15.0  # the page's hx-trigger
WARM_UP = POLL_EVERY  # every reader has loaded the page before the first round is saved
REFEREE_PAUSE = 1.0  # a referee's next click after an answer
TIMEOUT = 60.0
PASSWORD = "bench-heslo-rozhodciho"
# One TLS context for all the simulated people: httpx makes a new one (60 ms of CPU loading
# the CA bundle) for every client otherwise, which the load generator would pay during the
# very bursts it measures (the server is plain HTTP anyway).
TLS = ssl.create_default_context()


def client(root: str, **options) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=root, timeout=TIMEOUT, verify=TLS, **options)


PLAIN_SENTENCE = "Pořadí bylo aktualizováno."  # the status line when nothing more is known
TARGET = 1.0  # seconds, p95 of the staff's and the phones' requests with 200 readers


def prepare(slug: str, tables: int) -> dict:
    """In the server's database: a qualifier whose game 1 is played, game 2 drawn and
    confirmed with every table's link issued, its sheets needing a referee's confirmation,
    and two referees. Returns what the simulated people need to know."""
    from accounts.roles import REFEREE
    from accounts.services import create_account
    from draws.services import draw_game
    from interchange.importer import import_tournament
    from sample.simulate import qualifier_only
    from scoring.links import issue_table_links, token_of
    from tournament.models import Stage

    document = qualifier_only(tables * 7, seed=tables, games=2, rounds=list(range(1, 8)))
    document["stages"]["qualifier"]["games"] = document["stages"]["qualifier"]["games"][:1]
    tournament, _ = import_tournament(document, slug=slug)
    Stage.objects.filter(tournament=tournament, kind="qualifier").update(confirmation_required=True)
    game = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=2,
        by=None,
        seed=2,
        rounds=list(range(1, ROUNDS + 1)),
        confirm=True,
    )
    links = issue_table_links(game=game, by=None)
    seats = {
        table.number: [s.player.start_number for s in table.seats.order_by("position")]
        for table in game.tables.prefetch_related("seats__player")
    }
    referees = [f"{slug}-rozhodci-{n}" for n in (1, 2)]
    for name in referees:
        create_account(username=name, role=REFEREE, password=PASSWORD)
    return {
        "tables": {str(n): token_of(link) for n, link in links.items()},
        "seats": {str(n): players for n, players in seats.items()},
        "referees": referees,
    }


@dataclass
class Figures:
    desk: list[float] = field(default_factory=list)
    sign_in: list[float] = field(default_factory=list)
    phones: list[float] = field(default_factory=list)
    polls: list[float] = field(default_factory=list)
    pages: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    refreshed: int = 0  # polls answered with new standings (not 204)
    plain: int = 0  # of those, how many said only "the standings were updated"


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def form_field(html: str, name: str) -> str:
    found = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', html)
    return found.group(1) if found else ""


def live_address(html: str) -> str | None:
    found = re.search(r'hx-get="([^"]+)"', html)
    return found.group(1).replace("&amp;", "&") if found else None


async def timed(client, figures_list, errors, method, url, **kwargs):
    start = time.perf_counter()
    try:
        response = await client.request(method, url, **kwargs)
    except httpx.HTTPError as error:
        errors.append(f"{method} {url}: {type(error).__name__}")
        figures_list.append(time.perf_counter() - start)
        return None
    figures_list.append(time.perf_counter() - start)
    if response.status_code >= 400:
        errors.append(f"{method} {url}: {response.status_code}")
        return None
    return response


async def reader(root, slug, index, count, stop, figures):
    await asyncio.sleep(index * POLL_EVERY / count)
    async with client(root) as browser:
        page = await timed(
            browser, figures.pages, figures.errors, "GET", f"/turnaj/{slug}/kvalifikace/"
        )
        address = live_address(page.text) if page is not None else None
        while address and not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), POLL_EVERY)
                return
            except TimeoutError:
                pass
            answer = await timed(
                browser,
                figures.polls,
                figures.errors,
                "GET",
                address,
                headers={"HX-Request": "true", "HX-Target": "standings"},
            )
            if answer is not None and answer.status_code == 200:
                figures.refreshed += 1
                figures.plain += PLAIN_SENTENCE in answer.text
                address = live_address(answer.text) or address


async def sign_in(root, name, figures) -> httpx.AsyncClient:
    browser = client(root)
    start = time.perf_counter()
    form = await browser.get("/ucet/prihlaseni/")
    answer = await browser.post(
        "/ucet/prihlaseni/",
        data={
            "username": name,
            "password": PASSWORD,
            "csrfmiddlewaretoken": form_field(form.text, "csrfmiddlewaretoken"),
            "next": "",
        },
        headers={"Referer": root + "/ucet/prihlaseni/"},
    )
    figures.sign_in.append(time.perf_counter() - start)
    if answer.status_code != 302:
        figures.errors.append(f"sign-in of {name}: {answer.status_code}")
    return browser


async def referee(root, slug, name, saved, stop, figures):
    """Signs in, then confirms the phones' sheets as they come, looking at the day's grid
    between two; signs in again half-way (a second device, a new shift)."""
    browser = await sign_in(root, name, figures)
    confirmed = 0
    try:
        while not (stop.is_set() and saved.empty()):
            await timed(browser, figures.desk, figures.errors, "GET", f"/rozhodci/{slug}/")
            try:
                table, round_number = await asyncio.wait_for(saved.get(), REFEREE_PAUSE)
            except TimeoutError:
                continue
            sheet = f"/rozhodci/{slug}/kvalifikace/partie-2/stul-{table}/kolo-{round_number}/"
            page = await timed(browser, figures.desk, figures.errors, "GET", sheet)
            if page is None:
                continue
            answer = await timed(
                browser,
                figures.desk,
                figures.errors,
                "POST",
                sheet + "potvrdit/",
                data={
                    "version": form_field(page.text, "version"),
                    "csrfmiddlewaretoken": form_field(page.text, "csrfmiddlewaretoken"),
                },
                headers={"Referer": root + sheet},
            )
            if answer is not None and answer.status_code == 302:
                await timed(
                    browser, figures.desk, figures.errors, "GET", answer.headers["location"]
                )
            confirmed += 1
            if confirmed == ROUNDS * TABLES // 4:
                await browser.aclose()
                browser = await sign_in(root, name, figures)
            await asyncio.sleep(REFEREE_PAUSE)
    finally:
        await browser.aclose()


async def phone(root, token, table, players, round_number, saved, figures):
    """One table's phone saves one round: the page, the form sent, the page it leads to."""
    import random

    from sample.simulate import play_round

    rng = random.Random(table * 100 + round_number)
    skill = {p: rng.uniform(0.45, 1.0) for p in players}
    played = play_round(rng, players, skill, round_number)
    async with client(root) as browser:
        address = f"/stul/{token}/kolo-{round_number}/"
        page = await timed(browser, figures.phones, figures.errors, "GET", address)
        if page is None:
            return
        data = {
            "version": form_field(page.text, "version"),
            "round": str(round_number),
            "confirm_warnings": "on",
            "csrfmiddlewaretoken": form_field(page.text, "csrfmiddlewaretoken"),
        }
        for line in played["results"]:
            data[f"p{line['player']}-laid"] = str(line["laid"])
            data[f"p{line['player']}-unused"] = str(line["unused"])
            if line["closed"]:
                data[f"p{line['player']}-closed"] = "on"
        answer = await timed(
            browser,
            figures.phones,
            figures.errors,
            "POST",
            address,
            data=data,
            headers={"Referer": root + address},
        )
        if answer is None:
            return
        if answer.status_code == 302:
            await timed(browser, figures.phones, figures.errors, "GET", answer.headers["location"])
        await saved.put((table, round_number))


async def peak(root, slug, people, readers) -> Figures:
    figures = Figures()
    stop = asyncio.Event()
    saved = asyncio.Queue()
    crowd = [
        asyncio.create_task(reader(root, slug, i, readers, stop, figures)) for i in range(readers)
    ]
    staff = [
        asyncio.create_task(referee(root, slug, name, saved, stop, figures))
        for name in people["referees"]
    ]
    await asyncio.sleep(WARM_UP)
    for round_number in range(1, ROUNDS + 1):
        started = time.perf_counter()
        await asyncio.gather(
            *(
                phone(root, token, int(table), people["seats"][table], round_number, saved, figures)
                for table, token in people["tables"].items()
            )
        )
        await asyncio.sleep(max(0.0, ROUND_EVERY - (time.perf_counter() - started)))
    await asyncio.sleep(POLL_EVERY)  # every reader sees the last round
    stop.set()
    await asyncio.gather(*staff)
    await asyncio.gather(*crowd)
    return figures


def run() -> None:
    people = {}

    def tournaments(work, environment, manage):
        for readers in READERS:
            made = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    "import django, json; django.setup(); from bench.crowd import prepare; "
                    f"print(json.dumps(prepare('crowd-{readers}', {TABLES})))",
                ],
                env=environment,
                check=True,
                capture_output=True,
                text=True,
                cwd=settings.BASE_DIR,
            )
            people[readers] = json.loads(made.stdout.strip().splitlines()[-1])

    worst = {}
    with served(tournaments) as root:
        print(
            f"{TABLES} tables of a qualifier game, {ROUNDS} rounds every {ROUND_EVERY:.0f} s "
            "(every table's phone at once), 2 referees confirming, readers polling the "
            f"live standings every {POLL_EVERY:.0f} s; the server as `make serve` starts it"
        )
        for readers in READERS:
            figures = asyncio.run(peak(root, f"crowd-{readers}", people[readers], readers))
            load = os.getloadavg()[0]  # the machine's: other work slows every figure
            worst[readers] = max(
                percentile(figures.desk + figures.sign_in, 0.95),
                percentile(figures.phones, 0.95),
            )
            print(
                f"  {readers:>3} readers: desk p50 {percentile(figures.desk, 0.5):.2f} s, "
                f"p95 {percentile(figures.desk, 0.95):.2f} s "
                f"(sign-in max {max(figures.sign_in):.2f} s); "
                f"phones p50 {percentile(figures.phones, 0.5):.2f} s, "
                f"p95 {percentile(figures.phones, 0.95):.2f} s; "
                f"readers' live polls p95 {percentile(figures.polls, 0.95):.2f} s "
                f"({len(figures.polls)} polls, {figures.refreshed} with news, "
                f"{figures.plain} of them without saying what changed), "
                f"page p95 {percentile(figures.pages, 0.95):.2f} s; "
                f"errors {len(figures.errors)}; load average {load:.1f}"
            )
            for error in sorted(set(figures.errors))[:5]:
                print(f"      {error}")
    if 200 not in worst:
        return
    met = worst[200] <= TARGET
    print(
        f"  with 200 readers the staff's and the phones' p95 is {worst[200]:.2f} s "
        f"(target at most {TARGET:.0f} s: {'met' if met else 'NOT MET'})"
    )
