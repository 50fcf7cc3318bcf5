"""Commit before, reveal after, for the table draws: the commitment exists (and is public)
before the draw; the draw uses exactly its seed; a redraw needs a new one and keeps the
abandoned one; an exported tournament passes ``rules.verify`` and a tampered one fails; a
fresh copy redrawn from the revealed seeds gives the same seatings."""

import copy
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from draws.selectors import game_tables
from draws.services import (
    DrawRefused,
    confirm_draw,
    draw_game,
    open_draw_commitment,
    publish_draw_commitment,
    publish_redraw_commitment,
    redraw_game,
    set_rounds,
    swap_players,
)
from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from rules import draw as rules_draw
from rules import verify
from rules.commitment import commitment as commitment_of
from tests.authors import author
from tournament.models import Commitment, Game, QualifierSeating

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def seating(game):
    return [[seat.player.start_number for seat in table.seats] for table in game_tables(game)]


def committed_game(tournament, number, by=None, **options):
    by = by or author("Jana")
    published = publish_draw_commitment(
        tournament=tournament, kind="qualifier", number=number, by=by, **options
    )
    game = draw_game(
        tournament=tournament, kind="qualifier", number=number, by=by, commitment=published
    )
    return confirm_draw(game=game, by=by)


def test_the_commitment_is_published_before_the_draw_exists(fresh):
    published = publish_draw_commitment(
        tournament=fresh, kind="qualifier", number=1, by=author("Jana")
    )
    assert not Game.objects.exists()
    assert published.open and published.committed_at is not None
    assert published.what == "fresh/qualifier/game-1/tables;rounds=3-7"
    assert published.commitment == commitment_of(published.seed, published.what)
    assert len(published.seed) == 32 and published.revealed_seed is None
    # the public draw page shows it with its time, never the seed (cached: the stamp moved)
    page = Client().get(reverse("public:draw", kwargs={"slug": "fresh"})).content.decode()
    assert published.commitment in page and published.seed not in page
    shown_year = timezone.localtime(published.committed_at).strftime("%Y")  # Prague, as shown
    assert published.what in page and shown_year in page
    game = draw_game(
        tournament=fresh, kind="qualifier", number=1, by=author("Jana"), commitment=published
    )
    published.refresh_from_db()
    assert game.draw_seed == published.seed and game.commitment == published
    assert published.committed_at <= game.drawn_at == published.used_at
    assert published.revealed_seed == published.seed
    with pytest.raises(DrawRefused, match="drawn meanwhile with this commitment"):
        draw_game(
            tournament=fresh, kind="qualifier", number=1, by=author("Jana"), commitment=published
        )


def test_the_seed_reproduces_the_draw(fresh):
    game = committed_game(fresh, 1)
    players = sorted(n for table in seating(game) for n in table)
    from draws.selectors import entrant, team_of_players

    teams = team_of_players(fresh)
    entrants = [entrant(p, teams) for p in fresh.players.filter(start_number__in=players)]
    again = rules_draw.draw_seating(entrants, [len(t) for t in seating(game)], game.commitment.seed)
    assert [list(t) for t in again.tables] == seating(game)
    assert list(rules_draw.draw_rounds(game.commitment.seed).rounds) == game.round_numbers()


def test_publishing_again_keeps_one_open_commitment_per_game(fresh):
    one = publish_draw_commitment(tournament=fresh, kind="qualifier", number=1, by=author("a"))
    same = publish_draw_commitment(tournament=fresh, kind="qualifier", number=1, by=author("a"))
    assert same == one
    other = publish_draw_commitment(
        tournament=fresh, kind="qualifier", number=1, by=author("b"), tables=4
    )
    one.refresh_from_db()
    assert other.what.endswith(";tables=4") and one.abandoned_by == "b" and not one.open
    assert open_draw_commitment(fresh, "qualifier", 1) == other


def test_a_redraw_needs_a_new_commitment_and_keeps_the_abandoned_one(fresh):
    first = committed_game(fresh, 1)
    used = first.commitment
    fresh_commitment = publish_redraw_commitment(game=first, by=author("Petr"))
    assert fresh_commitment != used and fresh_commitment.open
    redrawn = redraw_game(game=first, by=author("Petr"), commitment=fresh_commitment)
    used.refresh_from_db()
    assert used.abandoned_by == "Petr" and used.abandoned_at is not None
    assert redrawn.commitment == fresh_commitment and redrawn.draw_seed == fresh_commitment.seed
    assert Commitment.objects.filter(tournament=fresh).count() == 2


def test_the_next_game_waits_for_the_earlier_draws_confirmation(fresh):
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"), seed="ab")
    with pytest.raises(DrawRefused, match="Confirm the draw of game 1 first"):
        publish_draw_commitment(tournament=fresh, kind="qualifier", number=2, by=author("a"))


