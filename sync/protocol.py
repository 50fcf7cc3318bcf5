"""The push on the wire, for both ends: the address, the body and the document's digest.

``PUT /api/turnaj/<slug>/`` with ``Authorization: Bearer <key>`` and the JSON body
``{"revision": N, "tournament": <syllabatim-tournament document>, "unconfirmed": [...]}``,
gzip-compressed (``Content-Encoding: gzip``) or not. ``unconfirmed`` (optional, none when
absent) names the sheets the venue holds as entered but not yet confirmed by a referee,
``{"stage", "game", "table", "round"}`` each: the tournament document has no place for that,
and without it the public server would announce a final that the referee has not confirmed.
``ceremony`` (optional; issue 35) is where the venue's announcement of the results stands,
``{"shown": N}``: how many of its reveals are shown (absent: none), so that the public
ceremony page on the server moves with the one in the hall.
The answers are JSON: 200 ``{"revision", "digest", "warnings"}``; 400 and 413 ``{"errors":
[...]}``; 401 ``{"errors": [...]}`` whatever was wrong; 409 ``{"errors": [...], "revision",
"digest"}`` with the revision the server holds.
"""

import gzip
import hashlib
import json
import zlib

API_PREFIX = "api/turnaj/"


def push_url(server: str, slug: str) -> str:
    return f"{server.rstrip('/')}/{API_PREFIX}{slug}/"


UNCONFIRMED_KEYS = ("stage", "game", "table", "round")


def document_digest(
    document: object, unconfirmed: list | None = None, ceremony: dict | None = None
) -> str:
    """The SHA-256 of a pushed state, whatever its key order and whitespace: both ends compute
    it from the parsed document (and the unconfirmed sheets and the ceremony, when there are
    any), so the venue can tell its own push from another."""
    content = {"tournament": document, "unconfirmed": unconfirmed} if unconfirmed else document
    if ceremony:
        content = {"tournament": document, "unconfirmed": unconfirmed or [], "ceremony": ceremony}
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def encode_body(
    revision: int, document: dict, unconfirmed: list | None = None, ceremony: dict | None = None
) -> bytes:
    content = {"revision": revision, "tournament": document}
    if unconfirmed:
        content["unconfirmed"] = unconfirmed
    if ceremony:
        content["ceremony"] = ceremony
    return gzip.compress(json.dumps(content, ensure_ascii=False).encode(), compresslevel=6)


class TooLarge(Exception):
    pass


def decompress(body: bytes, limit: int) -> bytes:
    """A gzip body unpacked, refused (``TooLarge``) as soon as it would pass ``limit`` bytes:
    a small body cannot unpack into a huge one. ``zlib.error`` for a body that is not gzip."""
    unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    content = unpacker.decompress(body, limit + 1)
    if len(content) > limit or unpacker.unconsumed_tail:
        raise TooLarge
    if not unpacker.eof:
        raise zlib.error("the gzip stream is cut short")
    return content
