"""The push API, outside the language prefixes: an address for programs."""

from django.urls import path

from . import views
from .protocol import API_PREFIX

app_name = "api"
urlpatterns = [
    path(f"{API_PREFIX}<slug:slug>/", views.push, name="push"),
]
