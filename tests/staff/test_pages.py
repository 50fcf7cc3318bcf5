"""The organiser's own pages through the test client: every form stores valid data, refuses
each wrong case with its Czech message next to the field (and in the summary) and stores
nothing; the steps of the day; role boundaries."""

import re
import unicodedata
from datetime import date

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.roles import ORGANISER, REFEREE, has_role
from draws.services import draw_game
from scoring.models import Sanction
from tests.authors import author
from tests.conftest import database_snapshot
from tournament.models import Card, Player, Stage, Team, TeamMember, Tournament

pytestmark = pytest.mark.django_db


def html_of(response) -> str:
    return response.content.decode()


def refused_here(response, field: str | None, words: str) -> str:
    """A form sent back: 400, the summary at the top, the message next to its field."""
    html = html_of(response)
    assert response.status_code == 400, response.status_code
    assert 'class="form-errors"' in html and "Nic nebylo uloženo" in html
    assert words in html, words
    if field is not None:
        assert f'id="id_{field}_error"' in html, field
        assert f'aria-describedby="id_{field}_error' in html or (
            f'aria-describedby="id_{field}_helptext id_{field}_error"' in html
        )
        assert f'href="#id_{field}' in html  # the summary links to the field
    return html


# --- the staff's start and the day --------------------------------------------------------


def test_the_start_lists_tournaments_with_the_steps_of_the_day(as_organiser, fresh, played):
    html = html_of(as_organiser.get(reverse("staff:start")))
    assert html.count("<h1") == 1 and "Turnaje: úvod správy" in html
    assert reverse("staff:tournament_new") in html
    steps = [
        "Přihlášky",
        "Adresa pro telefony",
        "Losování kvalifikace",
        "Výsledky kvalifikace",
        "Postup a losy",
        "Finále",
        "Tisk",
    ]
    for tournament in (fresh, played):
        assert reverse("staff:tournament", kwargs={"slug": tournament.slug}) in html
    section = html[html.index('id="tournament-fresh"') :]
    positions = [section.index(f"<strong>{step}</strong>") for step in steps]
    assert positions == sorted(positions)  # in the order of the day
    assert "34 přihlášených hráčů" in section
    assert 'aria-current="step"' in section  # the next step is marked
    for name in ("staff:players", "staff:teams", "draws:overview", "desk:dashboard"):
        assert reverse(name, kwargs={"slug": "fresh"}) in html
    assert reverse("printing:printouts", kwargs={"slug": "fresh"}) in html
    assert reverse("desk:advancement", kwargs={"slug": "fresh"}) in html


def test_the_steps_of_a_played_championship_are_done(as_organiser, played):
    html = html_of(as_organiser.get(reverse("staff:tournament", kwargs={"slug": "played"})))
    assert html.count("hotovo") == 7  # the address for the phones too: the games are over
    assert "Do finále A:" in html and "Konečné pořadí" in html
    assert 'aria-current="step"' not in html


def test_the_steps_before_the_day(as_organiser, fresh):
    fresh.qualifier_games = None
    fresh.save()
    html = html_of(as_organiser.get(reverse("staff:tournament", kwargs={"slug": "fresh"})))
    assert "Nejdřív určete počet partií kvalifikace" in html
    assert "čeká na předchozí krok" in html


def test_the_referee_sees_the_day_with_the_referee_s_links_only(as_referee, fresh):
    html = html_of(as_referee.get(reverse("staff:start")))
    assert reverse("staff:tournament_new") not in html
    assert reverse("desk:dashboard", kwargs={"slug": "fresh"}) in html
    assert reverse("staff:players", kwargs={"slug": "fresh"}) not in html
    assert reverse("draws:overview", kwargs={"slug": "fresh"}) not in html
    day = as_referee.get(reverse("staff:tournament", kwargs={"slug": "fresh"}))
    assert day.status_code == 200


def test_the_staff_start_in_english(as_organiser, fresh):
    html = html_of(as_organiser.get("/en/sprava/"))
    assert '<html lang="en">' in html and "Registration" in html and "Create a tournament" in html


# --- a new tournament and its settings ----------------------------------------------------

NEW = {
    "name": "Mistrovství ČR v Syllabatimu 2027",
    "slug": "",
    "year": "2027",
    "start_date": "2027-06-12",
    "end_date": "2027-06-13",
    "venue": "Brno",
    "organiser": "Společenství duševních sportů, z. s.",
    "close_bonus": "",
    "max_card_value": "",
    "quota_b1": "",
    "quota_vs": "",
    "qualifier_games": "4",
    "qualifier_seating": "new_draw",
    "qualifier_rounds_min": "3",
    "qualifier_rounds_max": "7",
    "qualifier_rounds": "",
    "confirmation_qualifier": "",
    "confirmation_final_a": "",
    "confirmation_final_b": "no",
}


