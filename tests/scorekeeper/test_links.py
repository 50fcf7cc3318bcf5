"""A table link opens its own table and game only, until the game is complete or the link is
revoked; anything else is a 404 that changes nothing, and guessing is limited."""

import json
import logging
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from draws.services import draw_game
from rules.sheet import SheetLine
from scoring import links
from scoring import sheets as sheet_services
from scoring.models import RoundResult, Sheet, TableLink
from tests.authors import author
from tests.scorekeeper.conftest import client_of, round_form, seats_of
from ui.addresses import table_path

pytestmark = pytest.mark.django_db


def nothing_stored():
    return not Sheet.objects.exists() and not RoundResult.objects.exists()


def tampered(path: str) -> list[str]:
    token = path.split("/")[2]
    code, secret = token.split("-", 1)
    flipped = secret[:-1] + ("A" if secret[-1] != "A" else "B")
    other_code = code[:-1] + ("Z" if code[-1] != "Z" else "Y")
    urls = [
        f"/stul/{code}-{flipped}/",  # one character of the secret changed
        f"/stul/{code}-{secret[:-1]}/",  # shortened
        f"/stul/{code}-{secret}x/",  # lengthened
        f"/stul/{code}/",  # the code alone
        f"/stul/{other_code}-{secret}/",  # one character of the code changed
        f"/stul/{secret}/",  # the secret alone
        "/stul/x/",
    ]
    if code.lower() != code:  # a code of digits alone has no other letters
        urls.append(f"/stul/{code.lower()}-{secret}/")  # the code in other letters
    return urls


def test_the_token_has_at_least_128_random_bits_and_is_shown_again_the_same(game, table_links):
    link = TableLink.objects.get(table__game=game, table__number=1)
    secret = links.token_of(link).split("-", 1)[1]
    assert len(secret) * 6 >= 128
    assert links.token_of(TableLink.objects.get(pk=link.pk)) == links.token_of(link)
    assert table_path(link) == table_links[1]
    # nothing stored is the secret: the database holds the code and a salt only
    stored = " ".join(str(v) for v in TableLink.objects.filter(pk=link.pk).values().get().values())
    assert secret not in stored
    with override_settings(SECRET_KEY="another-key-another-key-another-key-another-key"):
        assert links.token_of(link) != table_links[1].split("/")[2]  # derived from the key
        assert Client().get(table_links[1]).status_code == 404  # a new key: old links fail


def test_every_table_has_its_own_link(game, table_links):
    assert len(table_links) == game.tables.count()
    assert len(set(table_links.values())) == len(table_links)


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("codes", ["drawn", "digits alone"])
def test_a_tampered_token_is_404_and_changes_nothing(game, method, codes, monkeypatch):
    if codes == "digits alone":  # a code the random draw gives now and then: no letters at all
        numbers = iter(range(100_000, 1_000_000))
        monkeypatch.setattr(links, "_new_code", lambda: str(next(numbers)))
    path = table_path(links.issue_table_links(game=game, by=author("test"))[1])
    table = game.tables.get(number=1)
    client = Client()
    for url in tampered(path):
        response = getattr(client, method)(url, round_form(table, round="5", version="0"))
        assert response.status_code == 404, url
    assert nothing_stored()


def test_no_token_is_404():
    assert Client().get("/stul/").status_code == 404


def test_a_link_opens_its_own_table_only(game, table_links):
    """The address names the table: another table's players sent to it are ignored, and its
    own are missing, so nothing is stored."""
    one, two = game.tables.get(number=1), game.tables.get(number=2)
    response = Client().post(table_links[1], round_form(two, round="5", version="0"))
    assert response.status_code == 422
    assert nothing_stored()
    Client().post(table_links[1], round_form(one, round="5", version="0"))
    assert set(Sheet.objects.values_list("table__number", flat=True)) == {1}


def test_a_link_of_another_game_is_404_for_this_game(game, table_links, tournament):
    second = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=2,
        by=author("Jana"),
        seed=2,
        rounds=[4, 6],
        confirm=True,
    )
    links.issue_table_links(game=second)
    # round 4 and 6 are rounds of game 2 only: game 1's link cannot reach them
    for number in (4, 6):
        response = Client().post(
            table_links[1] + f"kolo-{number}/",
            round_form(second.tables.get(number=1), round=str(number), version="0"),
        )
        assert response.status_code == 404
    assert nothing_stored()


