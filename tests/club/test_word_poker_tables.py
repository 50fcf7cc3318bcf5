"""A Slovní poker game is seated at tables of 2–9 (its rules), as even as possible, at the
organiser's number of tables or the fewest that hold everyone; the championship's and the
other club rule sets' tables stay 5–8 (issue 37)."""

import pytest
from django.urls import reverse
from django.utils import translation

from draws.services import DrawRefused, draw_game, plan_for, table_counts
from rules import draw as rules_draw
from rules import word_poker
from tests.authors import author
from tests.conftest import client_of

from .conftest import club_tournament

pytestmark = pytest.mark.django_db


def sizes(game):
    return sorted((t.seats.count() for t in game.tables.all()), reverse=True)


def drawn(tournament, tables=None):
    return draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=1, tables=tables
    )


def test_a_poker_game_sits_at_the_fewest_tables_of_at_most_nine(db):
    tournament = club_tournament("word_poker")  # the demo's 34 players
    game = drawn(tournament)
    assert sizes(game) == [9, 9, 8, 8]
    assert (
        game.draw_options["tables"] == [9, 9, 8, 8] and game.draw_options["table_problem"] is None
    )
    # its deals: as many as a game of nine can need
    assert game.rounds.count() == word_poker.most_deals(9, tournament.rules().end)


@pytest.mark.parametrize(("tables", "expected"), [(10, [4] * 4 + [3] * 6), (17, [2] * 17)])
def test_the_organiser_s_number_of_tables_down_to_tables_of_two(db, tables, expected):
    game = drawn(club_tournament("word_poker"), tables)
    assert sizes(game) == expected and game.draw_options["table_problem"] is None


def test_a_table_of_one_is_refused_with_the_reason(db):
    tournament = club_tournament("word_poker")
    with translation.override("cs"), pytest.raises(DrawRefused, match="méně než 2 nebo víc než 9"):
        drawn(tournament, 18)
    assert not tournament.stages.filter(games__isnull=False).exists()


def test_the_draw_page_offers_poker_s_table_counts(organiser):
    tournament = club_tournament("word_poker")
    html = (
        client_of(organiser)
        .get(
            reverse("draws:draw", kwargs={"slug": tournament.slug, "stage": "qualifier"}),
            HTTP_ACCEPT_LANGUAGE="cs",
        )
        .content.decode()
    )
    counts = ", ".join(map(str, range(4, 18)))
    assert f"2 až 9 hráčů: {counts}." in html
    assert table_counts("qualifier", 34, tournament) == list(range(4, 18))


@pytest.mark.parametrize("rule_set", ["championship", "casual", "syllabatim_2"])
def test_the_other_rule_sets_plan_five_to_eight(db, rule_set):
    tournament = club_tournament("casual")
    tournament.rule_set = rule_set
    assert plan_for("qualifier", 34, tournament=tournament) == rules_draw.table_plan(34)
    assert plan_for("qualifier", 34, tournament=tournament).sizes == (7, 7, 7, 7, 6)
    assert table_counts("qualifier", 34, tournament) == rules_draw.table_counts(34) == [5, 6]
    if rule_set != "championship":
        assert sizes(drawn(club_tournament(rule_set, slug=f"k-{rule_set}"))) == [7, 7, 7, 7, 6]


def test_a_document_keeps_tables_of_nine_and_refuses_ten(db):
    from interchange.exporter import export_tournament
    from interchange.importer import DocumentRejected, import_tournament

    tournament = club_tournament("word_poker")
    draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=1, confirm=True
    )
    document = export_tournament(tournament)
    copy, _ = import_tournament(document, slug="kopie")  # tables of nine are fine
    game = copy.stages.get(kind="qualifier").games.get()
    assert sizes(game) == [9, 9, 8, 8]
    tables = document["stages"]["qualifier"]["games"][0]["tables"]
    moved = tables[-1]["seats"].pop()
    tables[0]["seats"].append(moved)
    with translation.override("cs"), pytest.raises(DocumentRejected) as refused:
        import_tournament(document, slug="kopie-2")
    assert "stůl Slovního pokeru má nejvýš 9 míst" in str(refused.value)