def test_a_tournament_is_created(as_organiser):
    response = as_organiser.post(reverse("staff:tournament_new"), NEW)
    tournament = Tournament.objects.get()
    assert tournament.slug == "mistrovstvi-cr-v-syllabatimu-2027"  # made from the name
    assert response.url == reverse("staff:tournament", kwargs={"slug": tournament.slug})
    assert (tournament.venue, tournament.qualifier_games, tournament.start_date) == (
        "Brno",
        4,
        date(2027, 6, 12),
    )
    assert Stage.objects.get(tournament=tournament).confirmation_required is False
    page = as_organiser.get(response.url)
    assert "je založen" in html_of(page)


def test_the_new_tournament_form_is_labelled(as_organiser):
    html = html_of(as_organiser.get(reverse("staff:tournament_new")))
    for field in NEW:
        assert f'name="{field}"' in html, field
    assert html.count("<fieldset") >= 5 and "<legend>Turnaj</legend>" in html
    assert 'type="date"' in html
    assert 'for="id_name"' in html and 'for="id_confirmation_final_b"' in html


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"slug": "ucty"}, "slug", "je adresa stránky správy"),
        ({"slug": "karty"}, "slug", "je adresa stránky správy"),
        ({"slug": "novy-turnaj"}, "slug", "je adresa stránky správy"),
        ({"slug": "fresh"}, "slug", "Turnaj s touto zkratkou už existuje"),
        ({"slug": "s mezerou"}, "slug", ""),
        ({"name": "Karty"}, "slug", "je adresa stránky správy"),  # the made-up short name too
        ({"name": ""}, "name", ""),
        ({"start_date": ""}, "start_date", ""),
        ({"start_date": "13. 14. 2027"}, "start_date", ""),
        ({"end_date": "2027-06-01"}, "end_date", "Poslední den nemůže být před prvním"),
        ({"quota_b1": "2", "quota_vs": "5"}, "quota_b1", "Nejméně 3 místa"),
        ({"quota_b1": "5"}, "quota_vs", "pro obě kategorie"),
        ({"qualifier_games": "0"}, "qualifier_games", ""),
        ({"qualifier_games": "21"}, "qualifier_games", ""),
        ({"qualifier_rounds_min": "6", "qualifier_rounds_max": "4"}, "qualifier_rounds_max", ""),
        ({"qualifier_rounds_max": "8"}, "qualifier_rounds_max", ""),
        ({"qualifier_rounds": "5, 5, 2"}, "qualifier_rounds", "nejvýše jednou"),
        ({"qualifier_rounds": "pět"}, "qualifier_rounds", "oddělená čárkami"),
        ({"qualifier_seating": "obcas"}, "qualifier_seating", ""),
        ({"confirmation_final_a": "maybe"}, "confirmation_final_a", ""),
        ({"year": "99"}, "year", ""),
        ({"close_bonus": "-1"}, "close_bonus", ""),
        ({"max_card_value": "0"}, "max_card_value", ""),
        ({"name": "Mistrovství\x1b[2J 2027"}, "name", "řídicí znak"),
        ({"venue": "Brno \U0001f600"}, "venue", "emoji"),
        ({"organiser": "SDS\u202ez. s."}, "organiser", "neviditelný formátovací znak"),
    ],
)
def test_a_wrong_new_tournament_is_refused(as_organiser, fresh, changes, field, words):
    before = database_snapshot()
    response = as_organiser.post(reverse("staff:tournament_new"), {**NEW, **changes})
    refused_here(response, field, words)
    assert database_snapshot() == before


def test_settings_before_the_day(as_organiser, fresh):
    url = reverse("staff:settings", kwargs={"slug": "fresh"})
    html = html_of(as_organiser.get(url))
    assert 'name="quota_b1"' in html and 'name="close_bonus"' in html
    assert 'id="frozen-slug"' in html  # the short name stays
    data = {**NEW, "name": fresh.name, "quota_b1": "4", "quota_vs": "4"}
    data.update(qualifier_rounds="5, 2, 7", confirmation_qualifier="yes", close_bonus="6")
    response = as_organiser.post(url, data)
    assert response.status_code == 302
    fresh.refresh_from_db()
    assert fresh.quota_override() == {"B1": 4, "VS": 4} and fresh.close_bonus == 6
    assert fresh.qualifier_rounds == [5, 2, 7] and fresh.slug == "fresh"
    assert Stage.objects.get(tournament=fresh, kind="qualifier").confirmation_required is True
    assert "Nastavení je uloženo" in html_of(as_organiser.get(url))


def test_the_k_warnings_are_shown_with_the_quotas(as_organiser, fresh):
    fresh.quota_b1, fresh.quota_vs = 6, 6
    fresh.save()
    html = html_of(as_organiser.get(reverse("staff:settings", kwargs={"slug": "fresh"})))
    quota = html[html.index('id="section-quota"') :]
    assert "víc než 10" in quota[: quota.index("</fieldset>")]


