"""The accessible table of every page through django-tables2, rendered by one template
(``ui/table.html``): a caption, column headers with scope and the sort state of the order
shown (``aria-sort``), a row header for each row."""

import django_tables2 as tables


class AccessibleTable(tables.Table):
    row_header = "player"  # the column whose cells head their rows

    def __init__(self, *args, caption="", slug=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.caption = caption
        self.slug = slug

    class Meta:
        template_name = "ui/table.html"
        orderable = True
