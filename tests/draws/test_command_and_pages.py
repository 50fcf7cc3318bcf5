import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from draws.services import draw_game
from interchange.exporter import export_tournament
from tests.authors import author
from tournament.models import Commitment, Game

pytestmark = pytest.mark.django_db


def run_draw(*args) -> dict:
    out = StringIO()
    call_command("draw", *args, stdout=out, stderr=StringIO())
    return json.loads(out.getvalue())


def test_the_command_stores_a_confirmed_draw_and_prints_it(fresh):
    printed = run_draw(
        "fresh", "--stage", "qualifier", "--game", "1", "--seed", "42", "--rounds", "5,2,7"
    )
    assert set(printed) == {"seed", "rounds", "tables"}
    assert printed["seed"] == 42 and printed["rounds"] == [5, 2, 7]
    assert [t["number"] for t in printed["tables"]] == [1, 2, 3, 4, 5]
    assert all(0 <= t["starting_seat"] < len(t["seats"]) for t in printed["tables"])
    assert Game.objects.get(stage__tournament=fresh).draw_confirmed
    exported = export_tournament(fresh)["stages"]["qualifier"]["games"][0]
    assert [
        {k: t[k] for k in ("number", "seats", "starting_seat")} for t in exported["tables"]
    ] == printed["tables"]
    assert exported["rounds"] == [5, 2, 7] and exported["draw"]["seed"] == 42


def test_the_command_repeats_a_draw_by_seed(fresh):
    first = run_draw("fresh", "--stage", "qualifier", "--game", "1", "--seed", "7")
    again = run_draw("fresh", "--stage", "qualifier", "--game", "1", "--seed", "7")
    assert first == again
    chosen = run_draw(
        "fresh", "--stage", "qualifier", "--game", "1", "--seed", "7", "--tables", "6"
    )
    assert len(chosen["tables"]) == 6


def test_the_command_records_its_author_as_an_account_or_the_command_line(fresh):
    run_draw("fresh", "--stage", "qualifier", "--game", "1", "--seed", "7")
    game = Game.objects.get(stage__tournament=fresh)
    assert game.drawn_by == game.draw_confirmed_by == "příkazová řádka"
    jana = author("jana")
    jana.first_name, jana.last_name = "Jana", "Nováková"
    jana.save()
    run_draw("fresh", "--stage", "qualifier", "--game", "1", "--seed", "8", "--by", "jana")
    game.refresh_from_db()
    assert game.drawn_by == game.draw_confirmed_by == "Jana Nováková"
    with pytest.raises(CommandError, match="žádný aktivní účet „nikdo“"):
        run_draw("fresh", "--stage", "qualifier", "--game", "1", "--seed", "9", "--by", "nikdo")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--stage", "final_a", "--game", "1"], "kvalifikace zatím nemá výsledky"),
        (["--stage", "qualifier", "--game", "3"], "další partie této fáze je 1"),
        (["--stage", "qualifier", "--game", "1", "--rounds", "5,5"], "5, 5"),
        (["--stage", "qualifier", "--game", "1", "--rounds", "x"], "--rounds"),
        (["--stage", "qualifier", "--game", "1", "--tables", "99"], "99"),
    ],
)
def test_the_command_refuses_in_czech(fresh, args, words):
    with pytest.raises(CommandError) as error:
        call_command("draw", "fresh", *args, stdout=StringIO(), stderr=StringIO())
    assert words in str(error.value).lower() or words in str(error.value)


def pages(slug):
    kwargs = {"slug": slug, "stage": "qualifier", "number": 1}
    return {
        "get": [
            reverse("draws:overview", kwargs={"slug": slug}),
            reverse("draws:presence", kwargs={"slug": slug}),
            reverse("draws:draw", kwargs={"slug": slug, "stage": "qualifier"}),
            reverse("draws:game", kwargs=kwargs),
        ],
        "post": [
            reverse(f"draws:{name}", kwargs=kwargs)
            for name in ("confirm", "redraw", "swap", "rounds")
        ]
        + [
            reverse("draws:draw", kwargs={"slug": slug, "stage": "qualifier"}),
            reverse("draws:presence", kwargs={"slug": slug}),
        ],
    }


def test_only_organisers_reach_the_draw_pages(clients, fresh):
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=1)
    urls = pages("fresh")
    for url in urls["get"]:
        assert clients["anonymous"].get(url).status_code == 302
        assert clients["referee"].get(url).status_code == 403
        assert clients["organiser"].get(url).status_code == 200, url
    for url in urls["post"]:
        response = clients["anonymous"].post(url)
        assert response.status_code == 302 and "/ucet/prihlaseni/" in response.url
        assert clients["referee"].post(url).status_code == 403


def test_the_organiser_draws_confirms_and_sees_the_report(clients, fresh):
    organiser = clients["organiser"]
    url = reverse("draws:draw", kwargs={"slug": "fresh", "stage": "qualifier"})
    page = organiser.get(url).content.decode()
    assert "Navržené stoly: 7, 7, 7, 7, 6." in page
    response = organiser.post(
        url,
        {
            "least": 3,
            "most": 7,
            "rounds": "",
            "sighted_at_every_table": "on",
            "teammates_apart": "on",
            "fewest_repeats": "on",
            "action": "publish",
        },
    )
    assert response.status_code == 302 and response.url == url
    assert not Game.objects.exists()  # the commitment first, no draw yet
    published = Commitment.objects.get()
    assert published.what == "fresh/qualifier/game-1/tables;rounds=3-7"
    page = organiser.get(url).content.decode()
    assert published.commitment in page and published.seed not in page
    response = organiser.post(url, {"action": "draw", "commitment": str(published.pk)})
    game_url = reverse("draws:game", kwargs={"slug": "fresh", "stage": "qualifier", "number": 1})
    assert response.status_code == 302 and response.url == game_url
    game = Game.objects.get()
    assert game.commitment == published and game.draw_seed == published.seed
    page = organiser.get(game_url).content.decode()
    assert "Splněno" in page and "<caption>Stůl 1 (7 hráčů)</caption>" in page
    assert "návrh" in page
    organiser.post(
        reverse("draws:confirm", kwargs={"slug": "fresh", "stage": "qualifier", "number": 1}),
        {"version": str(game.draw_version)},
    )
    assert Game.objects.get(stage__tournament=fresh).draw_confirmed


def test_a_bad_form_stores_nothing_and_says_why_in_czech(clients, fresh):
    url = reverse("draws:draw", kwargs={"slug": "fresh", "stage": "qualifier"})
    page = clients["organiser"].post(url, {"least": 5, "most": 3, "rounds": "5, 9"})
    html = page.content.decode()
    assert page.status_code == 200
    assert "Nic nebylo uloženo" in html and 'aria-invalid="true"' in html
    assert not Game.objects.exists()


def test_the_front_page_leads_organisers_to_the_draws(clients, fresh):
    link = reverse("draws:overview", kwargs={"slug": "fresh"})
    assert link in clients["organiser"].get("/").content.decode()
    assert link not in clients["referee"].get("/").content.decode()
    assert link not in clients["anonymous"].get("/").content.decode()


def test_the_overview_names_who_is_left_out_and_whose_age_is_unknown(clients, fresh):
    from tournament.models import Player

    Player.objects.filter(tournament=fresh, start_number=3).update(
        paid=False, local_qualifier=False
    )
    Player.objects.filter(tournament=fresh, start_number=4).update(birth_date=None)
    page = clients["organiser"].get(reverse("draws:overview", kwargs={"slug": "fresh"}))
    html = page.content.decode()
    assert "nezaplacené startovné" in html
    assert "chybí jim datum narození" in html