def test_frozen_settings_are_shown_as_text_with_the_reason(as_organiser, played):
    url = reverse("staff:settings", kwargs={"slug": "played"})
    html = html_of(as_organiser.get(url))
    for field in ("quota_b1", "quota_vs", "qualifier_games", "close_bonus", "max_card_value"):
        assert f'name="{field}"' not in html, field
        assert f'id="frozen-{field}"' in html, field
    assert "pravidlo K" in html and "pravidlo B" in html
    for kind in ("qualifier", "final_a", "final_b"):
        assert f'name="confirmation_{kind}"' not in html
    assert 'name="venue"' in html and 'name="qualifier_seating"' in html
    quota = (played.quota_b1, played.quota_vs)
    data = {**NEW, "name": played.name, "venue": "Jinde", "quota_b1": "3", "quota_vs": "3"}
    data.update(close_bonus="9", confirmation_final_a="no")
    response = as_organiser.post(url, data)
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.venue == "Jinde"  # what may change, changed
    assert (played.quota_b1, played.quota_vs) == quota and played.close_bonus is None
    assert Stage.objects.get(tournament=played, kind="final_a").confirmation_required is None


# --- players ------------------------------------------------------------------------------


def players_url(slug="fresh", **query):
    url = reverse("staff:players", kwargs={"slug": slug})
    if query:
        url += "?" + "&".join(f"{key}={value}" for key, value in query.items())
    return url


def shown_numbers(html: str) -> list[int]:
    import re

    return [int(n) for n in re.findall(r'name="shown" value="(\d+)"', html)]


def test_the_players_table(as_organiser, fresh):
    html = html_of(as_organiser.get(players_url()))
    assert len(shown_numbers(html)) == 34
    assert "<caption" in html and 'scope="row"' in html and 'aria-sort="ascending"' in html
    assert "způsobilý" in html
    assert reverse("printing:registration_template", kwargs={"slug": "fresh"}) in html
    assert reverse("printing:printouts", kwargs={"slug": "fresh"}) in html
    assert reverse("staff:player_new", kwargs={"slug": "fresh"}) in html
    # every tick is labelled with the player
    player = fresh.players.get(start_number=7)
    assert (
        f"Přítomen: 7. {player.name}" in html and f"Startovné zaplaceno: 7. {player.name}" in html
    )


def test_players_are_found_by_name_without_diacritics_and_by_number(as_organiser, fresh):
    player = fresh.players.get(start_number=7)
    surname = player.name.split()[-1]
    import unicodedata

    plain = "".join(
        c for c in unicodedata.normalize("NFKD", surname.lower()) if not unicodedata.combining(c)
    )
    found = shown_numbers(html_of(as_organiser.get(players_url(hledat=plain))))
    assert 7 in found and len(found) < 34
    assert shown_numbers(html_of(as_organiser.get(players_url(hledat="7")))) == [7]


def test_players_are_filtered(as_organiser, fresh):
    Player.objects.filter(tournament=fresh, start_number=3).update(present=False)
    Player.objects.filter(tournament=fresh, start_number=5).update(paid=False)
    Player.objects.filter(tournament=fresh, start_number=6).update(birth_date=date(2015, 1, 1))
    assert shown_numbers(html_of(as_organiser.get(players_url(nepritomni="on")))) == [3]
    assert shown_numbers(html_of(as_organiser.get(players_url(nezaplaceno="on")))) == [5]
    not_eligible = html_of(as_organiser.get(players_url(nezpusobili="on")))
    assert shown_numbers(not_eligible) == [5, 6]
    assert "nezpůsobil" in not_eligible and "nezaplacené startovné" in not_eligible
    assert "mladší 18 let" in not_eligible or "18" in not_eligible
    b1 = shown_numbers(html_of(as_organiser.get(players_url(kategorie="B1"))))
    assert b1 and all(fresh.players.get(start_number=n).sight_class == "B1" for n in b1)


def test_presence_and_fees_are_ticked_for_the_players_shown(as_organiser, fresh):
    url = players_url(kategorie="B1")
    b1 = shown_numbers(html_of(as_organiser.get(url)))
    others_before = list(fresh.players.exclude(start_number__in=b1).values_list("present", "paid"))
    response = as_organiser.post(url, {"shown": b1, "present": b1[1:], "paid": b1[:1]})
    assert response.status_code == 302 and response.url == url  # back to the same filter
    state = {
        n: (pr, pa) for n, pr, pa in fresh.players.values_list("start_number", "present", "paid")
    }
    assert state[b1[0]] == (False, True)
    assert all(state[n] == (True, False) for n in b1[1:])
    assert list(fresh.players.exclude(start_number__in=b1).values_list("present", "paid")) == (
        others_before
    )
    assert "Přítomnost a startovné uloženy" in html_of(as_organiser.get(url))


def test_presence_of_a_player_not_shown_is_refused(as_organiser, fresh):
    before = database_snapshot()
    response = as_organiser.post(players_url(), {"shown": [1, 2], "present": [1, 3]})
    assert response.status_code == 302
    assert database_snapshot() == before
    assert "nebyli na ukládaném seznamu" in html_of(as_organiser.get(players_url()))


PLAYER = {
    "start_number": "99",
    "name": "Nová Hráčka",
    "birth_date": "1990-01-02",
    "sight_class": "B2",
    "club": "Brno",
    "paid": "on",
    "plays_b_final": "on",
    "present": "on",
}


