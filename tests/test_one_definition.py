"""Every rule once (issue 23): each of these was written twice, and the copies drifted (two
counts of drawn games, two wordings of the quota freeze, the desk offering an early end that
the service refused). Each now has one definition, and the tests hold the behaviour to it:
what the models, the pages and the forms offer is what ``rules/`` says."""

import pytest

from rules.categories import BLIND, SIGHT_CLASSES, can_keep_sheet, category_of
from rules.stages import STAGES
from tests.source_code import sources
from tournament.labels import stage_label
from tournament.models import SightClass, StageKind

# Wordings still held to one file by their text (what is pasted -> the one file with it).
ONCE = {
    "The A-final places cannot change once the qualifier": "tournament/models.py",
    "is fixed in advance (rule B)": "tournament/services.py",
    "qualifier games are drawn already": "tournament/services.py",
    "Only a final game can be ended early": "scoring/early_end.py",
    "history.filter(table_id": "scoring/log.py",  # a sheet's history
}


@pytest.mark.parametrize("text", sorted(ONCE))
def test_a_rule_is_written_once(text):
    holders = {name: code.count(text) for name, code in sources().items() if text in code}
    assert holders == {ONCE[text]: 1}


def test_the_sight_classes_stored_are_the_rules_ones():
    assert SightClass.values == list(SIGHT_CLASSES)


def test_the_stages_stored_are_the_rules_ones_in_playing_order():
    assert StageKind.values == list(STAGES)


@pytest.mark.parametrize("kind", STAGES)
def test_a_stage_is_named_by_its_choice_label(kind):
    assert stage_label(kind) == str(StageKind(kind).label)


def test_a_code_that_names_no_stage_is_shown_as_it_is():
    assert stage_label("semifinal") == "semifinal"


@pytest.mark.parametrize("sight_class", SIGHT_CLASSES)
def test_every_class_but_the_blind_can_keep_a_sheet(sight_class):
    assert can_keep_sheet(sight_class) == (category_of(sight_class) != BLIND)
