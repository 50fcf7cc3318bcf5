"""The standings' live refresh (public.live): one computation per change however many readers
poll, the sort the reader chose kept, one sentence per refresh saying what changed."""

import re

import pytest
from django.utils import translation

from public import live
from scoring import pages
from scoring.sheets import save_sheet
from tests.conftest import good_lines, table_and_round

pytestmark = pytest.mark.django_db

QUALIFIER = "/turnaj/mcr/kvalifikace/"


def save(game, referee, table=1, position=0, **values):
    table_, round_ = table_and_round(game, table, position)
    save_sheet(
        table=table_,
        round=round_,
        lines=good_lines(table_, **values),
        by=referee,
        version=0,
        confirm_warnings=True,
    )


@pytest.fixture
def in_play(game, referees):
    """The demo's qualifier game 1 in play: table 1 has saved its first round."""
    save(game, referees[0], table=1)
    return game


def live_address(html: str) -> str:
    return re.search(r'hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")


def status_of(html: str) -> str:
    return re.search(r'<p id="live-status" hx-swap-oob="innerHTML">([^<]*)</p>', html).group(1)


def places(tournament) -> dict:
    page = pages.stage_page(tournament, "qualifier")
    return {(s.category, row.player.number): row.rank for s in page.categories for row in s.rows}


def test_a_reader_with_the_newest_copy_gets_no_content(client, in_play):
    address = live_address(client.get(QUALIFIER).content.decode())
    assert "od=" in address
    assert client.get(address).status_code == 204


def test_one_change_then_many_polls_compute_the_standings_once(
    client, in_play, referees, monkeypatch
):
    first_copy = live_address(client.get(QUALIFIER).content.decode())
    save(in_play, referees[0], table=2)
    second_copy = live_address(client.get(QUALIFIER).content.decode())
    save(in_play, referees[0], table=3)
    computed, original = [], pages.stage_page
    monkeypatch.setattr(
        pages,
        "stage_page",
        lambda *args, **kwargs: computed.append(args) or original(*args, **kwargs),
    )
    answers = {
        client.get(address).content for _ in range(30) for address in (first_copy, second_copy)
    }
    assert len(answers) == 2  # two readers' copies: two sentences of what changed
    assert len(computed) == 1
    client.get(QUALIFIER)  # the page at the same revision shares the computation
    assert len(computed) == 1


def test_what_changed_is_computed_once_per_pair_of_copies(client, in_play, referees, monkeypatch):
    address = live_address(client.get(QUALIFIER).content.decode())
    save(in_play, referees[0], table=2)
    said, original = [], live.summary
    monkeypatch.setattr(live, "summary", lambda old, new: said.append(1) or original(old, new))
    for _ in range(20):
        assert client.get(address).status_code == 200
    assert len(said) == 1


def test_one_sentence_says_what_changed(client, in_play, referees):
    address = live_address(client.get(QUALIFIER).content.decode())
    before = places(in_play.stage.tournament)
    save(in_play, referees[0], table=2)
    save(in_play, referees[0], table=3)
    after = places(in_play.stage.tournament)
    moved = len(
        {player for key, place in after.items() if before.get(key) != place for player in [key[1]]}
    )
    html = client.get(address).content.decode()
    expected = "2 nové výsledky; " + (
        f"pořadí se změnilo u {moved} hráč{'e' if moved == 1 else 'ů'}."
        if moved
        else "pořadí beze změny."
    )
    assert status_of(html) == expected
    new_address = live_address(html)
    assert new_address != address and client.get(new_address).status_code == 204


def test_a_confirmation_and_a_correction_are_said_too(client, in_play, referees):
    from accounts.roles import REFEREE, create_account
    from scoring.models import Sheet
    from scoring.sheets import confirm_sheet
    from tournament.models import Stage

    Stage.objects.filter(kind="qualifier").update(confirmation_required=True)
    save(in_play, referees[0], table=2)
    address = live_address(client.get(QUALIFIER).content.decode())
    second = create_account(username="ref3", role=REFEREE, password="heslo-rozhodciho")
    sheet = Sheet.objects.get(table__number=2)
    confirm_sheet(sheet=sheet, by=second, version=sheet.version)
    table, round_ = table_and_round(in_play, 1)
    corrected = Sheet.objects.get(table=table, round=round_)
    save_sheet(
        table=table,
        round=round_,
        lines=good_lines(table, laid=12),
        by=referees[0],
        version=corrected.version,
        confirm_warnings=True,
    )
    assert status_of(client.get(address).content.decode()).startswith(
        "1 výsledek opraven; 1 výsledek potvrzen; "
    )


def test_a_copy_the_server_knows_nothing_of_gets_a_plain_sentence(client, in_play):
    # a copy of a tournament replaced since (another row), and an address of an older release
    for since in (f"{in_play.stage.tournament_id + 1000}.1", "2026-01-01T00:00:00"):
        html = client.get("/turnaj/mcr/kvalifikace/zive/", {"od": since}).content.decode()
        assert status_of(html) == "Pořadí bylo aktualizováno."


@pytest.mark.parametrize(
    ("counts", "czech", "english"),
    [
        (
            (1, 0, 0, 1),
            "1 nový výsledek; pořadí se změnilo u 1 hráče.",
            "1 new result; the order changed for 1 player.",
        ),
        (
            (3, 0, 0, 2),
            "3 nové výsledky; pořadí se změnilo u 2 hráčů.",
            "3 new results; the order changed for 2 players.",
        ),
        (
            (5, 2, 0, 0),
            "5 nových výsledků; 2 výsledky opraveny; pořadí beze změny.",
            "5 new results; 2 results corrected; the order did not change.",
        ),
        (
            (0, 0, 4, 5),
            "4 výsledky potvrzeny; pořadí se změnilo u 5 hráčů.",
            "4 results confirmed; the order changed for 5 players.",
        ),
        ((0, 0, 0, 0), "Pořadí bylo aktualizováno.", "The standings were updated."),
    ],
)
def test_the_sentence_in_czech_plurals_and_in_english(counts, czech, english):
    entered, corrected, confirmed, moved = counts
    old = live.Digest(
        sheets={(1, 1, r): (1, False) for r in range(corrected + confirmed)},
        places={("VS", p): 1 for p in range(10)},
    )
    sheets = dict(old.sheets)
    for r in range(corrected):
        sheets[(1, 1, r)] = (2, False)
    for r in range(corrected, corrected + confirmed):
        sheets[(1, 1, r)] = (1, True)
    sheets.update({(1, 2, r): (1, False) for r in range(entered)})
    new = live.Digest(sheets, {("VS", p): 2 if p < moved else 1 for p in range(10)})
    assert live.summary(old, new) == czech
    with translation.override("en"):
        assert live.summary(old, new) == english


def test_the_live_address_keeps_the_sort_and_nothing_else(client, in_play, referees):
    html = client.get(QUALIFIER, {"vs-sort": "-points", "utm_source": "x", "od": "1.1"})
    address = live_address(html.content.decode())
    assert "vs-sort=-points" in address and "utm_source" not in address
    assert address.count("od=") == 1
    save(in_play, referees[0], table=2)
    fragment = client.get(address).content.decode()
    assert "vs-sort=-points" in live_address(fragment)
    sort_links = re.findall(r'href="(\?[^"]*)"', fragment)
    assert sort_links and not any("od=" in link for link in sort_links)
    page = client.get(QUALIFIER, {"vs-sort": "-points"}).content.decode()
    assert rows(fragment) == rows(page) != rows(client.get(QUALIFIER).content.decode())


def rows(html: str) -> list[str]:
    """The players of the VS table, in the order shown."""
    return re.findall(r'id="vs-player-(\d+)"', html)


def test_a_burst_of_changes_is_computed_at_most_once_an_interval(
    client, in_play, referees, monkeypatch, settings
):
    settings.LIVE_REFRESH_INTERVAL = 2.0
    clock = [1000.0]
    monkeypatch.setattr(live, "_now", lambda: clock[0])
    address = live_address(client.get(QUALIFIER).content.decode())
    save(in_play, referees[0], table=2)
    first = client.get(address).content.decode()
    save(in_play, referees[0], table=3)  # half a second later, in the same burst
    clock[0] += 0.5
    assert client.get(address).content.decode() == first  # the latest, not a new computation
    assert client.get(live_address(first)).status_code == 204  # that reader has it already
    clock[0] += 2.0
    later = client.get(live_address(first)).content.decode()
    assert status_of(later).startswith("1 nový výsledek")
