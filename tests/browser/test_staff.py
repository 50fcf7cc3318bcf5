"""The organiser's own pages in a real browser: no axe-core violation (WCAG 2.0/2.1/2.2 A and
AA) on any of their page types, a refused form's summary takes the focus, and a new organiser
sets up a championship (tournament, players, a team, presence) and draws its first game with
the keyboard, never opening the back office."""

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from accounts.roles import ORGANISER, REFEREE, create_account
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from scoring import sanctions as sanction_services
from tests.browser.conftest import sign_in, tab_to
from tests.browser.test_public import WCAG
from tournament.models import Card, Game, Person, Player, Team, TeamMember, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def demo(slug: str, *, played: bool) -> Tournament:
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    if not played:
        del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug=slug)
    return tournament


def three_championships() -> None:
    """One played to the end, one before the day, one after its qualifier."""
    demo("mcr", played=True)
    demo("novy", played=False)
    after = json.loads(DEMO_FILE.read_text(encoding="utf-8"))  # qualifier over, no final drawn
    del after["stages"]["final_a"], after["stages"]["final_b"]
    after["lots"] = [lot for lot in after.get("lots", []) if lot["stage"] == "qualifier"]
    after.pop("sanctions", None)
    import_tournament(after, slug="po")


@pytest.fixture
def staff(page, live_server, rows_once):
    """A championship played to the end and one before the day, a sanction, cards, and the
    organiser signed in (the championships made once per test process and copied)."""
    rows_once("browser staff", three_championships)
    played = Tournament.objects.get(slug="mcr")
    organiser = create_account(username="org", role=ORGANISER, password="heslo-organizatora")
    referee = create_account(username="ref", role=REFEREE, password="heslo-rozhodciho")
    player = played.players.get(start_number=7)
    game = player.seats.order_by("game__number").first().game
    sanction_services.record_sanction(
        player=player, scope="game", game=game, reason="zvonící telefon", by=organiser
    )
    Card.objects.get_or_create(letters="X", defaults={"value": 14, "count": 1})
    sign_in(page, live_server, organiser)
    return {"organiser": organiser, "referee": referee}


def no_violation(page) -> None:
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    assert page.locator("h1").count() == 1
    assert page.locator("html").get_attribute("lang") in ("cs", "en")
    for landmark in ("banner", "main", "contentinfo"):
        assert page.get_by_role(landmark).count() == 1
    assert (
        page.get_by_role("navigation", name="Správa").count()
        + page.get_by_role("navigation", name="Staff").count()
        == 1
    )


def page_types(staff) -> dict[str, str]:
    team = Team.objects.filter(tournament__slug="novy").first()
    frozen = Team.objects.filter(tournament__slug="mcr").first()
    card = Card.objects.get(letters="X")
    referee = staff["referee"].pk
    seven = Player.objects.get(tournament__slug="mcr", start_number=7).person
    twin, _created = Person.objects.get_or_create(name=seven.name, birth_date=None)
    return {
        "start": "/sprava/",
        "start in English": "/en/sprava/",
        "the day, played": "/sprava/mcr/",
        "the day, before": "/sprava/novy/",
        "a new tournament": "/sprava/novy-turnaj/",
        "settings, before the day": "/sprava/novy/nastaveni/",
        "settings, frozen": "/sprava/mcr/nastaveni/",
        "players": "/sprava/novy/hraci/",
        "players found": "/sprava/mcr/hraci/?hledat=nov&kategorie=B1&nezpusobili=on",
        "players sorted": "/sprava/mcr/hraci/?sort=-paid",
        "a new player": "/sprava/novy/hraci/novy/",
        "a player with a sanction": "/sprava/mcr/hraci/7/",
        "removing a player": "/sprava/novy/hraci/1/smazat/",
        "teams": "/sprava/novy/druzstva/",
        "teams, frozen": "/sprava/mcr/druzstva/",
        "a new team": "/sprava/novy/druzstva/nove/",
        "a team": f"/sprava/novy/druzstva/{team.pk}/",
        "a team, frozen": f"/sprava/mcr/druzstva/{frozen.pk}/",
        "deleting a team": f"/sprava/novy/druzstva/{team.pk}/smazat/",
        "accounts": "/sprava/ucty/",
        "a new account": "/sprava/ucty/novy/",
        "an account": f"/sprava/ucty/{referee}/",
        "deactivating an account": f"/sprava/ucty/{referee}/deaktivovat/",
        "deactivating oneself": f"/sprava/ucty/{staff['organiser'].pk}/deaktivovat/",
        "cards": "/sprava/karty/",
        "a card": f"/sprava/karty/{card.pk}/",
        "deleting a card": f"/sprava/karty/{card.pk}/smazat/",
        "the desk with the staff navigation": "/rozhodci/mcr/",
        "the draws with the staff navigation": "/sprava/novy/losovani/",
        "the announcement of the results": "/sprava/mcr/vyhlaseni/",
        "replacements in the A-final, the form": "/sprava/po/nahradnici/",
        "replacements in the A-final, drawn": "/sprava/mcr/nahradnici/",
        "persons": "/sprava/osoby/",
        "a person": f"/sprava/osoby/{seven.uuid}/",
        "possible duplicates": "/sprava/osoby/duplicity/",
        "merging two persons": f"/sprava/osoby/sloucit/?ponechat={seven.uuid}&sloucit={twin.uuid}",
    }