def test_a_player_is_registered(as_organiser, fresh):
    url = reverse("staff:player_new", kwargs={"slug": "fresh"})
    assert 'value="35"' in html_of(as_organiser.get(url))  # the next free start number
    response = as_organiser.post(url, PLAYER)
    assert response.url == players_url()
    player = fresh.players.get(start_number=99)
    assert (player.name, player.sight_class, player.paid, player.local_qualifier) == (
        "Nová Hráčka",
        "B2",
        True,
        False,
    )
    # the same name again is asked about (tests/staff/test_persons.py): here a new person
    response = as_organiser.post(
        url, {**PLAYER, "start_number": "100", "another": "1", "person": "new"}
    )
    assert response.url == url


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"start_number": "1"}, "start_number", "Startovní číslo 1 už má"),
        ({"start_number": "0"}, "start_number", ""),
        ({"start_number": "x"}, "start_number", ""),
        ({"name": ""}, "name", ""),
        ({"sight_class": "B7"}, "sight_class", ""),
        ({"birth_date": "1990-13-01"}, "birth_date", ""),
        ({"name": "Nová\tHráčka"}, "name", "řídicí znak"),
        ({"name": "Nová \U0001f600"}, "name", "U+1F600"),
        ({"club": "Br\x85no"}, "club", "řídicí znak"),
    ],
)
def test_a_wrong_player_is_refused(as_organiser, fresh, changes, field, words):
    before = database_snapshot()
    url = reverse("staff:player_new", kwargs={"slug": "fresh"})
    refused_here(as_organiser.post(url, {**PLAYER, **changes}), field, words)
    assert database_snapshot() == before


def test_a_player_is_corrected(as_organiser, fresh):
    url = reverse("staff:player", kwargs={"slug": "fresh", "number": 7})
    player = fresh.players.get(start_number=7)
    html = html_of(as_organiser.get(url))
    assert f"7. {player.name}" in html and "Způsobilost" in html
    response = as_organiser.post(url, {**PLAYER, "start_number": "70", "name": player.name})
    assert response.url == reverse("staff:player", kwargs={"slug": "fresh", "number": 70})
    player.refresh_from_db()
    assert (player.start_number, player.sight_class) == (70, "B2")


def test_a_drawn_player_s_start_number_stays(as_organiser, played):
    url = reverse("staff:player", kwargs={"slug": "played", "number": 7})
    player = played.players.get(start_number=7)
    before = database_snapshot()
    response = as_organiser.post(url, {**PLAYER, "start_number": "77", "name": player.name})
    refused_here(response, "start_number", "zůstává")
    assert database_snapshot() == before


def test_the_player_s_page_shows_the_sanctions_and_links_to_the_desk(as_organiser, played):
    from scoring import sanctions as sanction_services

    player = played.players.get(start_number=7)
    game = player.seats.select_related("game__stage").order_by("game__number").first().game
    sanction_services.record_sanction(
        player=player,
        scope="game",
        game=game,
        reason="zvonící telefon",
        by=User.objects.get(username="org"),
    )
    html = html_of(
        as_organiser.get(reverse("staff:player", kwargs={"slug": "played", "number": 7}))
    )
    assert "zvonící telefon" in html and "Diskvalifikován" in html
    assert reverse("desk:sanctions", kwargs={"slug": "played"}) + "?hrac=7&amp;partie=" in html
    assert Sanction.objects.count() == 1


def test_a_player_is_removed_after_a_confirmation(as_organiser, fresh):
    loner = fresh.players.exclude(pk__in=TeamMember.objects.values("player_id")).first()
    url = reverse("staff:player_delete", kwargs={"slug": "fresh", "number": loner.start_number})
    html = html_of(as_organiser.get(url))
    assert "Nelze to vrátit" in html and "<form" in html
    assert Player.objects.filter(pk=loner.pk).exists()  # a GET removes nothing
    assert as_organiser.post(url).url == players_url()
    assert not Player.objects.filter(pk=loner.pk).exists()


def test_a_team_member_is_not_removed(as_organiser, fresh):
    member = TeamMember.objects.filter(team__tournament=fresh).first().player
    url = reverse("staff:player_delete", kwargs={"slug": "fresh", "number": member.start_number})
    html = html_of(as_organiser.get(url))
    assert "soupisky" in html and 'method="post"' not in html.split("<main")[1]
    before = database_snapshot()
    as_organiser.post(url)
    assert database_snapshot() == before


# --- teams --------------------------------------------------------------------------------


def free(tournament, count):
    taken = TeamMember.objects.values("player_id")
    return list(
        tournament.players.exclude(pk__in=taken)
        .order_by("start_number")
        .values_list("start_number", flat=True)[:count]
    )


def team_data(name, numbers):
    data = {"name": name}
    for place, number in enumerate(numbers, start=1):
        data[f"member_{place}"] = str(number)
    return data


def test_a_team_is_created(as_organiser, fresh):
    numbers = free(fresh, 4)
    url = reverse("staff:team_new", kwargs={"slug": "fresh"})
    html = html_of(as_organiser.get(url))
    assert html.count("<select") == 5 and "Člen 1" in html
    response = as_organiser.post(url, team_data("Nové družstvo", numbers))
    assert response.url == reverse("staff:teams", kwargs={"slug": "fresh"})
    team = Team.objects.get(name="Nové družstvo")
    assert sorted(team.members.values_list("player__start_number", flat=True)) == numbers


