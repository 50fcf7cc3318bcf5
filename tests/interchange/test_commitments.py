"""Published commitments of draws and lots cross the document both ways: imported as used
commitments, exported as they came (``commitment``, ``committed_at``, ``what``)."""

import json

import pytest

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from rules.commitment import commitment
from tournament.models import Commitment, Game

pytestmark = pytest.mark.django_db


def with_commitments(document: dict) -> dict:
    document["version"] = 2
    seed, what = "9f86d081884c7d65", "mcr-2025/qualifier/game-1/tables;rounds=3-7"
    document["stages"]["qualifier"]["games"][0]["draw"] = {
        "seed": seed,
        "drawn_at": "2025-06-14T08:05:00+02:00",
        "drawn_by": "Jana",
        "commitment": commitment(seed, what),
        "committed_at": "2025-06-14T08:00:00+02:00",
        "what": what,
    }
    document["stages"]["final_a"]["games"][0]["draw"] = {"seed": 12345}  # no commitment
    lot_what = "mcr-2025/lot/qualifier/B1/places-6-7"
    document["lots"] = [
        {
            "stage": "qualifier",
            "order": [3, 9],
            "seed": 255,  # a whole-number seed: the commitment writes it "ff"
            "drawn_at": "2025-06-14T17:40:00+02:00",
            "drawn_by": "Petr",
            "commitment": commitment(255, lot_what),
            "committed_at": "2025-06-14T17:30:00+02:00",
            "what": lot_what,
        }
    ]
    return document


def test_commitments_round_trip(example_document):
    document = with_commitments(example_document)
    tournament, _ = import_tournament(json.loads(json.dumps(document)), slug="c")
    game = Game.objects.get(stage__tournament=tournament, stage__kind="qualifier", number=1)
    assert game.commitment.what.endswith("game-1/tables;rounds=3-7")
    assert not game.commitment.open and game.commitment.used_at == game.drawn_at
    lot_commitment = Commitment.objects.get(kind="lot")
    assert lot_commitment.seed == "ff"
    assert commitment(lot_commitment.seed, lot_commitment.what) == lot_commitment.commitment
    exported = export_tournament(tournament)
    assert (
        exported["stages"]["qualifier"]["games"][0]["draw"]
        == (document["stages"]["qualifier"]["games"][0]["draw"])
    )
    assert exported["stages"]["final_a"]["games"][0]["draw"] == {"seed": 12345}
    assert exported["lots"] == document["lots"]
    again, _ = import_tournament(json.loads(json.dumps(exported)), slug="c2")
    assert export_tournament(again) == exported


def test_an_open_commitment_is_never_exported(example_document):
    tournament, _ = import_tournament(example_document, slug="open")
    published = Commitment.objects.create(
        tournament=tournament, kind="draw", what="x", seed="ab", commitment=commitment("ab", "x")
    )
    text = json.dumps(export_tournament(tournament))
    assert published.commitment not in text and '"ab"' not in text


def _recommit(audit: dict) -> None:
    audit["commitment"] = commitment(audit["seed"], audit["what"])


def _draw_of_another_game(document: dict) -> None:
    draw = document["stages"]["qualifier"]["games"][0]["draw"]
    draw["what"] = "mcr-2025/qualifier/game-2/tables;rounds=3-7"
    _recommit(draw)


def _lot_of_another_scope(document: dict) -> None:
    lot = document["lots"][0]
    lot["what"] = "mcr-2025/lot/final_a/B1/places-6-7"
    _recommit(lot)


def _non_hex_seed(document: dict) -> None:
    draw = document["stages"]["qualifier"]["games"][0]["draw"]
    draw["seed"] = "seed-of-jana"
    _recommit(draw)


@pytest.mark.parametrize(
    ("change", "words", "detail"),
    [
        (_draw_of_another_game, ["game 1", "game-2", "another decision"], "wrong_decision"),
        (_lot_of_another_scope, ["Lot 1", "final_a", "another decision"], "wrong_decision"),
        (_non_hex_seed, ["game 1", "seed-of-jana", "hexadecimal"], "bad_seed"),
    ],
)
def test_the_import_and_verify_refuse_the_same_records(change, words, detail, example_document):
    """One check of a draw's or lot's record (``rules.commitment.audit_problems``): whatever
    ``rules.verify`` fails for its name or seed, the import refuses, with the place."""
    from django.utils import translation

    from interchange.importer import DocumentRejected
    from rules import verify
    from tests.conftest import database_snapshot

    def details(document):
        return [
            check.result.values["detail"].key
            for check in verify.verify_document(document)
            if check.failed
        ]

    document = with_commitments(example_document)
    import_tournament(json.loads(json.dumps(document)), slug="fine")  # the example's own seeds
    assert detail not in details(document)  # (its seating was not drawn from them)
    change(document)
    assert detail in details(document)
    before = database_snapshot()
    with translation.override("en"), pytest.raises(DocumentRejected) as rejected:
        import_tournament(document, slug="c")
    message = str(rejected.value)
    for word in words:
        assert word in message, (word, message)
    assert database_snapshot() == before