PAGE_NAMES = [
    "persons",
    "a person",
    "possible duplicates",
    "merging two persons",
    "start",
    "start in English",
    "the day, played",
    "the day, before",
    "a new tournament",
    "settings, before the day",
    "settings, frozen",
    "players",
    "players found",
    "players sorted",
    "a new player",
    "a player with a sanction",
    "removing a player",
    "teams",
    "teams, frozen",
    "a new team",
    "a team",
    "a team, frozen",
    "deleting a team",
    "accounts",
    "a new account",
    "an account",
    "deactivating an account",
    "deactivating oneself",
    "cards",
    "a card",
    "deleting a card",
    "the desk with the staff navigation",
    "the draws with the staff navigation",
    "the announcement of the results",
    "replacements in the A-final, the form",
    "replacements in the A-final, drawn",
]


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_no_accessibility_violation(page, staff, name):
    page.goto(page_types(staff)[name])
    no_violation(page)


@pytest.mark.parametrize(
    ("url", "button"),
    [
        ("/sprava/novy-turnaj/", "Založit turnaj"),
        ("/sprava/novy/hraci/novy/", "Přihlásit"),
        ("/sprava/novy/druzstva/nove/", "Založit družstvo"),
        ("/sprava/ucty/novy/", "Založit účet"),
        ("/sprava/karty/", "Přidat kartu"),
    ],
)
def test_a_refused_form_says_what_to_correct_first(page, staff, url, button):
    page.goto(url)
    if "karty" in url:
        page.fill("#id_new-letters", "CH")
        page.fill("#id_new-value", "5")
    if "hraci" in url:
        page.fill("#id_start_number", "1")  # taken
    page.get_by_role("button", name=button, exact=True).click()
    summary = page.locator(".form-errors")
    expect(summary).to_be_visible()
    assert page.evaluate("document.activeElement.classList.contains('form-errors')")
    assert page.title().startswith("Opravte formulář")
    first = summary.locator("a").first
    target = first.get_attribute("href")
    field = page.locator(target)
    assert field.get_attribute("aria-invalid") == "true"
    assert f"{target[1:]}_error" in (field.get_attribute("aria-describedby") or "") or (
        page.locator(f"{target}_error").count() == 0  # a radio group: the fieldset carries it
    )
    no_violation(page)


def test_the_referee_s_start(page, live_server, staff):
    sign_in(page, live_server, staff["referee"])
    page.goto("/sprava/")
    no_violation(page)
    expect(page.get_by_role("link", name="Založit turnaj")).to_have_count(0)


