"""Templates live in their apps (issue 36, 9): each app's under ``<app>/templates/<app>/``, the
shared partials under ``ui/templates/ui/``; the project's ``templates/`` keeps only the page
frames and the error pages Django and ``ui.faults`` render by their bare names. A partial (a
template another one includes) is named ``_name.html``."""

import re

import pytest
from django.template.loader import get_template

from tests.source_code import APPS, ROOT, sources

PROJECT_TEMPLATES = ROOT / "templates"
# a template's name as the code and the templates give it
NAMED = re.compile(r"""["']([\w/]+\.html)["']""")
INCLUDED = re.compile(r"""\{%\s*include\s+["']([\w/]+\.html)["']""")


def _app_templates() -> dict[str, str]:
    """Each template of an app by its name, with its text."""
    return {
        str(path.relative_to(ROOT / app / "templates")): path.read_text(encoding="utf-8")
        for app in APPS
        if (ROOT / app / "templates").is_dir()
        for path in (ROOT / app / "templates").rglob("*.html")
    }


def _all_templates() -> dict[str, str]:
    project = {
        str(path.relative_to(PROJECT_TEMPLATES)): path.read_text(encoding="utf-8")
        for path in PROJECT_TEMPLATES.rglob("*.html")
    }
    return project | _app_templates()


def test_the_project_folder_holds_no_app_s_template():
    left = sorted(
        str(path.relative_to(PROJECT_TEMPLATES))
        for path in PROJECT_TEMPLATES.rglob("*")
        if path.is_dir() or path.stem in APPS or path.parent != PROJECT_TEMPLATES
    )
    assert left == []


def test_an_app_s_templates_are_in_its_own_folder():
    misplaced = sorted(
        str(path.relative_to(ROOT))
        for app in APPS
        if (ROOT / app / "templates").is_dir()
        for path in (ROOT / app / "templates").rglob("*.html")
        if path.relative_to(ROOT / app / "templates").parts[0] != app
    )
    assert misplaced == []


def test_every_template_named_in_the_code_is_found():
    names = {name for code in sources().values() for name in NAMED.findall(code)}
    names |= {name for text in _all_templates().values() for name in NAMED.findall(text)}
    assert len(names) > 50  # the pages' templates were found at all
    missing = []
    for name in sorted(names):
        try:
            get_template(name)
        except Exception as error:  # noqa: BLE001 - listed below, whatever the reason
            missing.append(f"{name}: {error!r}")
    assert missing == []


@pytest.mark.parametrize(
    "included",
    sorted({name for text in _all_templates().values() for name in INCLUDED.findall(text)}),
)
def test_a_partial_is_named_with_a_leading_underscore(included):
    assert included.rsplit("/", 1)[-1].startswith("_")
