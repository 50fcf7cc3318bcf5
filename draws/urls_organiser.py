from django.urls import path

from .views import drawing, finals, game, setup

app_name = "draws"
urlpatterns = [
    path("", setup.overview, name="overview"),
    path("pritomnost/", setup.presence, name="presence"),
    path("kvalifikace-plan/", setup.qualifier_plan, name="qualifier_plan"),
    # The qualifier's draws are the organiser's; the finals' the referee's too (rules D, L and
    # N): the same views, under the same names, each pattern with its own audience.
    path("<qualifier:stage>/nova/", drawing.draw_new, name="draw"),
    path("<qualifier:stage>/<int:number>/", game.game, name="game"),
    path("<qualifier:stage>/<int:number>/potvrdit/", game.confirm, name="confirm"),
    path("<qualifier:stage>/<int:number>/znovu/", game.redraw, name="redraw"),
    path("<qualifier:stage>/<int:number>/prohodit/", game.swap, name="swap"),
    path("<qualifier:stage>/<int:number>/kola/", game.rounds, name="rounds"),
    path("<final:stage>/nova/", finals.draw_new, name="draw"),
    path("<final:stage>/<int:number>/", finals.game, name="game"),
    path("<final:stage>/<int:number>/potvrdit/", finals.confirm, name="confirm"),
    path("<final:stage>/<int:number>/znovu/", finals.redraw, name="redraw"),
    path("<final:stage>/<int:number>/prohodit/", finals.swap, name="swap"),
    path("<final:stage>/<int:number>/kola/", finals.rounds, name="rounds"),
]