def test_a_new_organiser_sets_up_a_championship_and_draws_the_first_game(page, live_server):
    """From the front page to the first game's draw with the keyboard, never opening /admin/."""
    opened = []
    page.on("request", lambda request: opened.append(request.url))
    organiser = create_account(username="nova", role=ORGANISER, password="heslo-organizatorky")
    sign_in(page, live_server, organiser)
    page.goto("/")
    tab_to(page, "Turnaje: úvod správy")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Turnaje: úvod správy")

    # the tournament
    tab_to(page, "Založit turnaj")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Nový turnaj")
    no_violation(page)
    page.locator("#id_name").focus()
    page.keyboard.type("Mistrovství ČR v Syllabatimu 2027")
    page.keyboard.press("Tab")
    page.keyboard.type("mcr-2027")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("2027")
    page.locator("#id_start_date").fill("2027-06-12")
    page.locator("#id_qualifier_games").focus()
    page.keyboard.type("2")
    page.locator("#id_qualifier_rounds_min").fill("4")
    tab_to(page, "Založit turnaj")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Průběh turnaje: Mistrovství ČR v Syllabatimu 2027")
    expect(page.get_by_role("status")).to_contain_text("je založen")
    tournament = Tournament.objects.get(slug="mcr-2027")
    assert (tournament.qualifier_games, tournament.qualifier_rounds_min) == (2, 4)

    # five players, one after another
    tab_to(page, "Hráči")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Hráči: Mistrovství ČR v Syllabatimu 2027")
    tab_to(page, "Přihlásit hráče")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Přihlásit hráče")
    people = [
        ("Jana Nováková", "B1"),
        ("Petr Malý", "none"),
        ("Eva Veselá", "B2"),
        ("Karel Dvořák", "B1"),
        ("Marie Černá", "B3"),
    ]
    for index, (name, sight) in enumerate(people, start=1):
        expect(page.locator("#id_start_number")).to_have_value(str(index))
        page.locator("#id_name").focus()
        page.keyboard.type(name)
        page.locator("#id_birth_date").fill("1980-05-01")
        page.locator("#id_sight_class").select_option(sight)
        page.locator("#id_paid").focus()
        page.keyboard.press("Space")
        button = "Přihlásit a přidat dalšího" if index < len(people) else "Přihlásit"
        page.get_by_role("button", name=button, exact=True).focus()
        page.keyboard.press("Enter")
        expect(page.locator(".messages")).to_contain_text(name)
    expect(page.locator("h1")).to_have_text("Hráči: Mistrovství ČR v Syllabatimu 2027")
    assert Player.objects.filter(tournament=tournament, paid=True).count() == 5
    no_violation(page)

    # presence: Petr did not come, then he did
    page.get_by_label("Přítomen: 2. Petr Malý").focus()
    page.keyboard.press("Space")
    tab_to(page, "Uložit přítomnost a startovné")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("změněno: 1")
    assert not Player.objects.get(tournament=tournament, start_number=2).present
    page.get_by_label("Přítomen: 2. Petr Malý").check()
    page.get_by_role("button", name="Uložit přítomnost a startovné").first.click()
    assert Player.objects.filter(tournament=tournament, present=True).count() == 5

    # a team of three
    page.get_by_role("navigation", name="Správa").get_by_role("link", name="Družstva").click()
    expect(page.locator("h1")).to_have_text("Družstva: Mistrovství ČR v Syllabatimu 2027")
    tab_to(page, "Založit družstvo")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Založit družstvo")
    page.locator("#id_name").focus()
    page.keyboard.type("Praha")
    for place, number in enumerate((1, 2, 3), start=1):
        page.locator(f"#id_member_{place}").focus()
        page.keyboard.type(f"{number}. ")  # a list jumps to the typed option
    assert page.locator("#id_member_2").input_value() == "2"
    tab_to(page, "Založit družstvo")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Praha")
    assert TeamMember.objects.filter(team__name="Praha").count() == 3

    # the first game's draw
    page.get_by_role("navigation", name="Správa").get_by_role("link", name="Losování").click()
    expect(page.locator("h1")).to_have_text("Losování: Mistrovství ČR v Syllabatimu 2027")
    tab_to(page, "Vylosovat partii 1")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Losování: kvalifikace, partie 1")
    assert page.locator("#id_least").input_value() == "4"  # the tournament's setting
    tab_to(page, "Zveřejnit závazek")  # commit before, reveal after: the seed fixed first
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Závazek je zveřejněn")
    tab_to(page, "Losovat teď (návrh)")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("vylosována (návrh)")
    tab_to(page, "Potvrdit los")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Los je potvrzen.")
    game = Game.objects.get(stage__tournament=tournament)
    assert game.draw_confirmed and game.seats.count() == 5
    assert 4 <= len(game.round_numbers()) <= 7

    # the day's steps say where things are
    page.goto("/sprava/mcr-2027/")
    expect(page.locator(".steps > li").nth(1)).to_contain_text("Adresa pro telefony")
    expect(page.locator(".steps > li").nth(2)).to_contain_text("Vylosováno 1 z 2 partií")
    assert not [url for url in opened if re.search(r"/admin(/|$)", url)]


@pytest.mark.parametrize(
    "name", ["start", "settings, before the day", "players", "a team", "accounts", "cards"]
)
def test_reflow_at_320_css_pixels(page, staff, name):
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(page_types(staff)[name])
    # no horizontal scrolling of the page itself (wide data tables scroll in their own region)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1


@pytest.mark.parametrize("name", ["players", "settings, before the day", "an account"])
def test_every_link_and_control_is_reached_with_the_keyboard(page, staff, name):
    page.goto(page_types(staff)[name])
    # every focusable element, numbered; a radio group is one stop for Tab (the arrows move
    # within it): its checked button, or its first
    focusable = page.evaluate("""() => {
        const all = Array.from(document.querySelectorAll('a[href], button, select, textarea, '
            + 'input:not([type=hidden]), [tabindex]:not([tabindex="-1"])'))
            .filter(e => !e.disabled && e.offsetParent !== null)
            .filter(e => {
                if (e.type !== 'radio') { return true; }
                const group = document.querySelectorAll(`input[type=radio][name="${e.name}"]`);
                const checked = Array.from(group).find(r => r.checked);
                return checked ? e === checked : e === group[0]; });
        all.forEach((e, i) => { e.dataset.keyboardCheck = i; });
        return all.length; }""")
    reached = set()
    for _ in range(focusable + 15):  # a date field takes a Tab for each of its parts
        page.keyboard.press("Tab")
        reached.add(page.evaluate("document.activeElement.dataset.keyboardCheck"))
    reached.discard(None)
    assert len(reached) == focusable, (len(reached), focusable)
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # the focus is visible
