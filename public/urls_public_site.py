"""The site's own pages: the front page with every championship, the archive, and each
person's tournaments."""

from django.urls import path

from . import views

app_name = "tournament"
urlpatterns = [
    path("", views.front_page, name="home"),
    path("archiv/", views.archive, name="archive"),
    path("osoby/<uuid:person_id>/", views.person, name="person"),
]
