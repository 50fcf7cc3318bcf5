from django.urls import path

from . import views

app_name = "scorekeeper"
urlpatterns = [
    path("<str:token>/", views.table, name="table"),
    path("<str:token>/kolo-<int:round>/", views.table, name="round"),
    path("<str:token>/hodiny/", views.clock_state, name="clock"),
]
