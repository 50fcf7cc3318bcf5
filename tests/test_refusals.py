"""One refusal type (issue 23): every service's refusal is ``refusals.Refused``, a
``ValidationError``, shown the same way on a page, in a form and by a command. The refusals
tested are found in the code (every subclass of ``Refused`` once every project module is
imported), so a new one is tested without being listed here."""

import importlib
from types import SimpleNamespace

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.core.exceptions import ValidationError

from draws.services import DrawnMeanwhile
from refusals import Refused
from scoring.sheets import LineProblem, SheetRefused
from tests.source_code import sources
from ui.refusals import show_refusal


def _project_modules() -> list:
    """Every module of the project's apps and rules, imported (the project's package aside:
    its settings and server entry points are no service)."""
    return [
        importlib.import_module(
            name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        )
        for name in sources()
        if not name.startswith("syllabatim/")
    ]


def _subclasses(cls) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


_project_modules()
REFUSALS = sorted(set(_subclasses(Refused)), key=lambda cls: f"{cls.__module__}.{cls.__name__}")

# A refusal with its own constructor: how to make one saying "Důvod." (a test of a new one
# fails until it is given here).
BUILT = {
    SheetRefused: lambda: SheetRefused([LineProblem(7, None, "Důvod.")]),
    DrawnMeanwhile: lambda: DrawnMeanwhile(SimpleNamespace(number=3, drawn_by=None)),
}


def _made(refusal: type) -> Refused:
    if refusal in BUILT:
        return BUILT[refusal]()
    assert refusal.__init__ is Refused.__init__, f"{refusal.__name__}: add it to BUILT"
    return refusal("Důvod.")


def test_the_refusals_are_found_in_the_code():
    names = {cls.__name__ for cls in REFUSALS}
    # the ones a hand list once missed are among them
    assert {
        "CeremonyRefused",
        "ClockRefused",
        "SheetRefused",
        "DrawnMeanwhile",
        "AccountRefused",
    } <= names


@pytest.mark.parametrize("refusal", REFUSALS, ids=lambda cls: cls.__name__)
def test_every_refusal_is_shown_as_its_reason_on_the_next_page(refusal, rf):
    refused = _made(refusal)
    assert isinstance(refused, ValidationError)
    with pytest.raises(Refused):
        raise refused
    request = rf.post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    show_refusal(request, refused)
    shown = [str(message) for message in get_messages(request)]
    assert shown == [str(refused)] and shown[0].strip()


@pytest.mark.parametrize(
    "refusal", [cls for cls in REFUSALS if cls not in BUILT], ids=lambda cls: cls.__name__
)
def test_every_refusal_with_a_place_is_shown_next_to_that_field(refusal):
    class Form(forms.Form):
        reason = forms.CharField()

    form = Form({"reason": "x"})
    assert form.is_valid()
    show_refusal(form, refusal("Důvod je příliš dlouhý.", place="reason"))
    assert form.errors == {"reason": ["Důvod je příliš dlouhý."]}


def test_a_refusal_reads_as_its_reason_and_lists_it():
    refused = Refused("Los už byl vylosován.")
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


def test_the_project_has_one_refused():
    """A second, unrelated ``Refused`` (the registration sheet's) is gone: every exception the
    project calls a refusal is the one type."""
    found = {
        f"{module.__name__}.{name}"
        for module in _project_modules()
        for name, value in vars(module).items()
        if name == "Refused" and isinstance(value, type) and value is not Refused
    }
    assert found == set()


def test_the_one_refused_is_below_every_layer_and_no_contract_needs_an_exception():
    """``Refused`` lives in ``refusals``, which imports nothing of the project, so that
    ``accounts`` refuses with it without an exception to its contract (``make lint`` checks
    the imports themselves)."""
    import tomllib

    from tests.source_code import ROOT

    assert Refused.__module__ == "refusals"
    linter = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    contracts = linter["importlinter"]["contracts"]
    assert [c["name"] for c in contracts if c.get("ignore_imports")] == []
    layers = next(c for c in contracts if c["type"] == "layers")["layers"]
    assert layers[-1] == "refusals"
