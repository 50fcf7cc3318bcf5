"""A Scrabble club tournament's rounds are paired, not drawn (issue 37, point 2): the
commitment published from the draw page, the round paired from the confirmed standings with
its seed and stored as boards of two (an odd field's bye a board of one), the earlier rounds
complete first; ``rules.verify`` reproduces every pairing from the exported document, and a
changed result makes it fail."""

import copy
import json

import pytest
from django.urls import reverse
from django.utils import translation

from draws.services import DrawRefused, confirm_draw, draw_game, open_draw_commitment, swap_players
from interchange.exporter import export_tournament
from rules import scrabble, verify
from rules.rulesets import ScrabbleLine
from scoring import sheets as sheet_services
from tests.authors import author
from tests.conftest import client_of
from tournament.models import Player, Tournament
from tournament.services import frozen_settings

from .conftest import club_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def scrabble_tournament(db):
    tournament = club_tournament("scrabble")
    Tournament.objects.filter(pk=tournament.pk).update(
        scrabble_first_round=scrabble.BY_LOT, qualifier_games=4
    )
    tournament.refresh_from_db()
    return tournament


def boards(game):
    return [
        [s.player.start_number for s in table.seats.order_by("position").select_related("player")]
        for table in game.tables.order_by("number")
    ]


def pair(tournament, number, organiser):
    """The round's commitment published on the draw page, the round paired with it there,
    then confirmed."""
    client = client_of(organiser)
    url = reverse("draws:draw", kwargs={"slug": tournament.slug, "stage": "qualifier"})
    response = client.post(url, {"action": "publish"})
    assert response.status_code == 302, response.content.decode()
    commitment = open_draw_commitment(tournament, "qualifier", number)
    assert commitment is not None
    response = client.post(url, {"action": "draw", "commitment": str(commitment.pk)})
    assert response.status_code == 302, response.content.decode()
    game = tournament.stages.get(kind="qualifier").games.get(number=number)
    return confirm_draw(game=game, by=author("Jana"))


def play(game, higher_wins=True):
    """Every board's game: the first seated scores 400 - 10 × board, the second 300 (or the
    other way round), the second with tiles worth 6 left and the first out."""
    round_ = game.rounds.get()
    for table in game.tables.order_by("number"):
        seated = [s.player.start_number for s in table.seats.order_by("position")]
        if len(seated) < 2:
            continue
        first, second = (400 - 10 * table.number, 300) if higher_wins else (300, 400)
        lines = [
            ScrabbleLine(seated[0], first, 0, True),
            ScrabbleLine(seated[1], second, 6, False),
        ]
        sheet_services.save_sheet(
            table=table, round=round_, lines=lines, by=author("Rozhodčí"), version=0
        )


