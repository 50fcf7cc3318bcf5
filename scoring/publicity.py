"""What of a tournament is public: the one rule every public reader goes through (issue 31).

A stage whose results are held for the ceremony (``Stage.results_held``) is the staff's until
the organiser releases it: the public pages, JSON, downloads, players' cards, the hall, the
persons' pages, the archive and the rating read none of its results. The staff's views read
everything and do not ask.

- ``held_results(tournament)``: the tournament's held stages with the announcement's words
  (the tournament's pages, JSON, downloads, cards and hall);
- ``with_held_results()``: the tournaments with a held stage, as a subquery (the archive and
  the persons' pages, which show a tournament's summary only once nothing of it is held);
- ``publicly_held(tournament, kind)``: one stage (the rating leaves its games out until the
  release, so that no rating moves on a result not announced).

Holding and releasing save the stage, which moves the tournament's change stamp
(``tournament.changes``): every cached page forgets, and the rating's fingerprint changes, so
that the released games are rated at the next read."""

from django.db.models import Exists, OuterRef

from tournament.models import Stage, Tournament


def held_results(tournament: Tournament) -> dict[str, str]:
    """The stages whose results are held for the announcement (Tabbycat's "release"), each
    with the announcement's words: when (and where) they will be announced. One query."""
    return dict(
        Stage.objects.filter(tournament=tournament, results_held=True).values_list(
            "kind", "announcement"
        )
    )


def with_held_results():
    """The ids of the tournaments with a stage held for the announcement (a subquery)."""
    return Stage.objects.filter(results_held=True).values("tournament")


def has_held_results(tournament_field: str = "tournament") -> Exists:
    """Whether the row's tournament (``tournament_field``, an ``OuterRef`` path) has a held
    stage: an annotation for lists of rows of many tournaments."""
    return Exists(Stage.objects.filter(tournament=OuterRef(tournament_field), results_held=True))
