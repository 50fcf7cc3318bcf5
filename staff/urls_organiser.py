"""The staff pages under /sprava/. The addresses directly under it that are not a
tournament's (``tournament.models.STAFF_ADDRESSES``) come first, and no tournament may take
them as its short name."""

from django.urls import path

from .views import (
    accounts,
    announcement,
    cards,
    day,
    local_qualifiers,
    persons,
    players,
    replacements,
    teams,
    tournament_settings,
)

app_name = "staff"
urlpatterns = [
    path("", day.start, name="start"),
    path("novy-turnaj/", tournament_settings.tournament_new, name="tournament_new"),
    path("ucty/", accounts.accounts, name="accounts"),
    path("ucty/novy/", accounts.account_new, name="account_new"),
    path("ucty/<int:account>/", accounts.account, name="account"),
    path("ucty/<int:account>/heslo/", accounts.account_password, name="account_password"),
    path("ucty/<int:account>/deaktivovat/", accounts.account_deactivate, name="account_deactivate"),
    path("ucty/<int:account>/aktivovat/", accounts.account_activate, name="account_activate"),
    path("karty/", cards.cards, name="cards"),
    path("karty/<int:card>/", cards.card, name="card"),
    path("karty/<int:card>/smazat/", cards.card_delete, name="card_delete"),
    path("osoby/", persons.persons, name="persons"),
    path("osoby/duplicity/", persons.duplicates, name="persons_duplicates"),
    path("osoby/duplicity/ruzne/", persons.keep_apart, name="persons_keep_apart"),
    path("osoby/sloucit/", persons.persons_merge, name="persons_merge"),
    path("osoby/<uuid:person_id>/", persons.person, name="person"),
    path("<slug:slug>/", day.day, name="tournament"),
    path("<slug:slug>/nastaveni/", tournament_settings.settings, name="settings"),
    path("<slug:slug>/vyhlaseni/", announcement.announcement, name="announcement"),
    path("<slug:slug>/vyhlaseni/prubeh/", announcement.ceremony, name="ceremony"),
    path(
        "<slug:slug>/mistni-kvalifikace/",
        local_qualifiers.local_qualifier,
        name="local_qualifier",
    ),
    path(
        "<slug:slug>/mistni-kvalifikace/zapsat/",
        local_qualifiers.local_qualifier_mark,
        name="local_qualifier_mark",
    ),
    path("<slug:slug>/hraci/", players.players, name="players"),
    path("<slug:slug>/hraci/novy/", players.player_new, name="player_new"),
    path("<slug:slug>/hraci/nahrat/", players.players_upload, name="players_upload"),
    path(
        "<slug:slug>/hraci/mistni-kvalifikace/",
        local_qualifiers.players_qualified_locally,
        name="players_qualified_locally",
    ),
    path("<slug:slug>/hraci/<int:number>/", players.player, name="player"),
    path("<slug:slug>/hraci/<int:number>/smazat/", players.player_delete, name="player_delete"),
    path("<slug:slug>/druzstva/", teams.teams, name="teams"),
    path("<slug:slug>/nahradnici/", replacements.replacements, name="replacements"),
    path("<slug:slug>/druzstva/nove/", teams.team_new, name="team_new"),
    path("<slug:slug>/druzstva/<int:team>/", teams.team, name="team"),
    path("<slug:slug>/druzstva/<int:team>/smazat/", teams.team_delete, name="team_delete"),
]
