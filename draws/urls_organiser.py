from django.urls import path

import tournament.converters  # noqa: F401 - registers <stage:…>

from . import views

app_name = "draws"
urlpatterns = [
    path("", views.overview, name="overview"),
    path("pritomnost/", views.presence, name="presence"),
    path("kvalifikace-plan/", views.qualifier_plan, name="qualifier_plan"),
    path("<stage:stage>/nova/", views.draw_new, name="draw"),
    path("<stage:stage>/<int:number>/", views.game, name="game"),
    path("<stage:stage>/<int:number>/potvrdit/", views.confirm, name="confirm"),
    path("<stage:stage>/<int:number>/znovu/", views.redraw, name="redraw"),
    path("<stage:stage>/<int:number>/prohodit/", views.swap, name="swap"),
    path("<stage:stage>/<int:number>/kola/", views.rounds, name="rounds"),
]
