"""Publishing from the venue: the size of a push and how long the public server takes to
replace a tournament with it (the push's lock is held that long)."""

import json
from itertools import count

from bench import timed
from interchange.importer import import_tournament
from sample.simulate import full_championship
from sync.protocol import encode_body
from sync.selectors import venue_document
from sync.services import accept_push, receive_tournament


def run() -> None:
    for players in (34, 120):
        import_tournament(full_championship(players, seed=players), slug=f"venue-{players}")
        export_seconds, state = timed(
            lambda players=players: venue_document(f"venue-{players}"), repeat=5
        )
        document = state.document
        info = document["tournament"]
        receive_tournament(
            slug=f"public-{players}", kind=info.get("kind", "championship"), year=info["year"]
        )
        revisions = count(1)
        replace_seconds, _ = timed(
            lambda document=document, players=players, revisions=revisions: accept_push(
                slug=f"public-{players}", revision=next(revisions), document=document
            ),
            repeat=5,
        )
        print(
            f"push of a finished {players}-player championship: "
            f"{len(json.dumps(document)) / 1024:.0f} KiB of JSON, "
            f"{len(encode_body(1, document)) / 1024:.0f} KiB gzipped; "
            f"export at the venue {export_seconds * 1000:.0f} ms, "
            f"check and replace on the server {replace_seconds * 1000:.0f} ms (medians of 5)"
        )
