"""A club tournament on the pages: created with its kind and rules, the rules frozen at the
first draw; the desk's and the table's sheet ask exactly the rule set's fields."""

import pytest
from django.urls import reverse

from draws.services import DrawRefused, draw_game
from refusals import Refused
from rules import club, rulesets
from scoring import links
from scoring.models import RoundResult
from tests.authors import author
from tests.conftest import client_of, table_and_round
from tournament import services
from tournament.models import Tournament
from ui.addresses import table_path

from .conftest import club_lines, club_tournament

pytestmark = pytest.mark.django_db

NEW = {
    "name": "Klubový turnaj Brno",
    "slug": "",
    "year": "2027",
    "start_date": "2027-03-12",
    "venue": "Brno",
    "organiser": "Klub Brno",
    "qualifier_games": "3",
    "qualifier_seating": "new_draw",
    "qualifier_rounds_min": "3",
    "qualifier_rounds_max": "7",
}


def html_of(response) -> str:
    return response.content.decode()


def test_a_new_club_tournament_with_its_rules(organiser):
    client = client_of(organiser)
    form = html_of(client.get(reverse("staff:tournament_new")))
    assert 'name="kind"' in form and 'name="rule_set"' in form and 'name="plays_finals"' in form
    response = client.post(
        reverse("staff:tournament_new"), {**NEW, "kind": "club", "rule_set": "syllabatim_2"}
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Klubový turnaj Brno")
    assert (tournament.kind, tournament.rule_set, tournament.has_finals()) == (
        "club",
        "syllabatim_2",
        False,
    )


def test_the_championship_only_with_its_rules(organiser):
    response = client_of(organiser).post(
        reverse("staff:tournament_new"), {**NEW, "kind": "championship", "rule_set": "casual"}
    )
    assert response.status_code == 400
    html = html_of(response)
    assert "Mistrovství se hraje podle pravidel mistrovství." in html
    assert 'id="id_rule_set_error"' in html
    assert not Tournament.objects.filter(name="Klubový turnaj Brno").exists()


def test_the_rules_freeze_at_the_first_draw(organiser):
    tournament = club_tournament("casual")
    services.update_tournament(tournament=tournament, values={"rule_set": "syllabatim_2"})
    draw_game(tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1)
    with pytest.raises(Refused) as refused:
        services.update_tournament(tournament=tournament, values={"rule_set": "casual"})
    assert "pravidla se určují při prvním losování" in " ".join(
        refused.value.message_dict["rule_set"]
    )
    url = reverse("staff:settings", kwargs={"slug": tournament.slug})
    html = html_of(client_of(organiser).get(url))
    assert 'name="rule_set"' not in html and 'id="frozen-rule_set"' in html
    assert 'id="frozen-kind"' in html and "Syllabatim 2 (akční karty)" in html
    tournament.refresh_from_db()
    assert tournament.rule_set == "syllabatim_2"


def test_no_finals_unless_asked(db):
    tournament = club_tournament("casual")
    with pytest.raises(DrawRefused) as refused:
        draw_game(tournament=tournament, kind="final_a", number=1, by=author("Jana"), seed=1)
    assert "bez finále" in str(refused.value)


def sheet_url(game, table, round_):
    return reverse(
        "desk:sheet",
        kwargs={
            "slug": game.stage.tournament.slug,
            "stage": "qualifier",
            "number": game.number,
            "table": table.number,
            "round": round_.number,
        },
    )


def club_form(lines, rule_set: str = "syllabatim_2") -> dict:
    """What the desk's (or the table's) form posts: the rule set's fields only (issue 35: a
    field it does not ask is refused)."""
    asked = {field.name for field in rulesets.rule_set(rule_set).fields}
    data = {"version": "0", "then": "stay"}
    for line in lines:
        no = line.player
        for name in ("laid", "unused", "words", "longest_word", "doubled_word", "halved_word"):
            if name in asked:
                data[f"p{no}-{name}"] = str(getattr(line, name))
        if line.closed:
            data[f"p{no}-closed"] = "on"
        for card in line.action_cards:
            data[f"p{no}-card-{card}"] = "on"
    return data


def test_the_desk_asks_the_rule_sets_fields_and_saves_them(syllabatim_2_game, referees):
    table, round_ = table_and_round(syllabatim_2_game)
    client = client_of(referees[0])
    url = sheet_url(syllabatim_2_game, table, round_)
    html = html_of(client.get(url))
    first = table.seats.order_by("position").first().player.start_number
    for name in ("words", "longest_word", "doubled_word", "card-bonus_3", "card-golden_5"):
        assert f'name="p{first}-{name}"' in html, name
    assert f'name="p{first}-penalty"' not in html
    assert "Zlatý bonus 5 bodů!" in html
    lines = club_lines(table, seat1={"action_cards": (club.GOLDEN_5,)})
    response = client.post(url, club_form(lines))
    assert response.status_code == 302
    result = RoundResult.objects.get(
        table=table, round=round_, player__start_number=lines[1].player
    )
    assert result.rule_values["action_cards"] == [club.GOLDEN_5]
    assert result.rule_score == 10 + 5 - 3
    assert ">12<" in html_of(client.get(url))


def test_the_desk_shows_a_club_error_next_to_its_field(casual_game, referees):
    table, round_ = table_and_round(casual_game)
    lines = club_lines(table, seat1={"words": 9})
    response = client_of(referees[0]).post(
        sheet_url(casual_game, table, round_), club_form(lines, "casual")
    )
    assert response.status_code == 422
    html = html_of(response)
    field = f"id_p{lines[1].player}-words"
    assert f'id="{field}-error"' in html and f'aria-describedby="{field}-error"' in html
    assert not RoundResult.objects.exists()


def test_the_tables_phone_asks_the_rule_sets_fields(syllabatim_2_game, client):
    table, round_ = table_and_round(syllabatim_2_game)
    path = table_path(links.issue_table_links(game=syllabatim_2_game, by=author("t"))[1])
    html = html_of(client.get(path))
    first = table.seats.order_by("position").first().player.start_number
    assert f'name="p{first}-longest_word"' in html and f'name="p{first}-card-loss_2"' in html
    lines = club_lines(table, seat2={"action_cards": (club.BONUS_3,)})
    data = {**club_form(lines), "round": str(round_.number)}
    response = client.post(path, data)
    assert response.status_code == 302, html_of(response)
    result = RoundResult.objects.get(
        table=table, round=round_, player__start_number=lines[2].player
    )
    assert result.rule_score == 10 + 3 - 3


def test_public_standings_of_a_club_tournament_in_one_list_by_its_scores(casual_game, client):
    table, round_ = table_and_round(casual_game)
    lines = club_lines(table)
    sheet_services_save(table, round_, lines)
    slug = casual_game.stage.tournament.slug
    html = html_of(
        client.get(reverse("public:standings", kwargs={"slug": slug, "stage": "qualifier"}))
    )
    closer = casual_game.stage.tournament.players.get(start_number=lines[0].player)
    assert closer.name in html and ">32<" in html
    assert "postupuje" not in html.lower()
    player = html_of(
        client.get(reverse("public:player", kwargs={"slug": slug, "number": lines[0].player}))
    )
    assert ">32<" in player


def sheet_services_save(table, round_, lines):
    from scoring import sheets

    sheets.save_sheet(table=table, round=round_, lines=lines, by=author("Rozhodčí"), version=0)


def test_the_workbook_upload_says_club_sheets_are_entered_at_the_desk(casual_game):
    from desk import excel

    outcome = excel.check_upload(casual_game, b"")
    assert outcome.errors == [
        "Sešit má jen sloupce mistrovství: zápis podle klubových pravidel se zadává u stolu "
        "rozhodčích nebo u hracího stolu. Nic nebylo uloženo."
    ]


def test_the_draw_page_offers_no_finals_without_them(organiser):
    tournament = club_tournament("casual")
    html = html_of(client_of(organiser).get(reverse("draws:overview", kwargs={"slug": "klub"})))
    assert (
        "inále" not in html and "kvalifikace" in html.lower()
    )  # no finals, not in the menu either
    tournament.plays_finals = True
    tournament.save()
    html = html_of(client_of(organiser).get(reverse("draws:overview", kwargs={"slug": "klub"})))
    assert "inále A" in html


@pytest.mark.parametrize("over", [False, True])
def test_every_page_of_a_club_tournament_opens(casual_game, organiser, referees, client, over):
    """The public pages, the staff's, the desk's and the printouts of a club tournament with
    results, and once its one stage is over, open (a championship's page must not assume
    categories or finals here)."""
    table, round_ = table_and_round(casual_game)
    if over:  # one game, every sheet entered: the stage is over
        Tournament.objects.filter(pk=casual_game.stage.tournament_id).update(qualifier_games=1)
        for each in casual_game.tables.all():
            for game_round in casual_game.rounds.all():
                sheet_services_save(each, game_round, club_lines(each, seat0={"longest_word": 4}))
        assert casual_game.stage.tournament.players.exists()
    else:
        sheet_services_save(table, round_, club_lines(table))
    slug = casual_game.stage.tournament.slug
    number = club_lines(table)[0].player
    public = [
        reverse("public:home", kwargs={"slug": slug}),
        reverse("public:standings", kwargs={"slug": slug, "stage": "qualifier"}),
        reverse("public:standings_json", kwargs={"slug": slug, "stage": "qualifier"}),
        reverse("public:player", kwargs={"slug": slug, "number": number}),
        reverse("public:medals", kwargs={"slug": slug}),
        reverse("public:teams", kwargs={"slug": slug}),
        reverse("public:draw", kwargs={"slug": slug}),
        reverse("public:hall", kwargs={"slug": slug}),
        reverse("public:hall_live", kwargs={"slug": slug}) + "?od=0.0",
        reverse("public:standings_live", kwargs={"slug": slug, "stage": "qualifier"}) + "?od=0.0",
    ]
    for url in public:
        assert client.get(url).status_code == 200, url
    staff = [
        reverse("staff:start"),
        reverse("staff:tournament", kwargs={"slug": slug}),
        reverse("staff:settings", kwargs={"slug": slug}),
        reverse("desk:dashboard", kwargs={"slug": slug}),
        reverse("desk:advancement", kwargs={"slug": slug}),
        reverse("printing:printouts", kwargs={"slug": slug}),
        sheet_url(casual_game, table, round_),
    ]
    as_organiser, as_referee = client_of(organiser), client_of(referees[0])
    for url in staff:
        who = as_referee if url.startswith("/rozhodci/") else as_organiser
        assert who.get(url).status_code == 200, url
    if over:
        day = html_of(as_organiser.get(reverse("staff:tournament", kwargs={"slug": slug})))
        assert "inále" not in day  # no step of the finals, no link to them
        standings = html_of(
            client.get(reverse("public:standings", kwargs={"slug": slug, "stage": "qualifier"}))
        )
        assert "průběžné" not in standings


def test_an_action_card_held_twice_is_named_in_both_rows(syllabatim_2_game, referees):
    table, round_ = table_and_round(syllabatim_2_game)
    lines = club_lines(
        table, seat1={"action_cards": (club.LOSS_2,)}, seat2={"action_cards": (club.LOSS_2,)}
    )
    url = sheet_url(syllabatim_2_game, table, round_)
    response = client_of(referees[0]).post(url, club_form(lines))
    assert response.status_code == 422
    html = html_of(response)
    rows = html.split('class="club-line')[1:]
    for seat in (1, 2):
        assert "balíček má jedinou kartu „Ztráta 2 body!“" in rows[seat], seat
    assert "balíček má jedinou kartu" not in rows[0]
