"""Every rule once (issue 23): each of these was written twice, and the copies drifted (two
counts of drawn games, two wordings of the quota freeze, the desk offering an early end that
the service refused). Each now has one definition, and the tests hold the behaviour to it:
what the models, the pages and the forms offer is what ``rules/`` says."""

import pytest
from django.core.exceptions import ValidationError

from refusals import Refused
from rules.categories import BLIND, SIGHT_CLASSES, can_keep_sheet, category_of
from rules.stages import STAGES
from tests.source_code import sources
from tests.tournament.test_registration import edited
from tournament import registration, services
from tournament.labels import stage_label
from tournament.models import SightClass, StageKind, TeamMember, roster_frozen_message

# Wordings still held to one file by their text (what is pasted -> the one file with it).
ONCE = {
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


def test_the_roster_freeze_is_worded_one_way_by_the_model_the_pages_and_the_sheet(demo):
    worded = roster_frozen_message()
    team = demo.teams.order_by("name").first()
    newcomer = demo.players.filter(team_membership__isnull=True).first()
    with pytest.raises(ValidationError) as model:
        TeamMember(team=team, player=newcomer).full_clean()
    assert model.value.messages == [worded]
    members = [*(member.player for member in team.members.all())][:-1] + [newcomer]
    with pytest.raises(Refused) as page:
        services.save_team(tournament=demo, name=team.name, members=members, team=team)
    assert page.value.message_dict["members"][0].startswith(f"{worded} ")
    sheet = edited(registration.template(demo), {"I2": None})  # player 1 leaves the team
    assert registration.import_players(demo, sheet).errors == [worded]


def test_the_quota_freeze_is_refused_by_the_settings_service_with_its_reason(demo):
    reason = services.frozen_settings(demo)["quota_b1"]
    with pytest.raises(Refused) as refused:
        services.update_tournament(tournament=demo, values={"quota_b1": 5, "quota_vs": 5})
    assert refused.value.message_dict == {"quota_b1": [reason], "quota_vs": [reason]}