def test_an_exported_tournament_passes_verify_and_tampering_fails(fresh):
    committed_game(fresh, 1)
    committed_game(fresh, 2, preferences=rules_draw.Preferences(teammates_apart=False))
    committed_game(fresh, 3, tables=4)
    document = export_tournament(fresh)
    checks = verify.verify_document(document)
    assert [(c.commitment.key, c.result.key) for c in checks] == [
        (verify.OK, verify.REPRODUCED)
    ] * 3
    assert checks[1].what.endswith(";teammates=no") and checks[2].what.endswith(";tables=4")
    draw = document["stages"]["qualifier"]["games"][0]["draw"]
    assert set(draw) == {"seed", "drawn_at", "drawn_by", "commitment", "committed_at", "what"}

    tampered = copy.deepcopy(document)
    tampered["stages"]["qualifier"]["games"][1]["draw"]["seed"] = "00" * 16
    assert verify.verify_document(tampered)[1].commitment.key == verify.MISMATCH
    tampered = copy.deepcopy(document)
    tables = tampered["stages"]["qualifier"]["games"][2]["tables"]
    tables[0]["seats"][0], tables[1]["seats"][0] = tables[1]["seats"][0], tables[0]["seats"][0]
    assert verify.verify_document(tampered)[2].result.key == verify.DIFFERS
    tampered = copy.deepcopy(document)
    tampered["stages"]["qualifier"]["games"][0]["draw"]["commitment"] = "f" * 64
    assert verify.verify_document(tampered)[0].commitment.key == verify.MISMATCH


def test_kept_seating_is_committed_and_verified(fresh):
    fresh.qualifier_seating = QualifierSeating.KEEP
    fresh.save()
    committed_game(fresh, 1)
    second = committed_game(fresh, 2)
    assert second.commitment.what.endswith(";seating=kept")
    assert all(
        c.result.key == verify.REPRODUCED for c in verify.verify_document(export_tournament(fresh))
    )


def test_rounds_typed_by_hand_read_as_a_different_result(fresh):
    game = draw_game(
        tournament=fresh,
        kind="qualifier",
        number=1,
        by=author("a"),
        commitment=publish_draw_commitment(
            tournament=fresh, kind="qualifier", number=1, by=author("a")
        ),
    )
    a, b = seating(game)[0][0], seating(game)[1][0]
    swap_players(game=game, first=a, second=b, by=author("a"))
    confirm_draw(game=game, by=author("a"))
    [check] = verify.verify_document(export_tournament(fresh))
    # a recorded swap is reproduced (tests/draws/test_swaps.py); typed rounds are not
    assert check.commitment.key == verify.OK and check.result.key == verify.REPRODUCED_SWAP
    second = draw_game(
        tournament=fresh,
        kind="qualifier",
        number=2,
        by=author("a"),
        commitment=publish_draw_commitment(
            tournament=fresh, kind="qualifier", number=2, by=author("a")
        ),
    )
    with pytest.raises(DrawRefused, match="Type the rounds"):
        set_rounds(game=second, by=author("a"))
    set_rounds(game=second, by=author("a"), rounds=[7, 1])
    confirm_draw(game=second, by=author("a"))
    check = verify.verify_document(export_tournament(fresh))[1]
    assert check.result.key == verify.DIFFERS and "rounds" in check.result.values["detail"].key


def test_a_fresh_copy_redrawn_from_the_revealed_seeds_is_the_same(fresh):
    for number in (1, 2, 3):
        committed_game(fresh, number)
    document = export_tournament(fresh)
    blank = json.loads(json.dumps(document))
    games = blank["stages"].pop("qualifier")["games"]
    copy_of, _warnings = import_tournament(blank, slug="copy")
    for game in games:
        redrawn = draw_game(
            tournament=copy_of,
            kind="qualifier",
            number=game["number"],
            by=author("checker"),
            seed=game["draw"]["seed"],
            confirm=True,
        )
        assert seating(redrawn) == [t["seats"] for t in game["tables"]]
        assert [t.starting_seat for t in redrawn.tables.order_by("number")] == [
            t["starting_seat"] for t in game["tables"]
        ]
        assert redrawn.round_numbers() == game["rounds"]


def test_the_organisers_pages_publish_then_draw_then_redraw(clients, fresh):
    organiser = clients["organiser"]
    url = reverse("draws:draw", kwargs={"slug": "fresh", "stage": "qualifier"})
    organiser.post(url, {"least": 3, "most": 7, "action": "publish", "tables": 4})
    published = Commitment.objects.get()
    assert published.subject["tables"] == 4
    page = organiser.get(url).content.decode()
    assert published.commitment in page and "4 tables, chosen" in page
    organiser.post(url, {"action": "abandon", "commitment": str(published.pk)})
    published.refresh_from_db()
    assert published.abandoned_by == "org" and not Game.objects.exists()
    organiser.post(url, {"least": 3, "most": 7, "action": "publish"})
    second = Commitment.objects.get(abandoned_at__isnull=True)
    organiser.post(url, {"action": "draw", "commitment": str(second.pk)})
    game = Game.objects.get()
    game_url = reverse("draws:game", kwargs={"slug": "fresh", "stage": "qualifier", "number": 1})
    page = organiser.get(game_url).content.decode()
    assert second.seed in page and second.commitment in page
    redraw_url = reverse(
        "draws:redraw", kwargs={"slug": "fresh", "stage": "qualifier", "number": 1}
    )
    organiser.post(redraw_url, {"action": "draw"})  # no commitment yet: nothing happens
    game.refresh_from_db()
    assert game.commitment == second
    organiser.post(redraw_url, {"action": "publish"})
    third = open_draw_commitment(fresh, "qualifier", 1)
    organiser.post(redraw_url, {"action": "draw", "commitment": str(third.pk)})
    game.refresh_from_db()
    second.refresh_from_db()
    assert game.commitment == third and second.abandoned_by == "org"
