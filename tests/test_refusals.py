"""One refusal type (issue 23): every service's refusal is ``tournament.refusals.Refused``, a
``ValidationError``, shown the same way on a page, in a form and by a command."""

import pytest
from django import forms
from django.core.exceptions import ValidationError

from draws.services import DraftChanged, DrawnMeanwhile, DrawRefused
from scoring.early_end import EndRefused
from scoring.links import LinkRefused
from scoring.lots import LotRefused
from scoring.sanctions import SanctionRefused
from scoring.sheets import LineProblem, SheetRefused
from tournament.refusals import Refused
from tournament.spreadsheets import WorkbookRefused


@pytest.mark.parametrize(
    "refusal",
    [
        DrawRefused,
        DraftChanged,
        DrawnMeanwhile,
        EndRefused,
        LinkRefused,
        LotRefused,
        SanctionRefused,
        SheetRefused,
        WorkbookRefused,
    ],
)
def test_every_service_refuses_with_the_one_type(refusal):
    assert issubclass(refusal, Refused) and issubclass(refusal, ValidationError)


def test_a_refusal_reads_as_its_reason_and_lists_it():
    refused = LotRefused("Los už byl vylosován.")
    assert str(refused) == "Los už byl vylosován."
    assert refused.messages == ["Los už byl vylosován."]


def test_a_refusal_with_a_place_is_shown_next_to_that_field():
    class Form(forms.Form):
        reason = forms.CharField()

    form = Form({"reason": "x"})
    assert form.is_valid()
    form.add_error(None, Refused("Důvod je příliš dlouhý.", place="reason"))
    assert form.errors == {"reason": ["Důvod je příliš dlouhý."]}


def test_a_sheet_refusal_keeps_its_problems_and_reads_as_them():
    problems = [LineProblem(7, "laid", "Hráč č. 7: vyloženo víc, než je karet.")]
    refused = SheetRefused(problems, needs_reason=True)
    assert refused.problems == problems and refused.needs_reason and refused.stale is None
    assert str(refused) == "Hráč č. 7: vyloženo víc, než je karet."
    assert refused.messages == ["Hráč č. 7: vyloženo víc, než je karet."]
