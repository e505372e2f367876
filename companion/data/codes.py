"""The codes two phones trade to connect with no server: a WebRTC offer or answer, short.

A browser's session description (SDP) for one data channel is 700 to 850 bytes; a QR code
of that is too dense to scan across a table. Of it the other phone needs only what ICE and
DTLS check: the ICE user fragment and password, the DTLS certificate's SHA-256 fingerprint,
and the addresses to try (host candidates, IPv4). :func:`encode` packs those, with the
code's kind and a token that ties an answer to the offer it answers, into at most
:data:`MAX_CODE` characters of base64url (a version-7 QR code at level M); :func:`to_sdp`
rebuilds a full description on the other side from a template.

A host's code may also name its **waiting seats**: phones that were at the table, left
(a locked screen, a reload) and were paired with it over their first channel. For each, the
host keeps a connection ready whose ICE credentials both phones derive from the secret they
share (``site/table.js``); the code carries the seat's number, the nonce of that derivation
and that connection's port on each of the code's addresses (a phone on Wi-Fi and a VPN
has a port for each), so such a phone rejoins with one scan, and no answer goes back. A
code with seats is of version 3 (version 2 named one port for every address); one without
stays of version 1, as older releases read it.

A guest's answer says which side starts the encryption's handshake (DTLS). A guest that
waits for the host's hello (``passive``, version 2) cannot be taken for another: two guests
who scanned one code both reach the host's connection, and a guest that spoke first would
win the handshake whichever answer the host scanned. Where a browser refuses that role, the
guest starts it (version 1), as older releases do.

A code that was cut, mistyped or is of another app fails its checksum or its version:
:class:`CodeError` says which, with a catalog key, and nothing is connected.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import zlib
from dataclasses import dataclass
from enum import IntEnum

#: The longest code this module makes (base64url characters).
MAX_CODE = 120
VERSION = 1
#: The version of a passive answer (and, before, of a code that named seats with one port).
SEATS_VERSION = 2
#: The version of a code that names waiting seats, each with a port per address.
PORTS_VERSION = 3
#: ICE's characters for user fragments and passwords (RFC 8839: ALPHA, DIGIT, "+", "/"):
#: 64 of them, six bits each.
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


class Kind(IntEnum):
    OFFER = 1  # the host's: "join my table"
    ANSWER = 2  # a guest's: what the host scans back


class CodeError(ValueError):
    """A code that cannot be used; ``key`` names the catalog line that says why."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True, slots=True)
class Seat:
    """A phone that was at the table and may rejoin with one scan: its seat's number
    (1..255, given at pairing), the nonce its credentials are derived with (16 bits) and the
    UDP ports of the connection the host keeps waiting for it, one for each of the code's
    addresses in their order (a seat with fewer uses its first for the rest)."""

    number: int
    nonce: int
    ports: tuple[int, ...]

    def port(self, index: int) -> int:
        """The seat's port on the code's address number ``index``."""
        return self.ports[index] if index < len(self.ports) else self.ports[0]


@dataclass(frozen=True, slots=True)
class Held:
    """A seat as the host's page keeps it waiting: its number, its nonce, and the port of
    its connection on each of the host's addresses (``(address, port)``, as gathered)."""

    number: int
    nonce: int
    ports: tuple[tuple[str, int], ...]

    def seat(self, candidates: tuple[tuple[str, int], ...]) -> Seat:
        """The seat as a code with ``candidates`` names it: a port for each address, the
        first one's where the connection has none on that address."""
        by_address = dict(self.ports)
        first = self.ports[0][1]
        return Seat(self.number, self.nonce, tuple(by_address.get(a, first) for a, _ in candidates) or (first,))


@dataclass(frozen=True, slots=True)
class Code:
    """What one side must tell the other for a data channel to open."""

    kind: Kind
    token: int  # 0..65535: an answer carries its offer's
    ufrag: str
    pwd: str
    fingerprint: bytes  # 32 bytes: SHA-256 of the DTLS certificate
    candidates: tuple[tuple[str, int], ...]  # (IPv4 address, UDP port)
    seats: tuple[Seat, ...] = ()  # an offer's waiting seats
    passive: bool = False  # an answer's guest waits for the host's DTLS hello


