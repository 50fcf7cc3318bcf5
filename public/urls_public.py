from django.urls import path

import tournament.converters  # noqa: F401 - registers <stage:…>, <number:…>

from . import trust, views

app_name = "public"
urlpatterns = [
    path("", views.home, name="home"),
    path("druzstva/", views.team_standings, name="teams"),
    path("stupne-vitezu/", views.medals, name="medals"),
    path("vyhlaseni/", views.ceremony, name="ceremony"),
    path("vyhlaseni/zive/", views.ceremony_live, name="ceremony_live"),
    path("rozlosovani/", views.draw, name="draw"),
    path("zaznam/", trust.public_log, name="log"),
    path("jak-losujeme/", trust.how_we_draw, name="how_we_draw"),
    path("losovani.json", trust.verify_document, name="verify_document"),
    path("sal/", views.hall_display, name="hall"),
    path("sal/obsah/", views.hall_live, name="hall_live"),
    path("hrac/<number:number>/", views.player, name="player"),
    path("<stage:stage>/", views.standings, name="standings"),
    path("<stage:stage>/zive/", views.standings_live, name="standings_live"),
    path("<stage:stage>/vysledky.json", views.standings_json, name="standings_json"),
]
