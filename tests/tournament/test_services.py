"""The writes of a tournament's own data: what they store, what the rules refuse (with the
reason, nothing stored) and what freezes when."""

import json
from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from tests.authors import author
from tests.conftest import database_snapshot
from tournament import services
from tournament.models import Card, Player, Stage, Team, TeamMember, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    """The refusals are checked by their English wording (the pages check the Czech)."""
    with translation.override("en"):
        yield


def demo(slug: str, *, played: bool) -> Tournament:
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    if not played:
        del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug=slug)
    return tournament


@pytest.fixture
def fresh():
    """The demo's players and teams, nothing drawn."""
    return demo("fresh", played=False)


@pytest.fixture
def played():
    """The demo championship, every stage played."""
    return demo("played", played=True)


VALUES = {
    "name": "Mistrovství ČR v Syllabatimu 2027",
    "slug": "mcr-2027",
    "year": 2027,
    "start_date": date(2027, 6, 12),
    "end_date": date(2027, 6, 13),
    "venue": "Brno",
    "organiser": "SDS",
    "close_bonus": None,
    "max_card_value": None,
    "quota_b1": None,
    "quota_vs": None,
    "qualifier_games": 4,
    "qualifier_rounds_min": 3,
    "qualifier_rounds_max": 7,
    "qualifier_rounds": [],
    "qualifier_seating": "new_draw",
}


def refused(call, *, field=None, words=""):
    """``call`` raises a refusal (about ``field``, containing ``words``) and stores nothing."""
    before = database_snapshot()
    with pytest.raises(ValidationError) as raised:
        call()
    error = raised.value
    if field is not None:
        assert field in error.message_dict, error
        messages = " ".join(error.message_dict[field])
    else:
        messages = " ".join(error.messages)
    assert words in messages, messages
    assert database_snapshot() == before
    return messages


# --- the tournament's settings ------------------------------------------------------------


def test_a_tournament_is_created_with_its_settings_and_confirmations():
    tournament = services.create_tournament(
        values={**VALUES, "qualifier_rounds": [5, 2, 7], "quota_b1": 4, "quota_vs": 5},
        confirmation={"qualifier": True, "final_a": None, "final_b": False},
    )
    stored = Tournament.objects.get(slug="mcr-2027")
    assert stored.qualifier_rounds == [5, 2, 7] and stored.quota_override() == {"B1": 4, "VS": 5}
    assert services.confirmation_settings(tournament) == {
        "qualifier": True,
        "final_a": None,
        "final_b": False,
    }
    # the default needs no stage row: a stage appears once it is drawn
    assert set(Stage.objects.filter(tournament=tournament).values_list("kind", flat=True)) == {
        "qualifier",
        "final_b",
    }


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"slug": "ucty"}, "slug", "staff page"),
        ({"slug": "karty"}, "slug", "staff page"),
        ({"slug": "novy-turnaj"}, "slug", "staff page"),
        ({"quota_b1": 2, "quota_vs": 5}, "quota_b1", "At least 3"),
        ({"quota_b1": 5}, None, "both categories or for neither"),
        ({"end_date": date(2027, 6, 1)}, None, "cannot be before the first day"),
        ({"qualifier_rounds_min": 6, "qualifier_rounds_max": 4}, "qualifier_rounds_max", "fewer"),
        ({"qualifier_rounds_max": 8}, "qualifier_rounds_max", "7"),
        ({"qualifier_rounds": [5, 5]}, "qualifier_rounds", "at most once"),
        ({"qualifier_rounds": [0, 9]}, "qualifier_rounds", "at most once"),
        ({"qualifier_games": 21}, "qualifier_games", "20"),
        ({"qualifier_seating": "sometimes"}, "qualifier_seating", "sometimes"),
        ({"name": ""}, "name", ""),
    ],
)
def test_a_tournament_with_wrong_settings_is_refused(changes, field, words):
    refused(
        lambda: services.create_tournament(values={**VALUES, **changes}), field=field, words=words
    )
    assert not Tournament.objects.exists()


def test_a_short_name_is_unique(fresh):
    refused(
        lambda: services.create_tournament(values={**VALUES, "slug": "fresh"}),
        field="slug",
        words="",
    )


def test_settings_change_freely_before_the_day(fresh):
    services.update_tournament(
        tournament=fresh,
        values={"quota_b1": 4, "quota_vs": 4, "close_bonus": 6, "qualifier_games": 3},
        confirmation={"qualifier": True},
    )
    fresh.refresh_from_db()
    assert (fresh.quota_b1, fresh.close_bonus, fresh.qualifier_games) == (4, 6, 3)
    assert services.confirmation_settings(fresh)["qualifier"] is True