def test_an_odd_field_s_first_round_is_paired_by_lot_into_boards_and_a_bye(
    scrabble_tournament, organiser
):
    Player.objects.filter(tournament=scrabble_tournament, start_number=1).update(present=False)
    game = pair(scrabble_tournament, 1, organiser)
    seated = boards(game)
    field = sorted(
        Player.objects.filter(tournament=scrabble_tournament, present=True).values_list(
            "start_number", flat=True
        )
    )
    assert len(field) % 2 == 1
    assert [len(board) for board in seated] == [2] * (len(field) // 2) + [1]
    assert sorted(n for board in seated for n in board) == field
    assert [r.number for r in game.rounds.all()] == [1]
    assert game.draw_options["pairing"] == "lot" and game.draw_options["bye"] == seated[-1][0]
    assert game.commitment.what.endswith("/tables;pairing=lot;bye=50")
    expected = scrabble.boards_of(
        scrabble.pair_after([], field, method="lot", seed=game.commitment.seed, bye_margin=50)
    )
    assert seated == expected
    assert "scrabble_first_round" in frozen_settings(scrabble_tournament)


def test_the_next_round_waits_for_every_board_s_sheet(scrabble_tournament, organiser):
    game = pair(scrabble_tournament, 1, organiser)
    first_board = game.tables.order_by("number").first()
    round_ = game.rounds.get()
    seated = [s.player.start_number for s in first_board.seats.order_by("position")]
    sheet_services.save_sheet(
        table=first_board,
        round=round_,
        lines=[ScrabbleLine(seated[0], 350, 0, True), ScrabbleLine(seated[1], 320, 4, False)],
        by=author("Rozhodčí"),
        version=0,
    )
    with translation.override("cs"), pytest.raises(DrawRefused) as refused:
        draw_game(
            tournament=scrabble_tournament, kind="qualifier", number=2, by=author("Jana"), seed=5
        )
    assert "Kolo 1 ještě není úplné" in str(refused.value)
    with pytest.raises(DrawRefused):
        draw_game(
            tournament=scrabble_tournament,
            kind="qualifier",
            number=2,
            by=author("Jana"),
            seed=5,
            tables=3,
        )


def test_later_rounds_are_swiss_without_rematches_and_the_last_king_of_the_hill(
    scrabble_tournament, organiser
):
    Tournament.objects.filter(pk=scrabble_tournament.pk).update(scrabble_king_of_the_hill=True)
    scrabble_tournament.refresh_from_db()
    met = set()
    for number in range(1, 5):
        game = pair(scrabble_tournament, number, organiser)
        seated = boards(game)
        method = game.draw_options["pairing"]
        assert method == {1: "lot", 4: "king"}.get(number, "swiss")
        if method == "swiss":
            assert not met & {frozenset(board) for board in seated}
            assert game.draw_options["rematches"] == 0
        met |= {frozenset(board) for board in seated}
        play(game, higher_wins=number % 2 == 1)
    # the king of the hill's round pairs 1-2, 3-4, ... as the players stood after round 3
    assert seated == [
        list(p)
        for p in zip(game.draw_options["order"][::2], game.draw_options["order"][1::2], strict=True)
    ]


def test_a_pairing_is_not_changed_by_hand(scrabble_tournament):
    game = draw_game(
        tournament=scrabble_tournament, kind="qualifier", number=1, by=author("Jana"), seed=3
    )
    first, second = boards(game)[0]
    with pytest.raises(DrawRefused):
        swap_players(game=game, first=first, second=second, by=author("Jana"))


def test_verify_reproduces_every_pairing_and_fails_a_changed_result(
    scrabble_tournament, organiser, tmp_path
):
    Player.objects.filter(tournament=scrabble_tournament, start_number=2).update(present=False)
    for number in range(1, 4):
        game = pair(scrabble_tournament, number, organiser)
        play(game, higher_wins=number != 2)
    document = json.loads(json.dumps(export_tournament(scrabble_tournament), default=str))
    checks = verify.verify_document(document)
    assert len(checks) == 3
    assert all(c.result.key == verify.REPRODUCED and c.commitment.key == verify.OK for c in checks)
    path = tmp_path / "turnaj.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert verify.main([str(path)]) == 0

    # round 1's result on board 1 turned round: round 2's pairing no longer follows
    changed = copy.deepcopy(document)
    board = changed["stages"]["qualifier"]["games"][0]["tables"][0]
    for result in board["rounds"][0]["results"]:
        result["laid"] = 500 if result["laid"] < 380 else 100
        result["closed"], result["unused"] = False, 0
    checks = verify.verify_document(changed)
    assert [c.result.key for c in checks][0] == verify.REPRODUCED
    assert verify.DIFFERS in [c.result.key for c in checks[1:]]
    # a pairing whose boards were changed in the file
    swapped = copy.deepcopy(document)
    tables = swapped["stages"]["qualifier"]["games"][2]["tables"]
    tables[0]["seats"][1], tables[1]["seats"][1] = tables[1]["seats"][1], tables[0]["seats"][1]
    failed = verify.verify_document(swapped)[2]
    assert failed.failed and failed.result.key == verify.DIFFERS
    path.write_text(json.dumps(swapped), encoding="utf-8")
    assert verify.main([str(path)]) == 1


def test_a_first_round_by_rating_pairs_the_top_half_against_the_bottom_half(
    scrabble_tournament, organiser
):
    from rules import games
    from season.models import PersonRating

    Tournament.objects.filter(pk=scrabble_tournament.pk).update(scrabble_first_round="rating")
    scrabble_tournament.refresh_from_db()
    players = list(
        Player.objects.filter(tournament=scrabble_tournament, person__isnull=False).order_by(
            "start_number"
        )
    )
    assert len(players) >= 4
    for player in players:  # the higher the start number, the higher the Scrabble rating
        PersonRating.objects.create(
            person=player.person,
            mu=1000 + player.start_number,
            sigma=1,
            games=3,
            category="VS",
            game=games.SCRABBLE,
        )
        # the same person's Syllabatim rating, in the opposite order: not read (one list a game)
        PersonRating.objects.create(
            person=player.person, mu=2000 - player.start_number, sigma=1, games=3, category="VS"
        )
    game = pair(scrabble_tournament, 1, organiser)
    assert game.commitment.what.endswith(";pairing=rating;bye=50")
    ratings = dict(game.commitment.subject["ratings"])
    assert ratings == {p.start_number: 1000 + p.start_number for p in players}
    seated = boards(game)
    assert len(ratings) == sum(map(len, seated)) and len(ratings) % 2 == 0  # everybody rated
    rated = sorted(ratings, key=lambda n: -ratings[n])
    half = len(rated) // 2
    assert seated == [[rated[i], rated[i + half]] for i in range(half)]


def test_an_odd_field_plays_a_board_of_three_when_the_organiser_wants_it(
    scrabble_tournament, organiser
):
    """The odd player joins the last board, third; the seat rotates like a bye; the board's
    sheet is each against each; rules.verify reproduces the pairings."""
    Tournament.objects.filter(pk=scrabble_tournament.pk).update(scrabble_boards_of_three=True)
    scrabble_tournament.refresh_from_db()
    Player.objects.filter(tournament=scrabble_tournament, start_number=1).update(present=False)
    thirds = []
    for number in range(1, 4):
        game = pair(scrabble_tournament, number, organiser)
        seated = boards(game)
        assert [len(board) for board in seated][-1] == 3
        assert all(len(board) == 2 for board in seated[:-1])
        assert game.commitment.what.endswith(";odd=three")
        thirds.append(seated[-1][2])
        round_ = game.rounds.get()
        for table in game.tables.order_by("number"):
            players = [s.player.start_number for s in table.seats.order_by("position")]
            lines = [ScrabbleLine(players[0], 400, 0, True)] + [
                ScrabbleLine(p, 300 + i, 2, False) for i, p in enumerate(players[1:])
            ]
            sheet_services.save_sheet(
                table=table, round=round_, lines=lines, by=author("R"), version=0
            )
    assert len(set(thirds)) == 3  # the odd seat rotates
    document = json.loads(json.dumps(export_tournament(scrabble_tournament), default=str))
    assert document["tournament"]["settings"]["scrabble"]["boards_of_three"] is True
    checks = verify.verify_document(document)
    assert [c.result.key for c in checks] == [verify.REPRODUCED] * 3
    changed = copy.deepcopy(document)
    changed["stages"]["qualifier"]["games"][2]["tables"][-1]["seats"].reverse()
    assert verify.verify_document(changed)[2].result.key == verify.DIFFERS