@pytest.mark.parametrize(
    ("case", "words"),
    [
        ("two", "3 až 5"),
        ("twice", "dvakrát"),
        ("taken", ""),
        ("name", "už v turnaji je"),
        ("empty name", ""),
        ("control name", "řídicí znak"),
    ],
)
def test_a_wrong_team_is_refused(as_organiser, fresh, case, words):
    numbers = free(fresh, 3)
    existing = Team.objects.filter(tournament=fresh).first()
    member = existing.members.first().player.start_number
    data = {
        "two": team_data("Dvojice", numbers[:2]),
        "twice": team_data("Dvakrát", [numbers[0], numbers[0], numbers[1]]),
        "taken": team_data("Přetažení", [member, *numbers[:2]]),  # not offered: a wrong choice
        "name": team_data(existing.name, numbers),
        "empty name": team_data("", numbers),
        "control name": team_data("Družstvo\x07", numbers),
    }[case]
    field = "name" if "name" in case else "member_1"
    before = database_snapshot()
    refused_here(
        as_organiser.post(reverse("staff:team_new", kwargs={"slug": "fresh"}), data), field, words
    )
    assert database_snapshot() == before


def test_names_typed_decomposed_are_kept_composed(as_organiser, fresh):
    """Issue 31: "š" typed as "s" and a combining caron (NFD) is stored as "š" (NFC), from
    the player's form and the team's; a team's name in either form is the same name."""
    decomposed = unicodedata.normalize("NFD", "Jiřina Šťastná")
    club = unicodedata.normalize("NFD", "Žďár nad Sázavou")
    url = reverse("staff:player_new", kwargs={"slug": "fresh"})
    response = as_organiser.post(url, {**PLAYER, "name": decomposed, "club": club})
    assert response.status_code == 302, html_of(response)
    player = fresh.players.get(start_number=99)
    assert (player.name, player.club) == ("Jiřina Šťastná", "Žďár nad Sázavou")
    assert player.person.name == "Jiřina Šťastná"
    numbers = free(fresh, 3)
    url = reverse("staff:team_new", kwargs={"slug": "fresh"})
    as_organiser.post(url, team_data(unicodedata.normalize("NFD", "Družstvo Šárka"), numbers))
    assert Team.objects.filter(tournament=fresh, name="Družstvo Šárka").exists()
    again = team_data("Družstvo Šárka", free(fresh, 3))
    refused_here(as_organiser.post(url, again), "name", "už v turnaji je")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Jan\u034fNovák", "4. znak, U+034F, je neviditelný znak"),
        ("Jan\ufe0fNovák", "4. znak, U+FE0F, je neviditelný znak"),
        ("Jan\ufffdNovák", "náhradní znak"),
        ("Jane\u0301\u0301\u0301k", "více než 2 diakritických znamének"),
    ],
)
def test_an_invisible_character_in_a_name_is_refused_next_to_the_field(
    as_organiser, fresh, name, words
):
    before = database_snapshot()
    url = reverse("staff:player_new", kwargs={"slug": "fresh"})
    refused_here(as_organiser.post(url, {**PLAYER, "name": name}), "name", words)
    assert database_snapshot() == before


def test_a_team_is_renamed_and_its_roster_changed(as_organiser, fresh):
    team = Team.objects.filter(tournament=fresh).first()
    members = sorted(team.members.values_list("player__start_number", flat=True))
    extra = free(fresh, 1)
    url = reverse("staff:team", kwargs={"slug": "fresh", "team": team.pk})
    html = html_of(as_organiser.get(url))
    assert f'value="{members[0]}" selected' in html
    as_organiser.post(url, team_data("Jiné jméno", members[:3] + extra))
    team.refresh_from_db()
    assert team.name == "Jiné jméno"
    assert sorted(team.members.values_list("player__start_number", flat=True)) == sorted(
        members[:3] + extra
    )


def test_a_frozen_roster_is_shown_with_the_reason_and_the_team_renamed(as_organiser, fresh):
    fresh.qualifier_games = 2
    fresh.save()
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("t"), seed=1, confirm=True)
    team = Team.objects.filter(tournament=fresh).first()
    members = sorted(team.members.values_list("player__start_number", flat=True))
    teams_html = html_of(as_organiser.get(reverse("staff:teams", kwargs={"slug": "fresh"})))
    assert "pravidlo B" in teams_html
    assert reverse("staff:team_new", kwargs={"slug": "fresh"}) not in teams_html
    url = reverse("staff:team", kwargs={"slug": "fresh", "team": team.pk})
    html = html_of(as_organiser.get(url))
    assert "<select" not in html and "zmrazeny" in html
    as_organiser.post(url, team_data("Přejmenované", free(fresh, 3)))  # members are ignored
    team.refresh_from_db()
    assert team.name == "Přejmenované"
    assert sorted(team.members.values_list("player__start_number", flat=True)) == members
    before = database_snapshot()
    delete = reverse("staff:team_delete", kwargs={"slug": "fresh", "team": team.pk})
    assert "zmrazeny" in html_of(as_organiser.get(delete))
    as_organiser.post(delete)
    assert database_snapshot() == before