def _pack_ice(text: str) -> bytes:
    """A length byte, then six bits a character."""
    if not 0 < len(text) <= 255 or any(c not in ICE_CHARS for c in text):
        raise CodeError("together.code_unusable", f"not an ICE string: {text!r}")
    bits = "".join(f"{ICE_CHARS.index(c):06b}" for c in text)
    bits += "0" * (-len(bits) % 8)
    return bytes([len(text)]) + int(bits, 2).to_bytes(len(bits) // 8, "big")


def _unpack_ice(data: bytes, at: int) -> tuple[str, int]:
    length = data[at]
    size = (length * 6 + 7) // 8
    chunk = data[at + 1 : at + 1 + size]
    if length == 0 or len(chunk) != size:
        raise CodeError("together.code_damaged", "ICE string cut short")
    bits = f"{int.from_bytes(chunk, 'big'):0{size * 8}b}"
    return "".join(ICE_CHARS[int(bits[i * 6 : i * 6 + 6], 2)] for i in range(length)), at + 1 + size


def _checksum(body: bytes) -> bytes:
    return (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")


def _body(code: Code, candidates: tuple[tuple[str, int], ...], seats: tuple[Seat, ...]) -> bytes:
    if len(code.fingerprint) != 32 or not 0 <= code.token <= 0xFFFF:
        raise CodeError("together.code_unusable", "a fingerprint is 32 bytes, a token 16 bits")
    if any(
        not (1 <= s.number <= 255 and 0 <= s.nonce <= 0xFFFF and s.ports and all(0 < p <= 0xFFFF for p in s.ports))
        for s in seats
    ):
        raise CodeError("together.code_unusable", "a seat is a byte, its nonce and ports 16 bits")
    version = PORTS_VERSION if seats else SEATS_VERSION if code.passive and code.kind is Kind.ANSWER else VERSION
    out = bytearray([version << 4 | int(code.kind)])
    out += code.token.to_bytes(2, "big")
    out += _pack_ice(code.ufrag) + _pack_ice(code.pwd) + code.fingerprint
    out.append(len(candidates))
    for address, port in candidates:
        out += ipaddress.IPv4Address(address).packed + port.to_bytes(2, "big")
    if seats:
        out.append(len(seats))
        for seat in seats:
            out += bytes([seat.number]) + seat.nonce.to_bytes(2, "big")
            out += b"".join(seat.port(i).to_bytes(2, "big") for i in range(max(1, len(candidates))))
    return bytes(out)


def encode(code: Code) -> str:
    """The code as text of at most :data:`MAX_CODE` characters: as many of its candidates
    as fit, in their order (the browser lists its best first), down to one; then as many
    of its seats as fit (a seat left out rejoins with two scans)."""
    candidates, seats = code.candidates, code.seats if code.kind is Kind.OFFER else ()  # only an offer has seats
    while True:
        body = _body(code, candidates, seats)
        text = base64.urlsafe_b64encode(body + _checksum(body)).decode().rstrip("=")
        if len(text) <= MAX_CODE:
            return text
        if len(candidates) > 1:
            candidates = candidates[:-1]
        elif seats:
            seats = seats[:-1]
        elif candidates:
            candidates = ()
        else:
            raise CodeError("together.code_unusable", f"{len(text)} characters with no address")


def _bytes(text: str) -> bytes:
    """The bytes of a code's text, checked: this app's alphabet, a known version, its sum."""
    cleaned = re.sub(r"\s+", "", text).removeprefix("mammoth:")
    if not cleaned:
        raise CodeError("together.code_empty", "no code")
    if len(cleaned) > 4 * MAX_CODE or not re.fullmatch(r"[A-Za-z0-9_-]+", cleaned):
        raise CodeError("together.code_foreign", "not a code of this app")
    try:
        data = base64.urlsafe_b64decode(cleaned + "=" * (-len(cleaned) % 4))
    except (binascii.Error, ValueError) as exc:
        raise CodeError("together.code_damaged", f"not base64url: {exc}") from exc
    if len(data) < 5 or data[0] >> 4 not in (VERSION, SEATS_VERSION, PORTS_VERSION):
        raise CodeError("together.code_foreign", "not a code of this app (or of another version)")
    if _checksum(data[:-2]) != data[-2:]:
        raise CodeError("together.code_damaged", "checksum does not match")
    return data[:-2]


def _records(body: bytes, at: int, size: int, what: str) -> tuple[list[bytes], int]:
    """A count byte at ``at``, then that many records of ``size`` bytes."""
    count, at = body[at], at + 1
    found = [body[at + size * n : at + size * (n + 1)] for n in range(count)]
    if any(len(record) != size for record in found):
        raise CodeError("together.code_damaged", f"{what} cut short")
    return found, at + size * count


def decode(text: str) -> Code:
    """The code in ``text`` (spaces, line breaks and a scanner's ``mammoth:`` prefix are
    ignored); :class:`CodeError` if it is not one of this app's, or was damaged."""
    body = _bytes(text)
    version = body[0] >> 4
    try:
        kind = Kind(body[0] & 0x0F)
        ufrag, at = _unpack_ice(body, 3)
        pwd, at = _unpack_ice(body, at)
        fingerprint, at = body[at : at + 32], at + 32
        addresses, at = _records(body, at, 6, "address")
        seats: list[bytes] = []
        if version > VERSION and kind is Kind.OFFER:  # version 2: one port; 3: one per address
            ports = 1 if version == SEATS_VERSION else max(1, len(addresses))
            seats, at = _records(body, at, 3 + 2 * ports, "seat")
        candidates = tuple((str(ipaddress.IPv4Address(a[:4])), int.from_bytes(a[4:], "big")) for a in addresses)
        waiting = tuple(
            Seat(
                s[0],
                int.from_bytes(s[1:3], "big"),
                tuple(int.from_bytes(s[i : i + 2], "big") for i in range(3, len(s), 2)),
            )
            for s in seats
        )
    except (IndexError, ValueError) as exc:
        if isinstance(exc, CodeError):
            raise
        raise CodeError("together.code_damaged", f"unreadable: {exc}") from exc
    if len(fingerprint) != 32 or at != len(body) or any(seat.number == 0 for seat in waiting):
        raise CodeError("together.code_damaged", "wrong length")
    token = int.from_bytes(body[1:3], "big")
    return Code(kind, token, ufrag, pwd, fingerprint, candidates, waiting, kind is Kind.ANSWER and version > VERSION)


# -- session descriptions -------------------------------------------------------------------


def from_sdp(sdp: str, kind: Kind, token: int) -> Code:
    """The parts of a browser's description (after gathering) a code carries: its IPv4
    host candidates over UDP, in the browser's order, each address once."""
    ufrag = re.search(r"^a=ice-ufrag:(\S+)", sdp, re.M)
    pwd = re.search(r"^a=ice-pwd:(\S+)", sdp, re.M)
    print_ = re.search(r"^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)", sdp, re.M)
    if not (ufrag and pwd and print_):
        raise CodeError("together.code_unusable", "the description lacks ICE credentials or a fingerprint")
    candidates: list[tuple[str, int]] = []
    for found in re.finditer(r"^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host", sdp, re.M | re.I):
        address, port = found.group(1), int(found.group(2))
        try:
            if ipaddress.ip_address(address).version == 4 and (address, port) not in candidates:
                candidates.append((address, port))
        except ValueError:
            continue  # an mDNS name (xxxx.local): the other phone could not use it here
    passive = kind is Kind.ANSWER and re.search(r"^a=setup:passive", sdp, re.M) is not None
    return Code(
        kind,
        token,
        ufrag.group(1),
        pwd.group(1),
        bytes.fromhex(print_.group(1).replace(":", "")),
        tuple(candidates),
        passive=passive,
    )


def ipv6_only(sdp: str) -> bool:
    """The description names IPv6 host addresses and no IPv4 one: a network that gives
    the phones IPv6 addresses only (the codes carry IPv4 addresses)."""
    versions = set()
    for found in re.finditer(r"^a=candidate:\S+ 1 udp \d+ (\S+) \d+ typ host", sdp, re.M | re.I):
        try:
            versions.add(ipaddress.ip_address(found.group(1)).version)
        except ValueError:
            continue
    return versions == {6}


def to_sdp(code: Code) -> str:
    """A full description of ``code``'s side, for the other side's ``setRemoteDescription``:
    an offer proposes either DTLS role, an answer takes the server's (passive) or the
    client's."""
    fingerprint = ":".join(f"{b:02X}" for b in code.fingerprint)
    setup = "actpass" if code.kind is Kind.OFFER else "passive" if code.passive else "active"
    return _description(code.token or 1, code.ufrag, code.pwd, fingerprint, code.candidates, setup)


#: What :func:`answer_template` leaves for the page to fill in.
TEMPLATE_MARKS = ("{ufrag}", "{pwd}", "{print}")


def answer_template() -> str:
    """A paired guest's answer, its ICE credentials and certificate left to fill in
    (:data:`TEMPLATE_MARKS`; the fingerprint as the description writes it, with colons):
    the host's page fills it for the connection it keeps waiting for that guest's seat
    (``site/table.js``), so every description either side builds comes from one template."""
    return _description(1, *TEMPLATE_MARKS[:2], TEMPLATE_MARKS[2], (), "active")


def _description(
    token: int, ufrag: str, pwd: str, fingerprint: str, candidates: tuple[tuple[str, int], ...], setup: str
) -> str:
    """The one template of a data channel's session description."""
    lines = [
        "v=0",
        f"o=- {token} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for number, (address, port) in enumerate(candidates, start=1):
        priority = 2122260223 - number  # host candidates, the browser's order kept
        lines.append(f"a=candidate:{number} 1 udp {priority} {address} {port} typ host")
    lines += [
        f"a=ice-ufrag:{ufrag}",
        f"a=ice-pwd:{pwd}",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"