def test_a_change_of_settings_moves_the_public_pages_stamp(fresh):
    before = fresh.changed_at
    services.update_tournament(tournament=fresh, values={"venue": "Olomouc"})
    fresh.refresh_from_db()
    assert fresh.changed_at > before and fresh.venue == "Olomouc"


def test_nothing_is_frozen_before_a_result_but_the_short_name(fresh):
    assert set(services.frozen_settings(fresh)) == {"slug"}


def test_what_the_rules_freeze_once_the_stages_have_results(played):
    frozen = services.frozen_settings(played)
    assert {
        "quota_b1",
        "quota_vs",
        "qualifier_games",
        "close_bonus",
        "max_card_value",
        "confirmation_qualifier",
        "confirmation_final_a",
        "confirmation_final_b",
    } <= set(frozen)
    assert "rule K" in frozen["quota_b1"] and "rule B" in frozen["qualifier_games"]
    for setting in ("name", "venue", "qualifier_seating", "qualifier_rounds_min", "end_date"):
        assert setting not in frozen


@pytest.mark.parametrize(
    ("values", "field", "words"),
    [
        ({"quota_b1": 4, "quota_vs": 4}, "quota_b1", "rule K"),
        ({"qualifier_games": 5}, "qualifier_games", "rule B"),
        ({"close_bonus": 6}, "close_bonus", "close bonus"),
        ({"max_card_value": 20}, "max_card_value", "bound"),
        ({"slug": "jinak"}, "slug", "address"),
    ],
)
def test_a_frozen_setting_is_refused(played, values, field, words):
    refused(
        lambda: services.update_tournament(tournament=played, values=values),
        field=field,
        words=words,
    )


def test_a_frozen_confirmation_is_refused(played):
    refused(
        lambda: services.update_tournament(
            tournament=played, values={}, confirmation={"final_a": False}
        ),
        field="confirmation_final_a",
        words="results",
    )


def test_an_unfrozen_setting_changes_after_results(played):
    services.update_tournament(
        tournament=played,
        values={"venue": "Jinde", "quota_b1": played.quota_b1, "quota_vs": played.quota_vs},
    )
    played.refresh_from_db()
    assert played.venue == "Jinde"


def test_the_qualifier_games_cannot_fall_below_those_drawn(fresh):
    services.update_tournament(tournament=fresh, values={"qualifier_games": 3})
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("t"), seed=1)
    draw_game(tournament=fresh, kind="qualifier", number=2, by=author("t"), seed=2)
    refused(
        lambda: services.update_tournament(tournament=fresh, values={"qualifier_games": 1}),
        field="qualifier_games",
        words="2 qualifier games are drawn",
    )
    refused(
        lambda: services.update_tournament(tournament=fresh, values={"qualifier_games": None}),
        field="qualifier_games",
    )


# --- players ------------------------------------------------------------------------------


PLAYER = {
    "start_number": 99,
    "name": "Nová Hráčka",
    "birth_date": date(1990, 1, 2),
    "sight_class": "B2",
    "club": "Brno",
    "paid": True,
    "local_qualifier": False,
    "plays_b_final": True,
    "present": True,
}


def test_a_player_is_registered_and_corrected(fresh):
    player = services.create_player(tournament=fresh, values=PLAYER)
    assert player.pk and player.tournament == fresh
    services.update_player(player=player, values={**PLAYER, "start_number": 100, "club": ""})
    player.refresh_from_db()
    assert (player.start_number, player.club) == (100, "")
    assert services.next_start_number(fresh) == 101


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"start_number": 1}, None),  # taken by the demo's first player
        ({"start_number": 0}, "start_number"),
        ({"sight_class": "B9"}, "sight_class"),
        ({"name": ""}, "name"),
    ],
)
def test_a_wrong_registration_is_refused(fresh, changes, field):
    refused(
        lambda: services.create_player(tournament=fresh, values={**PLAYER, **changes}),
        field=field,
    )


def test_a_drawn_player_keeps_the_start_number(fresh):
    services.update_tournament(tournament=fresh, values={"qualifier_games": 2})
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("t"), seed=1)
    player = fresh.players.get(start_number=7)
    refused(
        lambda: services.update_player(player=player, values={"start_number": 77}),
        field="start_number",
        words="7",
    )
    services.update_player(player=player, values={"club": "Jiný klub"})  # the rest can change
    player.refresh_from_db()
    assert player.club == "Jiný klub"


def test_a_player_is_removed_only_when_never_drawn_and_in_no_team(fresh):
    member = TeamMember.objects.filter(team__tournament=fresh).first().player
    assert "team" in services.player_removal_problem(member)
    refused(lambda: services.delete_player(player=member), words="team")
    loner = fresh.players.exclude(pk__in=TeamMember.objects.values("player_id")).first()
    assert services.player_removal_problem(loner) is None
    services.delete_player(player=loner)
    assert not Player.objects.filter(pk=loner.pk).exists()
    services.update_tournament(tournament=fresh, values={"qualifier_games": 2})
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("t"), seed=1)
    seated = fresh.players.exclude(pk__in=TeamMember.objects.values("player_id")).first()
    refused(lambda: services.delete_player(player=seated), words="drawn")


