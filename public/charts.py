"""Charts drawn on the server as SVG, each with a text alternative; the page shows the same
numbers in a table next to it. The alternative is the chart's visible caption, read once: the
image is named by it, and the caption itself is hidden from the accessibility tree (a figure
with a figcaption, a title and a description read the same sentence three times)."""

import zlib

from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

WIDTH, HEIGHT, MARGIN = 640, 260, 40


def _line_chart(
    values: list[int], low: int, high: int, label: str, summary: str, spoken: str = ""
) -> dict:
    """A line through ``values`` (one point each, left to right) on an axis from ``low`` to
    ``high``, named by its caption (``label`` and ``summary``). ``spoken``: the label the image
    is named by instead, without the Czech name the caption holds, on a page in another
    language (an accessible name carries no language: a screen reader would read the name
    with the page's voice)."""
    span = (high - low) or 1
    step = (WIDTH - 2 * MARGIN) / max(len(values) - 1, 1)
    points = [
        (
            round(MARGIN + i * step, 1),
            round(HEIGHT - MARGIN - (HEIGHT - 2 * MARGIN) * (value - low) / span, 1),
        )
        for i, value in enumerate(values)
    ]
    chart_id = f"chart-{zlib.crc32(label.encode()):08x}"  # the same in every process
    named = (
        format_html(
            'aria-label="{}. {} {}"', spoken, summary, _("The same numbers are in the table.")
        )
        if spoken
        else format_html('aria-labelledby="{}-c"', chart_id)
    )
    svg = format_html(
        '<svg class="chart" viewBox="0 0 {w} {h}" role="img" {named} '
        'focusable="false">'
        '<line x1="{m}" y1="{base}" x2="{right}" y2="{base}" class="axis"/>'
        '<line x1="{m}" y1="{m}" x2="{m}" y2="{base}" class="axis"/>'
        '<text x="{low_x}" y="{label_y}" class="tick">{low}</text>'
        '<text x="4" y="{top_y}" class="tick">{high}</text>'
        '<polyline points="{points}" class="line"/>{dots}</svg>',
        named=named,
        w=WIDTH,
        h=HEIGHT,
        m=MARGIN,
        base=HEIGHT - MARGIN,
        right=WIDTH - MARGIN,
        low_x=MARGIN if low == 0 else 4,
        label_y=HEIGHT - MARGIN + (18 if low == 0 else 4),
        top_y=MARGIN + 4,
        low=low,
        high=high,
        id=chart_id,
        points=" ".join(f"{x},{y}" for x, y in points),
        dots=format_html_join("", '<circle cx="{}" cy="{}" r="4" class="dot"/>', points),
    )
    return {"svg": svg, "summary": summary, "label": label, "caption_id": f"{chart_id}-c"}


def running_total(totals: list[int], label: str, spoken: str = "") -> dict:
    """A line of the running total after each round, on an axis from zero."""
    count, top = len(totals), max(totals, default=0) or 1
    total = totals[-1] if totals else 0
    summary = _("%(rounds)s, %(points)s in the end.") % {
        "rounds": ngettext("%(count)s round", "%(count)s rounds", count) % {"count": count},
        "points": ngettext("%(count)s point", "%(count)s points", total) % {"count": total},
    }
    return _line_chart(totals, 0, top, label, summary, spoken)


def rating_history(values: list[int], label: str, spoken: str = "") -> dict:
    """A line of a person's rating: where it started, then after each rated game. The axis
    runs from the lowest value to the highest (a rating is no count from zero)."""
    count = len(values) - 1  # games
    low, high = min(values, default=0), max(values, default=0)
    summary = _(
        "%(games)s, the rating from %(first)s to %(last)s; lowest %(low)s, highest %(high)s."
    ) % {
        "games": ngettext("%(count)s rated game", "%(count)s rated games", count)
        % {"count": count},
        "first": values[0] if values else 0,
        "last": values[-1] if values else 0,
        "low": low,
        "high": high,
    }
    return _line_chart(values, low, high, label, summary, spoken)