def test_a_revoked_link_is_404(game, table_links):
    table = game.tables.get(number=1)
    links.revoke_table_link(table=table, by=author("org"))
    for method in ("get", "post"):
        response = getattr(Client(), method)(
            table_links[1], round_form(table, round="5", version="0")
        )
        assert response.status_code == 404
    assert nothing_stored()
    renewed = links.renew_table_link(table=table, by=author("org"))
    assert Client().get(table_path(renewed)).status_code == 200
    assert Client().get(table_links[1]).status_code == 404  # the old one stays dead


def test_a_complete_games_link_shows_the_tables_results_read_only(game, table_links):
    client = Client()
    for table in game.tables.all():
        for game_round in game.rounds.order_by("position"):
            sheet_services.save_sheet(
                table=table,
                round=game_round,
                lines=[
                    SheetLine(s.player.start_number, 10, 0 if i == 0 else 3, closed=i == 0)
                    for i, s in enumerate(seats_of(table))
                ],
                by=None,
                version=0,
                at_table=True,
            )
    assert links.game_complete(game)
    table = game.tables.get(number=1)
    before = list(RoundResult.objects.values())
    response = client.get(table_links[1])
    assert response.status_code == 200
    page = response.content.decode()
    assert "Partie je dohrána: všechna kola jsou zapsána." in page
    assert "Výsledky stolu 1" in page and "Jen ke čtení" in page
    assert 'name="p' not in page  # no form
    closer, other = seats_of(table)[0].player, seats_of(table)[1].player
    bonus = game.stage.tournament.scoring_settings().close_bonus
    # three rounds: the closer lays 10 and closes each time, the others lay 10 and keep 3
    assert f"<td>{3 * (10 + bonus)}</td></tr>" in page.split(closer.name, 1)[1]
    assert "<td>21</td></tr>" in page.split(other.name, 1)[1]
    response = client.post(
        table_links[1] + "kolo-5/", round_form(table, laid=20, round="5", version="1")
    )
    assert response.status_code == 409
    assert "zde už nelze zapsat ani změnit" in response.content.decode()
    assert list(RoundResult.objects.values()) == before
    links.revoke_table_link(table=table, by=author("org"))
    assert client.get(table_links[1]).status_code == 404  # until the organiser revokes it


def test_the_last_rounds_values_sent_again_are_saved_already_whatever_the_games_state(
    game, table_links, referees
):
    """A phone whose answer was lost sends its save again: for the game's last round the game
    is complete by then, and a confirmed round cannot be changed from the table; the same
    values are still "saved already", never "nothing was saved"."""
    game.stage.confirmation_required = True
    game.stage.save()
    table = game.tables.get(number=1)
    client = Client()
    rounds = list(game.rounds.order_by("position"))
    for other in game.tables.exclude(pk=table.pk):
        for game_round in rounds:
            sheet_services.save_sheet(
                table=other,
                round=game_round,
                lines=[
                    SheetLine(s.player.start_number, 10, 0 if i == 0 else 3, closed=i == 0)
                    for i, s in enumerate(seats_of(other))
                ],
                by=None,
                version=0,
                at_table=True,
            )
    first, *_middle, last = rounds
    form = round_form(table, round=str(first.number), version="0")
    assert client.post(table_links[1], form).status_code == 302
    sheet = table.sheets.get(round=first)
    sheet_services.confirm_sheet(sheet=sheet, by=referees[0], version=sheet.version)
    again = client.post(table_links[1], form)  # confirmed since: still saved already
    assert again.status_code == 200
    assert "Kolo 5 už bylo uloženo s těmito hodnotami; nic se nezměnilo." in again.content.decode()
    for game_round in rounds[1:]:
        sent = round_form(table, round=str(game_round.number), version="0")
        assert client.post(table_links[1], sent).status_code in (200, 302)
    for saved in Sheet.objects.filter(confirmed_at__isnull=True):
        sheet_services.confirm_sheet(sheet=saved, by=referees[0], version=saved.version)
    assert links.game_complete(game)
    before = list(RoundResult.objects.order_by("pk").values())
    last_form = round_form(table, round=str(last.number), version="0")
    repeated = client.post(table_links[1] + f"kolo-{last.number}/", last_form)
    assert repeated.status_code == 200
    page = repeated.content.decode()
    assert f"Kolo {last.number} už bylo uloženo s těmito hodnotami; nic se nezměnilo." in page
    assert "Nic nebylo uloženo" not in page and "Výsledky stolu 1" in page
    changed = client.post(
        table_links[1] + f"kolo-{last.number}/", {**last_form, **round_form(table, laid=20)}
    )
    assert changed.status_code == 409 and "Nic nebylo uloženo" in changed.content.decode()
    assert list(RoundResult.objects.order_by("pk").values()) == before


