"""The public pages: no login, cached, thin over ``public.selectors``. One module per
section: the site's own pages (``site``), a championship's home (``home``), the medals and
the ceremony (``medals``), standings (``standings``), the draw (``draw``), a player
(``player``), the archive and persons (``archive``), the hall's display (``hall``); what they
share in ``common``."""