def test_a_team_is_deleted_after_a_confirmation(as_organiser, fresh):
    team = Team.objects.filter(tournament=fresh).first()
    url = reverse("staff:team_delete", kwargs={"slug": "fresh", "team": team.pk})
    assert "Nelze to vrátit" in html_of(as_organiser.get(url))
    as_organiser.post(url)
    assert not Team.objects.filter(pk=team.pk).exists()
    assert Player.objects.filter(tournament=fresh).count() == 34


# --- accounts -----------------------------------------------------------------------------

ACCOUNT = {
    "username": "jana",
    "first_name": "Jana",
    "last_name": "Nováková",
    "role": REFEREE,
    "password": "heslo-jany-1",
}


def test_the_accounts_are_listed(as_organiser, referee):
    html = html_of(as_organiser.get(reverse("staff:accounts")))
    assert "org" in html and "ref" in html and "organizátor" in html and "rozhodčí" in html


def test_a_referee_account_is_created_with_a_typed_password(as_organiser, client):
    response = as_organiser.post(reverse("staff:account_new"), ACCOUNT)
    assert response.url == reverse("staff:accounts")
    user = User.objects.get(username="jana")
    assert has_role(user, REFEREE) and not has_role(user, ORGANISER)
    assert user.get_full_name() == "Jana Nováková"
    assert client.login(username="jana", password="heslo-jany-1")


def test_a_generated_password_is_shown_once(as_organiser, client):
    response = as_organiser.post(reverse("staff:account_new"), {**ACCOUNT, "password": ""})
    assert response.status_code == 200 and response["Cache-Control"].count("no-store")
    html = html_of(response)
    import re

    password = re.search(r'id="new-password">([^<]+)<', html).group(1)
    assert client.login(username="jana", password=password)


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"username": "org"}, "username", "už existuje"),
        ({"username": "ORG"}, "username", "už existuje"),
        ({"username": "jana nová"}, "username", ""),
        ({"username": ""}, "username", ""),
        ({"password": "krátké"}, "password", ""),
        ({"role": "judge"}, "role", ""),
    ],
)
def test_a_wrong_account_is_refused(as_organiser, changes, field, words):
    before = list(User.objects.values_list("username", flat=True))
    response = as_organiser.post(reverse("staff:account_new"), {**ACCOUNT, **changes})
    refused_here(response, field, words)
    assert list(User.objects.values_list("username", flat=True)) == before


# Guessable passwords, each refused in Czech next to the field (issue 31): Django's validators
# with Django's own Czech, and the demo's published password.
GUESSABLE = [
    ("password", "Heslo je příliš běžné."),
    ("12345678", "Heslo se skládá pouze z čísel."),
    ("jana-novak", "Heslo je příliš podobné obsahu pole uživatelské jméno."),
    ("novakova2026", "Heslo je příliš podobné obsahu pole příjmení."),  # Nováková, unaccented
    ("syllabatim", "Toto je zveřejněné heslo ukázky"),
]


@pytest.mark.parametrize(("password", "words"), GUESSABLE)
def test_a_guessable_password_is_refused_for_a_new_organiser(as_organiser, password, words):
    account = {**ACCOUNT, "username": "jana-novak", "role": ORGANISER, "password": password}
    response = as_organiser.post(reverse("staff:account_new"), account)
    refused_here(response, "password", words)
    assert not User.objects.filter(username="jana-novak").exists()


@pytest.mark.parametrize(("password", "words"), GUESSABLE)
def test_a_guessable_password_is_not_set(as_organiser, organiser, client, password, words):
    organiser.username, organiser.last_name = "jana-novak", "Nováková"
    organiser.save()
    url = reverse("staff:account_password", kwargs={"account": organiser.pk})
    refused_here(as_organiser.post(url, {"password": password}), "password", words)
    assert not client.login(username="jana-novak", password=password)


def test_an_account_s_name_and_role_change(as_organiser, referee):
    url = reverse("staff:account", kwargs={"account": referee.pk})
    response = as_organiser.post(
        url, {"first_name": "Petr", "last_name": "Malý", "role": ORGANISER}
    )
    assert response.url == url
    referee.refresh_from_db()
    assert referee.get_full_name() == "Petr Malý" and has_role(referee, ORGANISER)


def test_the_last_organiser_is_not_made_a_referee(as_organiser, organiser):
    url = reverse("staff:account", kwargs={"account": organiser.pk})
    response = as_organiser.post(url, {"first_name": "", "last_name": "", "role": REFEREE})
    refused_here(response, "role", "poslední aktivní organizátor")
    assert has_role(organiser, ORGANISER)


def test_a_password_is_reset_typed_or_generated(as_organiser, referee, client):
    url = reverse("staff:account_password", kwargs={"account": referee.pk})
    assert as_organiser.get(url).status_code == 405
    response = as_organiser.post(url, {"password": "nove-heslo-2"})
    assert response.status_code == 302
    assert client.login(username="ref", password="nove-heslo-2")
    response = as_organiser.post(url, {"password": ""})
    assert "no-store" in response["Cache-Control"]
    import re

    password = re.search(r'id="new-password">([^<]+)<', html_of(response)).group(1)
    assert client.login(username="ref", password=password)
    refused_here(as_organiser.post(url, {"password": "krátké"}), "password", "")
    assert client.login(username="ref", password=password)


