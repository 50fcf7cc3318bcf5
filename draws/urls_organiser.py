from django.urls import path

import tournament.converters  # noqa: F401 - registers <stage:…>

from . import views

app_name = "draws"
urlpatterns = [
    path("", views.overview, name="overview"),
    path("pritomnost/", views.presence, name="presence"),
    path("kvalifikace-plan/", views.qualifier_plan, name="qualifier_plan"),
    # The qualifier's draws are the organiser's; the finals' the referee's too (rules D, L and
    # N): the same views, under the same names, each pattern with its own audience.
    path("<qualifier:stage>/nova/", views.draw_new, name="draw"),
    path("<qualifier:stage>/<int:number>/", views.game, name="game"),
    path("<qualifier:stage>/<int:number>/potvrdit/", views.confirm, name="confirm"),
    path("<qualifier:stage>/<int:number>/znovu/", views.redraw, name="redraw"),
    path("<qualifier:stage>/<int:number>/prohodit/", views.swap, name="swap"),
    path("<qualifier:stage>/<int:number>/kola/", views.rounds, name="rounds"),
    path("<final:stage>/nova/", views.finals.draw_new, name="draw"),
    path("<final:stage>/<int:number>/", views.finals.game, name="game"),
    path("<final:stage>/<int:number>/potvrdit/", views.finals.confirm, name="confirm"),
    path("<final:stage>/<int:number>/znovu/", views.finals.redraw, name="redraw"),
    path("<final:stage>/<int:number>/prohodit/", views.finals.swap, name="swap"),
    path("<final:stage>/<int:number>/kola/", views.finals.rounds, name="rounds"),
]
