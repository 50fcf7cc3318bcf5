"""``{% load czech %}``: ``{{ name|cs }}`` and ``{% cs_lang %}``, Czech text marked Czech on a
page in another language (``tournament.czech``)."""

from django import template

from tournament.czech import cs, cs_lang

register = template.Library()
register.filter("cs", cs)
register.simple_tag(cs_lang, name="cs_lang")