def test_an_account_is_deactivated_after_a_confirmation_and_active_again(as_organiser, referee):
    url = reverse("staff:account_deactivate", kwargs={"account": referee.pk})
    assert "znovu aktivovat" in html_of(as_organiser.get(url))
    referee.refresh_from_db()
    assert referee.is_active
    as_organiser.post(url)
    referee.refresh_from_db()
    assert not referee.is_active
    as_organiser.post(reverse("staff:account_activate", kwargs={"account": referee.pk}))
    referee.refresh_from_db()
    assert referee.is_active


def test_nobody_deactivates_the_last_organiser(as_organiser, organiser, referee):
    url = reverse("staff:account_deactivate", kwargs={"account": organiser.pk})
    html = html_of(as_organiser.get(url))
    assert "Vlastní účet deaktivovat nemůžete" in html
    as_organiser.post(url)
    organiser.refresh_from_db()
    assert organiser.is_active
    other = User.objects.create_user("org2", password="heslo-organizatora")
    other.groups.add(*organiser.groups.all())
    from tests.staff.conftest import client_of

    client_of(other).post(url)  # another organiser may
    organiser.refresh_from_db()
    assert not organiser.is_active
    last = reverse("staff:account_deactivate", kwargs={"account": other.pk})
    assert client_of(referee).post(last).status_code == 403  # a referee may not
    other.refresh_from_db()
    assert other.is_active


# --- cards --------------------------------------------------------------------------------


@pytest.fixture
def cards(db):
    Card.objects.all().delete()
    return [
        Card.objects.create(letters="A", value=1, count=6),
        Card.objects.create(letters="X", value=14, count=1),
    ]


def test_the_card_table_and_its_bound(as_organiser, cards):
    html = html_of(as_organiser.get(reverse("staff:cards")))
    assert "<strong>14</strong>" in html and "<caption" in html
    response = as_organiser.post(reverse("staff:cards"), {"new-letters": "ou", "new-value": "3"})
    assert response.url == reverse("staff:cards")
    assert Card.objects.get(letters="OU").value == 3
    x = cards[1]
    url = reverse("staff:card", kwargs={"card": x.pk})
    as_organiser.post(url, {"letters": "X", "value": "15", "count": "1"})
    x.refresh_from_db()
    assert x.value == 15
    assert "<strong>15</strong>" in html_of(as_organiser.get(reverse("staff:cards")))


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"new-letters": "CH", "new-value": "5"}, "new-letters", "CH není karta"),
        ({"new-letters": "a", "new-value": "5"}, "new-letters", "už v tabulce je"),
        ({"new-letters": "", "new-value": "5"}, "new-letters", ""),
        ({"new-letters": "Y", "new-value": "-1"}, "new-value", ""),
        ({"new-letters": "Y", "new-value": ""}, "new-value", ""),
        ({"new-letters": "ABCDE", "new-value": "2"}, "new-letters", ""),
    ],
)
def test_a_wrong_card_is_refused(as_organiser, cards, data, field, words):
    before = database_snapshot()
    refused_here(as_organiser.post(reverse("staff:cards"), data), field, words)
    assert database_snapshot() == before


def test_the_bound_does_not_change_under_results(as_organiser, cards, played):
    before = database_snapshot()
    url = reverse("staff:card", kwargs={"card": cards[1].pk})
    refused_here(as_organiser.post(url, {"letters": "X", "value": "12"}), None, played.name)
    assert database_snapshot() == before


def test_a_card_is_deleted_after_a_confirmation(as_organiser, cards):
    url = reverse("staff:card_delete", kwargs={"card": cards[0].pk})
    assert "Nelze to vrátit" in html_of(as_organiser.get(url))
    as_organiser.post(url)
    assert not Card.objects.filter(letters="A").exists()


# --- who may do what ----------------------------------------------------------------------


def organiser_pages(tournament, organiser, team, card):
    slug = tournament.slug
    return [
        reverse("staff:tournament_new"),
        reverse("staff:settings", kwargs={"slug": slug}),
        reverse("staff:players", kwargs={"slug": slug}),
        reverse("staff:player_new", kwargs={"slug": slug}),
        reverse("staff:player", kwargs={"slug": slug, "number": 7}),
        reverse("staff:player_delete", kwargs={"slug": slug, "number": 7}),
        reverse("staff:teams", kwargs={"slug": slug}),
        reverse("staff:team_new", kwargs={"slug": slug}),
        reverse("staff:team", kwargs={"slug": slug, "team": team.pk}),
        reverse("staff:team_delete", kwargs={"slug": slug, "team": team.pk}),
        reverse("staff:accounts"),
        reverse("staff:account_new"),
        reverse("staff:account", kwargs={"account": organiser.pk}),
        reverse("staff:account_password", kwargs={"account": organiser.pk}),
        reverse("staff:account_deactivate", kwargs={"account": organiser.pk}),
        reverse("staff:account_activate", kwargs={"account": organiser.pk}),
        reverse("staff:cards"),
        reverse("staff:card", kwargs={"card": card.pk}),
        reverse("staff:card_delete", kwargs={"card": card.pk}),
    ]


