"""The organiser's own pages: the day's steps, a tournament's settings, players, teams, the
staff's accounts and the card table. Thin: reads through ``staff.selectors``, every write
through a service, whose refusal is shown next to the field it is about.

One module per section of the staff's pages."""
