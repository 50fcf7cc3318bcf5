from django.urls import path

from . import trust
from .views import draw, hall, home, medals, player, standings

app_name = "public"
urlpatterns = [
    path("", home.home, name="home"),
    path("druzstva/", standings.team_standings, name="teams"),
    path("stupne-vitezu/", medals.medals, name="medals"),
    path("vyhlaseni/", medals.ceremony, name="ceremony"),
    path("vyhlaseni/zive/", medals.ceremony_live, name="ceremony_live"),
    path("rozlosovani/", draw.draw, name="draw"),
    path("zaznam/", trust.public_log, name="log"),
    path("jak-losujeme/", trust.how_we_draw, name="how_we_draw"),
    path("losovani.json", trust.verify_document, name="verify_document"),
    path("sal/", hall.hall_display, name="hall"),
    path("sal/obsah/", hall.hall_live, name="hall_live"),
    path("hrac/<number:number>/", player.player, name="player"),
    path("<stage:stage>/", standings.standings, name="standings"),
    path("<stage:stage>/zive/", standings.standings_live, name="standings_live"),
    path("<stage:stage>/vysledky.json", standings.standings_json, name="standings_json"),
]
