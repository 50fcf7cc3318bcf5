import pytest

from interchange.importer import import_tournament
from scoring.models import RoundResult, Sheet
from scoring.selectors import unconfirmed_sheets
from tournament.models import Stage

pytestmark = pytest.mark.django_db


def test_imported_results_come_with_confirmed_sheets(example_document):
    tournament, _ = import_tournament(example_document, slug="example")
    pairs = set(RoundResult.objects.values_list("table_id", "round_id").distinct())
    assert set(Sheet.objects.values_list("table_id", "round_id")) == pairs
    assert not Sheet.objects.filter(confirmed_at__isnull=True).exists()
    for stage in Stage.objects.filter(tournament=tournament):
        assert unconfirmed_sheets(stage) == set()


def test_confirmation_is_required_in_the_finals_by_default(example_document):
    tournament, _ = import_tournament(example_document, slug="example")
    stages = {s.kind: s for s in Stage.objects.filter(tournament=tournament)}
    assert not stages["qualifier"].requires_confirmation
    assert stages["final_a"].requires_confirmation and stages["final_b"].requires_confirmation
    final_a = stages["final_a"]
    sheet = Sheet.objects.filter(table__game__stage=final_a).first()
    sheet.confirmed_at = None
    sheet.save()
    assert unconfirmed_sheets(final_a) == {(sheet.table_id, sheet.round_id)}
    final_a.confirmation_required = False
    assert unconfirmed_sheets(final_a) == set()


def test_the_model_exempts_a_disqualified_line_from_the_card_bound(example_document):
    from django.core.exceptions import ValidationError

    tournament, _ = import_tournament(example_document, slug="example")
    result = RoundResult.objects.filter(table__game__stage__tournament=tournament).first()
    result.laid, result.unused = 14 * 10 + 1, 0  # more than any deal can be worth
    with pytest.raises(ValidationError):
        result.full_clean()
    result.disqualified = True
    result.full_clean()
