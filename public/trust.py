"""Public pages of the draws' trust: the commitments next to the draw, the public log (draws,
commitments, lots, sanctions), how we draw (in plain Czech, with this tournament's real
values) and the document anyone can check with ``python -m rules.verify``."""

import json

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from accounts.access import public
from interchange.exporter import export_tournament
from rules.commitment import commitment as commitment_of
from rules.commitment import seed_hex
from scoring import log
from scoring.models import SanctionScope
from scoring.pages import page_context
from scoring.publicity import held_results
from tournament.labels import single_stage
from tournament.models import Commitment, Tournament
from ui.lookups import tournament_or_404
from ui.page_cache import cached_page, chosen, number, used_parameters

from .commitments import label as _label

PUBLIC_PLAYER_FIELDS = ("no", "name", "sight_class")  # what the check needs, nothing personal


# The log's filters (scoring.log.log_filter) and its page: "strana=1" is the page without it.
LOG_FILTERS = [
    chosen("druh", log.PUBLIC_KINDS, several=True),
    chosen("faze", log.STAGE_CODES),
    number("partie", 1, 999),
    number("strana", 2, 10**6),
]


@public
@cached_page(uses=LOG_FILTERS)
def public_log(request, slug):
    tournament = tournament_or_404(slug)
    found = log.log_page(request.GET, tournament, public=True)
    asked = int(dict(used_parameters(request.GET, LOG_FILTERS)).get("strana", 1))
    if found["entries"].number != asked:  # past the last page: the last page's own address
        shown = found["entries"].number
        query = "&".join(filter(None, [found["query"], f"strana={shown}" if shown > 1 else ""]))
        return redirect(f"{request.path}?{query}" if query else request.path)
    return render(request, "public/log.html", page_context(tournament, "log", **found))


def example(tournament: Tournament) -> dict | None:
    """The tournament's latest revealed commitment, to show the check with real values."""
    used = (
        Commitment.objects.filter(tournament=tournament, used_at__isnull=False)
        .order_by("-used_at", "-id")
        .first()
    )
    if used is None:
        return None
    hexed = seed_hex(used.seed)
    return {
        "commitment": used,
        "label": _label(used, tournament),
        "text": f"{hexed}:{used.what}",
        "recomputed": commitment_of(used.seed, used.what),
        "matches": commitment_of(used.seed, used.what) == used.commitment,
        "number": int(hexed, 16) if all(c in "0123456789abcdef" for c in hexed.lower()) else None,
    }


@public
@cached_page
def how_we_draw(request, slug):
    tournament = tournament_or_404(slug)
    return render(
        request,
        "public/how_we_draw.html",
        page_context(
            tournament,
            "how_we_draw",
            example=example(tournament),
            single=single_stage(tournament),  # a club's one stage is no qualifier
            document_url=reverse("public:verify_document", kwargs={"slug": tournament.slug}),
        ),
    )


def public_document(tournament: Tournament) -> dict:
    """The tournament document for checking the draws: every draw, lot and seating, players
    with only their number, name and sight class (no birth dates), sanctions with what
    happened in place of the reason (the reasons are the staff's), and no results of a stage
    held for the announcement (the check reads none)."""
    document = export_tournament(tournament)
    document["players"] = [
        {key: player[key] for key in PUBLIC_PLAYER_FIELDS} for player in document["players"]
    ]
    for sanction in document.get("sanctions", []):
        sanction["reason"] = str(SanctionScope(sanction["scope"]).label)
    for kind in held_results(tournament):  # held for the ceremony: draws only, no results
        for game in document.get("stages", {}).get(kind, {}).get("games", []):
            for table in game["tables"]:
                table.pop("rounds", None)
    return document


@public
@cached_page
def verify_document(request, slug):
    tournament = tournament_or_404(slug)
    response = HttpResponse(
        json.dumps(public_document(tournament), ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.json"'
    return response