def test_a_referee_can_neither_see_nor_change_the_organiser_s_pages(
    as_referee, client, fresh, organiser, cards
):
    team = Team.objects.filter(tournament=fresh).first()
    before = database_snapshot()
    users = list(User.objects.values_list("username", "is_active", "password"))
    data = {**NEW, **PLAYER, **ACCOUNT, "letters": "Y", "value": "3", "name": "Převzetí"}
    for url in organiser_pages(fresh, organiser, team, cards[0]):
        for method in ("get", "post"):
            response = getattr(as_referee, method)(url, data)
            assert response.status_code == 403, (method, url)
            anonymous = getattr(client, method)(url, data)
            assert anonymous.status_code == 302 and "/ucet/prihlaseni/" in anonymous.url
    assert database_snapshot() == before
    assert list(User.objects.values_list("username", "is_active", "password")) == users


def test_the_player_form_asks_for_the_gender_and_suggests_it_from_the_surname(as_organiser, fresh):
    url = reverse("staff:player_new", kwargs={"slug": "fresh"})
    html = html_of(as_organiser.get(url))
    assert "Mluvnický rod" in html and "podle příjmení" in html and "<legend" in html
    as_organiser.post(url, {**PLAYER, "name": "Markéta Nováková", "gender": ""})
    assert fresh.players.get(start_number=99).gender == "feminine"
    as_organiser.post(
        url, {**PLAYER, "start_number": "100", "name": "Eva Krejčí", "gender": "feminine"}
    )
    assert fresh.players.get(start_number=100).gender == "feminine"
    as_organiser.post(url, {**PLAYER, "start_number": "101", "name": "Jan Skála", "gender": ""})
    assert fresh.players.get(start_number=101).gender == "masculine"
    edit = reverse("staff:player", kwargs={"slug": "fresh", "number": 100})
    assert re.search(r'value="feminine"[^>]*checked', html_of(as_organiser.get(edit)))
    as_organiser.post(
        edit, {**PLAYER, "start_number": "100", "name": "Eva Krejčí", "gender": "masculine"}
    )
    assert fresh.players.get(start_number=100).gender == "masculine"


def test_the_player_s_messages_agree_with_the_gender(as_organiser, played, fresh):
    woman = played.players.get(start_number=7)  # Ludmila Bartošová
    assert woman.gender == "feminine"
    url = reverse("staff:player", kwargs={"slug": "played", "number": 7})
    response = as_organiser.post(url, {**PLAYER, "start_number": "77", "name": woman.name})
    refused_here(response, "start_number", "Hráčka už je vylosována ke stolu")
    member = (
        TeamMember.objects.filter(team__tournament=fresh, player__gender="feminine").first().player
    )
    url = reverse("staff:player_delete", kwargs={"slug": "fresh", "number": member.start_number})
    assert "Hráčka je členkou družstva" in html_of(as_organiser.get(url))
    Player.objects.filter(pk=member.pk).update(gender="masculine")
    assert "Hráč je členem družstva" in html_of(as_organiser.get(url))
    page = html_of(
        as_organiser.get(
            reverse("staff:player", kwargs={"slug": "fresh", "number": member.start_number})
        )
    )
    assert "hráč zatím nebyl vylosován" in page
    Player.objects.filter(pk=member.pk).update(gender="feminine")
    page = html_of(
        as_organiser.get(
            reverse("staff:player", kwargs={"slug": "fresh", "number": member.start_number})
        )
    )
    assert "hráčka zatím nebyla vylosována" in page


def test_an_account_is_created_with_its_gender_and_the_log_names_who_created_it(
    as_organiser, organiser, fresh
):
    """Issue 33: the log said "Kdo: –" for an account the organiser created; the account's
    grammatical gender is set on the accounts page (the words about what it does agree)."""
    from accounts.services import gender_of
    from scoring.log import ACCOUNT as ACCOUNT_KIND
    from scoring.log import LogFilter, championship_log
    from tournament.lookups import who

    response = as_organiser.post(reverse("staff:account_new"), {**ACCOUNT, "gender": "feminine"})
    assert response.url == reverse("staff:accounts")
    jana = User.objects.get(username="jana")
    assert gender_of(jana) == "feminine"
    [entry] = [
        e
        for e in championship_log(fresh, public=False, only=LogFilter(kinds=(ACCOUNT_KIND,)))
        if "Jana Nováková" in e.words
    ]
    assert entry.who == who(organiser) != ""
    page = html_of(as_organiser.get(reverse("staff:account", kwargs={"account": jana.pk})))
    assert 'value="feminine" checked' in page or (
        'value="feminine"' in page and "selected" in page.split('value="feminine"')[1][:20]
    )
    as_organiser.post(
        reverse("staff:account", kwargs={"account": jana.pk}),
        {"first_name": "Jana", "last_name": "Nováková", "gender": "masculine", "role": REFEREE},
    )
    assert gender_of(jana) == "masculine"
