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