def test_a_game_waiting_for_confirmations_is_not_complete(game, table_links, referees):
    game.stage.confirmation_required = True
    game.stage.save()
    for table in game.tables.all():
        for game_round in game.rounds.all():
            sheet_services.save_sheet(
                table=table,
                round=game_round,
                lines=[
                    SheetLine(s.player.start_number, 10, 0 if i == 0 else 3, closed=i == 0)
                    for i, s in enumerate(seats_of(table))
                ],
                by=None,
                version=0,
                at_table=True,
            )
    assert Client().get(table_links[1]).status_code == 200  # still correctable
    for sheet in Sheet.objects.all():
        sheet_services.confirm_sheet(sheet=sheet, by=referees[0], version=sheet.version)
    page = Client().get(table_links[1]).content.decode()
    assert "Výsledky stolu 1" in page and 'name="p' not in page


def test_a_draft_draw_has_no_links(tournament, game):
    draft = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=2,
        by=author("Jana"),
        seed=2,
        rounds=[4],
        confirm=False,
    )
    assert links.issue_table_links(game=draft) == {}
    assert not TableLink.objects.filter(table__game=draft).exists()


@override_settings(LINK_GUESSES=5)
def test_wrong_guesses_are_limited_per_client(game, table_links):
    client = Client(REMOTE_ADDR="10.0.0.7")
    for _ in range(5):
        assert client.get("/stul/ABCDEF-wrong/").status_code == 404
    response = client.get("/stul/ABCDEF-wrong/")
    assert response.status_code == 429
    assert "Příliš mnoho chybných adres" in response.content.decode()
    # over the limit even a right address answers 429: guesses learn nothing
    assert client.get(table_links[1]).status_code == 429
    # another client is not affected
    assert Client(REMOTE_ADDR="10.0.0.8").get(table_links[1]).status_code == 200


@override_settings(LINK_GUESSES=2, BEHIND_PROXY=True)
def test_behind_a_proxy_the_limit_counts_the_forwarded_client(game, table_links):
    for _ in range(2):
        Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.5").get("/stul/ABCDEF-x/")
    blocked = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.5")
    assert blocked.get(table_links[1]).status_code == 429
    other = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.6")
    assert other.get(table_links[1]).status_code == 200


def test_csrf_as_everywhere(game, table_links):
    table = game.tables.get(number=1)
    client = Client(enforce_csrf_checks=True)
    response = client.post(table_links[1], round_form(table, round="5", version="0"))
    assert response.status_code == 403
    assert nothing_stored()
    page = client.get(table_links[1]).content.decode()
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    data = round_form(table, round="5", version="0", csrfmiddlewaretoken=token)
    assert client.post(table_links[1], data).status_code == 302


def test_tokens_never_reach_the_logs(game, table_links, caplog):
    table = game.tables.get(number=1)
    secret = table_links[1].split("-", 1)[1].rstrip("/")
    client = Client()
    with caplog.at_level(logging.DEBUG):
        client.post(table_links[1], round_form(table, laid="x", round="5", version="0"))  # 422
        client.post(table_links[1], round_form(table, round="5", version="0"))
        client.post(table_links[1], round_form(table, laid=11, round="5", version="0"))  # 409
        client.get(table_links[1] + "kolo-4/")  # 404
        Client(enforce_csrf_checks=True).post(table_links[1], {})  # 403 CSRF
    text = "\n".join(record.getMessage() for record in caplog.records)
    assert "Unprocessable Entity" in text and "Conflict" in text and "Not Found" in text
    assert "/stul/" in text and secret not in text


def test_the_table_links_command(game, table_links):
    out = StringIO()
    call_command(
        "table_links",
        "mcr",
        "--stage",
        "qualifier",
        "--game",
        "1",
        "--base-url",
        "http://192.168.1.10:8000/",
        stdout=out,
    )
    printed = json.loads(out.getvalue())
    assert [row["table"] for row in printed["tables"]] == sorted(table_links)
    for row in printed["tables"]:
        assert row == {
            "table": row["table"],
            "url": "http://192.168.1.10:8000" + table_links[row["table"]],
        }
    out = StringIO()
    call_command("table_links", "mcr", "--stage", "qualifier", "--game", "1", stdout=out)
    assert json.loads(out.getvalue())["tables"][0]["url"].startswith("http://127.0.0.1:8000/stul/")


