"""Workbooks built byte by byte for the tests and the benchmarks of the spreadsheet bounds
(``tournament.spreadsheets``): a minimal .xlsx with any rows, many rows, and a small file that
unpacks to millions of rows."""

import io
import zipfile
from functools import cache

OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006"
CONTENT_TYPES = (
    f'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="{PACKAGE}/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    f'<Override PartName="/xl/workbook.xml" ContentType="{OFFICE}.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    f'ContentType="{OFFICE}.worksheet+xml"/></Types>'
)
RELS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PACKAGE}/relationships">'
    f'<Relationship Id="rId1" Type="{RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>'
    "</Relationships>"
)
WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    f'xmlns:r="{RELATIONSHIPS}">'
    '<sheets><sheet name="Hráči" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
WORKBOOK_RELS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PACKAGE}/relationships">'
    f'<Relationship Id="rId1" Type="{RELATIONSHIPS}/worksheet" '
    'Target="worksheets/sheet1.xml"/></Relationships>'
)


def workbook_of(rows: bytes, level: int = 6) -> bytes:
    """A minimal .xlsx whose one sheet holds ``rows`` (the XML of its rows), as Excel would
    store it."""
    sheet = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b"<sheetData>" + rows + b"</sheetData></worksheet>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as archive:
        archive.writestr("[Content_Types].xml", CONTENT_TYPES)
        archive.writestr("_rels/.rels", RELS)
        archive.writestr("xl/workbook.xml", WORKBOOK)
        archive.writestr("xl/_rels/workbook.xml.rels", WORKBOOK_RELS)
        archive.writestr("xl/worksheets/sheet1.xml", sheet)
    return out.getvalue()


def numbered_rows(count: int, first: int = 1) -> bytes:
    return b"".join(
        b'<row r="%d"><c r="A%d" t="n"><v>%d</v></c>' % (n, n, n)
        + f'<c r="B{n}" t="inlineStr"><is><t>Hráč {n}</t></is></c></row>'.encode()
        for n in range(first, first + count)
    )


@cache
def zip_bomb() -> bytes:
    """Under a megabyte that unpacks to two million rows (without row numbers, as the format
    allows)."""
    return workbook_of(b'<row><c t="n"><v>1</v></c></row>' * 2_000_000, level=9)