def test_presence_and_fees_of_the_players_shown_only(fresh):
    numbers = sorted(fresh.players.values_list("start_number", flat=True))
    shown = set(numbers[:5])
    Player.objects.filter(tournament=fresh).update(present=True, paid=True)
    before = fresh.changed_at
    changed = services.set_presence_and_payment(
        tournament=fresh, shown=shown, present={numbers[0], numbers[1]}, paid={numbers[0]}
    )
    state = dict(
        (n, (present, paid))
        for n, present, paid in fresh.players.values_list("start_number", "present", "paid")
    )
    assert state[numbers[0]] == (True, True)
    assert state[numbers[1]] == (True, False)
    assert state[numbers[2]] == (False, False)
    assert all(state[n] == (True, True) for n in numbers[5:])  # not shown: as they were
    assert changed == 4
    fresh.refresh_from_db()
    assert fresh.changed_at > before
    assert (
        services.set_presence_and_payment(
            tournament=fresh, shown=shown, present={numbers[0], numbers[1]}, paid={numbers[0]}
        )
        == 0
    )


def test_presence_of_a_player_not_shown_is_refused(fresh):
    refused(
        lambda: services.set_presence_and_payment(
            tournament=fresh, shown={1, 2}, present={1, 3}, paid=set()
        ),
        words="3",
    )


def test_presence_of_everyone_for_the_draws(fresh):
    services.set_presence(tournament=fresh, present={1, 2})
    assert set(fresh.players.filter(present=True).values_list("start_number", flat=True)) == {1, 2}


# --- teams --------------------------------------------------------------------------------


def free_players(tournament, count):
    taken = TeamMember.objects.values("player_id")
    return list(tournament.players.exclude(pk__in=taken).order_by("start_number")[:count])


def test_a_team_is_created_renamed_and_its_roster_changed(fresh):
    players = free_players(fresh, 4)
    team = services.save_team(tournament=fresh, name=" Nové ", members=players[:3])
    assert team.name == "Nové" and team.members.count() == 3
    services.save_team(tournament=fresh, team=team, name="Přejmenované", members=players)
    team.refresh_from_db()
    assert team.name == "Přejmenované"
    assert sorted(team.members.values_list("player_id", flat=True)) == sorted(p.pk for p in players)


def test_a_wrong_roster_is_refused(fresh, played):
    players = free_players(fresh, 6)
    refused(
        lambda: services.save_team(tournament=fresh, name="Dvojice", members=players[:2]),
        field="members",
        words="3 to 5",
    )
    refused(
        lambda: services.save_team(tournament=fresh, name="Šestice", members=players),
        field="members",
        words="6",
    )
    refused(
        lambda: services.save_team(
            tournament=fresh, name="Dvakrát", members=[players[0], players[0], players[1]]
        ),
        field="members",
        words="twice",
    )
    member = TeamMember.objects.filter(team__tournament=fresh).first()
    refused(
        lambda: services.save_team(
            tournament=fresh, name="Přetažení", members=[member.player, *players[:2]]
        ),
        field="members",
        words=member.team.name,
    )
    stranger = played.players.first()
    refused(
        lambda: services.save_team(
            tournament=fresh, name="Cizinec", members=[stranger, *players[:2]]
        ),
        field="members",
        words="another tournament",
    )
    existing = Team.objects.filter(tournament=fresh).first()
    refused(
        lambda: services.save_team(tournament=fresh, name=existing.name, members=players[:3]),
        words="already exists",
    )


def test_a_roster_freezes_at_the_first_confirmed_qualifier_draw(fresh):
    team = Team.objects.filter(tournament=fresh).first()
    members = [m.player for m in team.members.order_by("player__start_number")]
    services.update_tournament(tournament=fresh, values={"qualifier_games": 2})
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("t"), seed=1)  # a draft
    assert services.roster_freeze_reason(fresh) is None
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("t"), seed=1, confirm=True)
    assert "rule B" in services.roster_freeze_reason(fresh)
    refused(
        lambda: services.save_team(
            tournament=fresh, team=team, name=team.name, members=members[:-1] or members
        ),
        field="members",
        words="frozen",
    )
    services.save_team(tournament=fresh, team=team, name="Nové jméno", members=members)
    team.refresh_from_db()
    assert team.name == "Nové jméno"  # a frozen team can be renamed
    refused(lambda: services.delete_team(team=team), words="frozen")


