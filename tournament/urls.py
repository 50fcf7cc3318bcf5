from django.urls import path

from public import views

app_name = "tournament"
urlpatterns = [
    path("", views.front_page, name="home"),
    path("archiv/", views.archive, name="archive"),
]
