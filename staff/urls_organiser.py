"""The staff pages under /sprava/. The addresses directly under it that are not a
tournament's (``tournament.models.STAFF_ADDRESSES``) come first, and no tournament may take
them as its short name."""

from django.urls import path

from . import views

app_name = "staff"
urlpatterns = [
    path("", views.start, name="start"),
    path("novy-turnaj/", views.tournament_new, name="tournament_new"),
    path("ucty/", views.accounts, name="accounts"),
    path("ucty/novy/", views.account_new, name="account_new"),
    path("ucty/<int:account>/", views.account, name="account"),
    path("ucty/<int:account>/heslo/", views.account_password, name="account_password"),
    path("ucty/<int:account>/deaktivovat/", views.account_deactivate, name="account_deactivate"),
    path("ucty/<int:account>/aktivovat/", views.account_activate, name="account_activate"),
    path("karty/", views.cards, name="cards"),
    path("karty/<int:card>/", views.card, name="card"),
    path("karty/<int:card>/smazat/", views.card_delete, name="card_delete"),
    path("<slug:slug>/", views.day, name="tournament"),
    path("<slug:slug>/nastaveni/", views.settings, name="settings"),
    path("<slug:slug>/vyhlaseni/", views.announcement, name="announcement"),
    path("<slug:slug>/vyhlaseni/prubeh/", views.ceremony, name="ceremony"),
    path("<slug:slug>/hraci/", views.players, name="players"),
    path("<slug:slug>/hraci/novy/", views.player_new, name="player_new"),
    path("<slug:slug>/hraci/nahrat/", views.players_upload, name="players_upload"),
    path("<slug:slug>/hraci/<int:number>/", views.player, name="player"),
    path("<slug:slug>/hraci/<int:number>/smazat/", views.player_delete, name="player_delete"),
    path("<slug:slug>/druzstva/", views.teams, name="teams"),
    path("<slug:slug>/nahradnici/", views.replacements, name="replacements"),
    path("<slug:slug>/druzstva/nove/", views.team_new, name="team_new"),
    path("<slug:slug>/druzstva/<int:team>/", views.team, name="team"),
    path("<slug:slug>/druzstva/<int:team>/smazat/", views.team_delete, name="team_delete"),
]