def test_the_command_issues_links_for_a_new_game_and_refuses_a_draft(tournament, game):
    from django.core.management.base import CommandError

    out = StringIO()
    call_command("table_links", "mcr", "--stage", "qualifier", "--game", "1", stdout=out)
    assert len(json.loads(out.getvalue())["tables"]) == game.tables.count()
    draw_game(
        tournament=tournament,
        kind="qualifier",
        number=2,
        by=author("Jana"),
        seed=2,
        rounds=[4],
        confirm=False,
    )
    with pytest.raises(CommandError):
        call_command("table_links", "mcr", "--stage", "qualifier", "--game", "2", stdout=out)
    with pytest.raises(CommandError):
        call_command("table_links", "mcr", "--stage", "final_a", "--game", "1", stdout=out)


def test_links_are_the_organisers_and_referees_not_the_publics(game, table_links, referees):
    page = client_of(referees[0]).get("/rozhodci/mcr/?partie=qualifier-1").content.decode()
    assert all(path in page for path in table_links.values())
    assert Client().get("/rozhodci/mcr/?partie=qualifier-1").status_code == 302


@pytest.mark.parametrize(
    "changes",
    [
        {"round": "99999999999999999999"},
        {"round": "-5"},
        {"round": "5", "version": "99999999999999999999"},
        {"round": "5", "version": "-1"},
        {"round": "5", "version": "jedna"},
    ],
)
def test_tampered_form_values_store_nothing(game, table_links, changes):
    table = game.tables.get(number=1)
    response = Client().post(table_links[1], round_form(table, **{"version": "0", **changes}))
    assert response.status_code in (404, 409, 422)
    assert nothing_stored()


def test_a_huge_round_in_the_address_is_404(game, table_links):
    assert Client().get(table_links[1] + "kolo-99999999999999999999/").status_code == 404


@pytest.fixture(params=["stopped", "hanging"])
def redis_down(request, redis_at, closed_port):
    """The settings REDIS_URL gives, with a Redis that is stopped (nothing listens on its
    port) or hangs (it accepts and never answers)."""
    if request.param == "stopped":
        redis_at(closed_port)
    else:
        redis_at(request.getfixturevalue("silent_server").port)


@override_settings(LINK_GUESSES=5)
def test_with_redis_down_the_links_work_and_guesses_are_counted_per_process(
    game, table_links, redis_down, caplog
):
    client = Client(REMOTE_ADDR="10.0.0.7")
    with caplog.at_level(logging.WARNING, logger="sharedcache"):
        assert client.get(table_links[1]).status_code == 200
        for _ in range(5):
            assert client.get("/stul/ABCDEF-wrong/").status_code == 404
        assert client.get("/stul/ABCDEF-wrong/").status_code == 429
        assert client.get(table_links[1]).status_code == 429
        assert Client(REMOTE_ADDR="10.0.0.8").get(table_links[1]).status_code == 200
        health = Client().get("/zdravi/")
    # the outage is logged once, not per request
    outage = [r for r in caplog.records if r.name == "sharedcache"]
    assert len(outage) == 1 and "does not answer" in outage[0].getMessage()
    assert health.status_code == 200
    assert health.content.decode().startswith("ok\ncache: unavailable since ")


def test_after_the_outage_the_shared_cache_is_used_again(
    settings, redis_at, closed_port, caplog, monkeypatch
):
    import sharedcache
    from accounts import guesses

    monkeypatch.setattr(sharedcache, "RETRY_SECONDS", 0)
    locmem = settings.CACHES
    redis_at(closed_port)
    with caplog.at_level(logging.WARNING, logger="sharedcache"):
        guesses.add_one("k", 60)
        assert guesses.count("k") == 1  # in this process
        settings.CACHES = locmem
        assert guesses.count("k") == 0  # the shared cache again, which counted nothing
        guesses.add_one("k", 60)
        assert guesses.count("k") == 1
    messages = [r.getMessage() for r in caplog.records if r.name == "sharedcache"]
    assert len(messages) == 2 and "answers again" in messages[1]
    assert Client().get("/zdravi/").content.decode().startswith("ok\ncache: ok\ndisk: ")
