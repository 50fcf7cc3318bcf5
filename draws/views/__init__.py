"""The draw pages, one module per section: the draws at a glance, the qualifier's plan and
presence (``setup``), drawing a stage's next game (``drawing``), a drawn game and its changes
(``game``), the same pages for the referee's finals (``finals``); what they share in
``common``. Thin: every write through ``draws.services``."""