def test_a_team_is_deleted_before_the_rosters_freeze(fresh):
    team = Team.objects.filter(tournament=fresh).first()
    services.delete_team(team=team)
    assert not Team.objects.filter(pk=team.pk).exists()


# --- the card table -----------------------------------------------------------------------


@pytest.fixture
def cards():
    Card.objects.all().delete()
    return [
        Card.objects.create(letters="A", value=1, count=6),
        Card.objects.create(letters="X", value=14, count=1),
    ]


def test_a_card_is_added_changed_and_deleted(cards):
    card = services.save_card(letters=" ou ", value=3, count=2)
    assert card.letters == "OU"
    services.save_card(card=card, letters="OU", value=4, count=None)
    card.refresh_from_db()
    assert (card.value, card.count) == (4, None)
    services.delete_card(card=card)
    assert not Card.objects.filter(letters="OU").exists()


@pytest.mark.parametrize(
    ("letters", "value", "field", "words"),
    [
        ("CH", 5, "letters", "CH"),
        ("A", 2, "letters", "already"),
        ("", 2, "letters", ""),
    ],
)
def test_a_wrong_card_is_refused(cards, letters, value, field, words):
    refused(lambda: services.save_card(letters=letters, value=value), field=field, words=words)


def test_the_card_bound_cannot_change_under_results(cards, played):
    x = Card.objects.get(letters="X")
    refused(lambda: services.save_card(card=x, letters="X", value=12), words=played.name)
    refused(lambda: services.save_card(letters="Y", value=20), words="14")
    refused(lambda: services.delete_card(card=x), words="1")  # the bound would fall to 1
    services.save_card(letters="Y", value=9)  # below the highest: the bound stays 14
    played.max_card_value = 14  # with a bound of its own, the table may change
    played.save()
    services.save_card(card=x, letters="X", value=12)
    x.refresh_from_db()
    assert x.value == 12


def test_one_touch_moves_a_tournament_once_and_drops_its_touches_on_failure(fresh):
    from django.db import transaction

    from tournament import changes

    before = Tournament.objects.get(pk=fresh.pk).revision
    with transaction.atomic(), changes.one_touch():
        for _ in range(3):
            changes.touch(fresh.pk)
        with changes.one_touch():  # an inner one leaves the touching to the outer one
            changes.touch_where(pk=fresh.pk)
        assert Tournament.objects.get(pk=fresh.pk).revision == before  # not yet
    assert Tournament.objects.get(pk=fresh.pk).revision == before + 1

    with pytest.raises(RuntimeError), transaction.atomic(), changes.one_touch():
        changes.touch(fresh.pk)
        raise RuntimeError("the write failed")
    assert Tournament.objects.get(pk=fresh.pk).revision == before + 1
    changes.touch(fresh.pk)  # and touches outside any are made at once again
    assert Tournament.objects.get(pk=fresh.pk).revision == before + 2


def test_a_drawn_player_stays_eligible_whatever_the_pages_write(example_document):
    """Issue 22: the export of a tournament must import again, so the pages keep every drawn
    player eligible (A) and a B-final player in the B-final (M)."""
    from interchange.exporter import export_tournament
    from scoring.finals import set_b_final_participation

    tournament, _ = import_tournament(example_document, slug="drawn")
    seated = Player.objects.get(tournament=tournament, start_number=3)
    Player.objects.filter(pk=seated.pk).update(birth_date=date(2007, 6, 1))  # 18 on the day
    before = database_snapshot()
    refusals = [
        lambda: services.update_player(player=seated, values={"paid": False}),
        lambda: services.update_player(player=seated, values={"birth_date": date(2008, 1, 1)}),
        lambda: services.update_player(player=seated, values={"sight_class": "B1"}),
        lambda: services.update_tournament(
            tournament=tournament, values={"start_date": date(2025, 5, 1)}
        ),
        lambda: services.set_presence_and_payment(
            tournament=tournament, shown={3}, present={3}, paid=set()
        ),
        lambda: set_b_final_participation(tournament=tournament, playing=set()),
    ]
    for write in refusals:
        with pytest.raises(ValidationError):
            write()
    assert database_snapshot() == before
    import_tournament(export_tournament(tournament), slug="drawn-again")


def test_a_player_drawn_in_the_b_final_takes_part_in_it(demo):
    """Found by the round-trip property: unticking "takes part in the B-final" of a player
    seated there made an export the import refuses."""
    player = demo.players.filter(seats__game__stage__kind="final_b", start_number=3).first()
    with pytest.raises(ValidationError) as refused:
        services.update_player(player=player, values={"plays_b_final": False})
    assert "plays_b_final" in refused.value.message_dict
    player.refresh_from_db()
    assert player.plays_b_final
