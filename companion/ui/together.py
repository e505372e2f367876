"""Playing together with no server: this phone as a table's host, or as a guest.

The state of the two screens (Play together, Join a table) and of the connection's line on
the game. The connection is the page's (:class:`Link`: WebRTC, the camera, QR codes, on the
static site ``site/peers.py``); the order of play is :mod:`companion.data.together`'s. What
the page answers comes to :meth:`Together.heard` as ``{"op": ..., ...}``.

A host shows one code at a time: when a guest's channel opens, the next code is made at
once, up to :data:`~companion.data.together.MAX_GUESTS` guests. A guest shows its answer
until the host has scanned it and the game arrives.

A phone that was at the table and left rejoins with one scan: the page pairs host and guest
over their first channel, and when that guest's channel closes the host's page keeps a
connection waiting for it (its seat, ``{"op": "waiting"}``). The host's code names its
waiting seats (:class:`~companion.data.codes.Seat`); a paired guest that scans it connects
to its seat at once, and only if that fails within seconds does it show an answer.
"""

from __future__ import annotations

import functools
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, ClassVar, Protocol

import flet as ft

from ..data import codes
from ..data.codes import CodeError, Kind
from ..data.store import StoreError
from ..data.table_order import Lost
from ..data.together import MAX_GUESTS, Guest, Host
from ..rules import RuleError
from . import page_ops
from .controller import GameController
from .guard import guard_handlers
from .session import Screen

#: The page's words for a failed scan, as catalog keys.
SCAN_FAILED = {"no-camera": "together.no_camera", "refused": "together.camera_refused", "cancelled": ""}
#: Problems that stop playing together with this host (the copy stays as it is).
ENDS = frozenset(
    {
        "together.other_older",
        "together.this_older",
        "together.older_host",
        "together.out_of_step",
        "together.moved_away",
    }
)


class Stage(StrEnum):
    """Where this phone stands in joining a table (the screens Play together and Join a
    table show it); :data:`MOVES` says which stage may follow which."""

    ALONE = ""  # playing alone
    MAKING = "making"  # the page makes this phone's code (a host's offer, a guest's answer)
    SHOWING = "showing"  # the code is on show
    CONNECTING = "connecting"  # a host: a guest's answer taken, its channel opening
    FULL = "full"  # a host with five guests: no code on show
    CODE = "code"  # a guest: the host's code wanted (scanned or pasted)
    REJOINING = "rejoining"  # a guest: back at the seat its host kept, with no answer
    JOINING = "joining"  # a guest: the channel is open, the host's game on its way
    JOINED = "joined"  # a guest that follows the host's game
    AWAY = "away"  # a guest whose host's channel closed: it plays on with its copy


#: The stages that may follow each (staying, and leaving to ALONE, always may). A host goes
#: from making its code to showing it, to connecting a guest, and round again (or full); a
#: guest from the host's code to its answer (or its seat), to joining and following. Join a
#: table (CODE) may be tapped from any screen, and a guest's channel may close (AWAY) at any
#: point of a join.
MOVES: dict[Stage, frozenset[Stage]] = {
    Stage.ALONE: frozenset({Stage.MAKING, Stage.CODE}),
    Stage.MAKING: frozenset({Stage.SHOWING, Stage.REJOINING, Stage.CODE, Stage.FULL, Stage.AWAY}),
    Stage.SHOWING: frozenset({Stage.CONNECTING, Stage.MAKING, Stage.JOINING, Stage.FULL, Stage.CODE, Stage.AWAY}),
    Stage.CONNECTING: frozenset({Stage.MAKING, Stage.FULL, Stage.CODE}),
    Stage.FULL: frozenset({Stage.MAKING, Stage.CODE}),
    Stage.CODE: frozenset({Stage.MAKING, Stage.AWAY}),
    # A seat that does not open within seconds: the guest shows its answer after all.
    Stage.REJOINING: frozenset({Stage.JOINING, Stage.SHOWING, Stage.CODE, Stage.AWAY}),
    Stage.JOINING: frozenset({Stage.JOINED, Stage.AWAY, Stage.CODE}),
    Stage.JOINED: frozenset({Stage.AWAY, Stage.CODE}),
    Stage.AWAY: frozenset({Stage.CODE}),
}


class StageError(RuntimeError):
    """A move between stages that :data:`MOVES` does not allow: a mistake in this module."""


class Link(Protocol):
    """What the page does for playing together (``site/peers.py`` on the static site)."""

    def post(self, ask: dict[str, Any]) -> None: ...


@ft.observable
@guard_handlers
@dataclass
class Together:
    play: GameController
    link: Link | None = None  # None: this app cannot connect phones (the served app has its room mode)
    role: str = ""  # "host", "guest", or "" (playing alone)
    # host: "making", "showing", "connecting", "full"; guest: "code", "making", "showing", "joining", "joined"
    stage: Stage = Stage.ALONE
    code: str = ""  # the code on show (the host's offer, or this guest's answer)
    svg: str = ""  # its QR code, drawn by the page
    problem: str = ""  # a catalog key: what went wrong with the last code or connection
    line: str = ""  # a catalog key: the connection's news on the game ("" none)
    guests: int = 0  # the host's guests whose channel is open
    host: Host | None = field(default=None, repr=False)
    guest: Guest | None = field(default=None, repr=False)
    slot: str = ""  # the slot of the code on show
    token: int = 0  # its token (an answer must carry it)
    made: int = 0  # slots made so far (each code its own)
    open_slots: set[str] = field(default_factory=set, repr=False)
    typed: str = ""  # the other phone's code, as pasted in the field
    offered_addresses: bool = False  # the host's code names an address to try
    camera: str = ""  # the host's camera when its code was made: "granted", "refused" or "none"
    fault: str = ""  # a catalog key: what stops the table (another version, an older host), shown in table-status
    away: set[str] = field(default_factory=set, repr=False)  # slots whose phone stopped answering
    # The host's seats kept for phones that left (slot -> seat), named in its code.
    waiting: dict[str, codes.Held] = field(default_factory=dict, repr=False)
    offer: codes.Code | None = field(default=None, repr=False)  # the host's offer on show, before its seats

    def say(self, key: str, error: bool = True, **params: Any) -> None:
        self.play.say(key, error, **params)

    def _to(self, stage: Stage) -> None:
        """Move to ``stage``, as :data:`MOVES` allows (leaving, to :attr:`Stage.ALONE`, always is)."""
        if stage is not self.stage and stage is not Stage.ALONE and stage not in MOVES[self.stage]:
            raise StageError(f"{self.stage.name} -> {stage.name}")
        self.stage = stage

    @property
    def available(self) -> bool:
        return self.link is not None

    def _post(self, op: str, **fields: Any) -> None:
        """An ask of the page, as :mod:`.page_ops` says it is made."""
        if self.link is not None:
            self.link.post(page_ops.ask(op, **fields))

    # -- the host ----------------------------------------------------------------------
    def follows_a_table(self) -> bool:
        """This phone plays another phone's game (joined, or its channel opening): it does
        not host. A guest that only showed an answer, or whose host is gone, may host its own."""
        return self.role == "guest" and self.stage in (Stage.JOINING, Stage.REJOINING, Stage.JOINED)

    def share(self) -> None:
        """Play together: this phone becomes the host of the game on screen and shows a code."""
        play = self.play
        if self.link is None or play.game_id is None:
            return
        if self.role == "guest":
            self.leave()  # a guest whose host left becomes the host of its own copy
        elif self.host is not None and self.host.game_id != play.game_id:
            # One table per host: the first table's phones are let go before another game is
            # shared (they play on with their copies), so none of their steps reaches it.
            self.leave()
        if self.host is None or self.host.game_id != play.game_id:
            try:
                self.host = Host(play.session.store, play.game_id, self._send_to)
            except (sqlite3.Error, StoreError, KeyError):
                play.say("error.store.write")
                return
            self.host.on_change = self._host_changed
            self.host.on_problem = self._fault
            self.host.on_moved = self._moved
            self.host.on_clash = self._clash
            if self.host.lost is not None:  # steps that waited for the last host's verdict
                self._say_lost(self.host.lost)
        self.role, self.problem = "host", ""
        play.go(Screen.SHARE)
        if self.stage not in (Stage.MAKING, Stage.SHOWING, Stage.CONNECTING, Stage.FULL):
            self._next_code()  # else the code on show (or on its way) is still the next phone's

    def _next_code(self) -> None:
        if self.guests >= MAX_GUESTS:
            self._to(Stage.FULL)
            self.code, self.svg = "", ""
            return
        self.made += 1
        self.slot, self.token = f"g{self.made}", secrets.randbelow(0xFFFF) + 1
        self._to(Stage.MAKING)
        self.code, self.svg, self.offer = "", "", None
        self._post(op="offer", slot=self.slot, camera=True, answer=codes.answer_template())

    def _read(self, text: str, kind: Kind, misplaced: str) -> codes.Code | None:
        """The code in ``text`` if it is of ``kind``; else None, with the problem said."""
        try:
            code = codes.decode(text)
        except CodeError as exc:
            self.problem = exc.key
            return None
        if code.kind is not kind:
            self.problem = misplaced  # the other phone's kind of code: which field it belongs in
            return None
        return code

    def renew(self) -> None:
        """A new code for the next phone (the camera may have been allowed since)."""
        if self.role == "host" and self.stage is not Stage.FULL:
            if self.slot:
                self._post(op="close", slot=self.slot)
            self.problem = ""
            self._next_code()

    def answer_in(self, text: str) -> None:
        """The guest's answer, pasted or scanned: the channel opens once both have it. A
        second answer while one phone is joining is set aside (its phone scans the next code)."""
        if self.role != "host" or self.stage not in (Stage.SHOWING, Stage.CONNECTING):
            return
        if self.stage is Stage.CONNECTING:
            self.problem, self.typed = "together.busy", ""
            return
        code = self._read(text, Kind.ANSWER, "together.code_not_answer")
        if code is None:
            return
        if code.token != self.token:
            self.problem = "together.code_old"
            return
        if not code.candidates and not self.offered_addresses:
            self.problem = "together.unreachable"  # neither phone may tell its address: nothing to try
            return
        self._to(Stage.CONNECTING)
        self.problem, self.typed = "", ""
        self._post(op="accept", slot=self.slot, sdp=codes.to_sdp(code))

    def _send_to(self, peer: str, text: str) -> None:
        self._post(op="send", slot=peer, text=text)

    def _host_changed(self) -> None:
        if self.fault not in ENDS:
            self.fault = ""  # a guest's step came through: a message refused before is past
        if self.host is not None:
            self.play.refresh(self.host.game_id)

    def committed(self, game_id: int) -> None:
        """This phone saved a step: the host shares it; a guest sends it to its host. The
        shared game deleted here ends playing together (the others keep their copies)."""
        try:
            if self.role == "host" and self.host is not None and self.host.game_id == game_id:
                self.host.publish()
            elif self.role == "guest" and self.guest is not None and self.guest.game_id == game_id:
                self.guest.committed()
        except KeyError:
            self.leave()

    def set_typed(self, text: str) -> None:
        self.typed, self.problem = text, ""

    def submit_answer(self) -> None:
        self.answer_in(self.typed)

    def submit_code(self) -> None:
        self.offer_in(self.typed)

    def copy(self) -> None:
        """The code on show to the clipboard (to send it in a message)."""
        if self.code:
            self._post(op="copy", text=self.code)

    def back_to_game(self) -> None:
        """The host goes back to the game; its code stays ready for the next phone."""
        self.play.go(Screen.PLAY if self.play.game is not None else Screen.START)

    # -- a guest -----------------------------------------------------------------------
    def open_join(self) -> None:
        """Join a table (the start screen): scan the host's code, or paste it."""
        if self.link is None:
            return
        if self.role == "guest" and self.stage is Stage.JOINED and "host" not in self.away:
            return self.play.go(Screen.PLAY)
        # (a guest whose host stopped answering scans again at once: its steps not yet
        # shared are kept with the table, and go with the join)
        if self.slot:
            self._post(op="close", slot=self.slot)
        self.open_slots.discard(self.slot)
        self.role = "guest"
        self._to(Stage.CODE)
        self.code, self.svg, self.problem = "", "", ""
        self.fault, self.away = "", set()
        self.play.go(Screen.JOIN_TABLE)

    def scan(self) -> None:
        """The camera, over the app (the page's): the code it reads comes back as typed."""
        self.problem = ""
        self._post(op="scan")

    def offer_in(self, text: str) -> None:
        """The host's code, pasted or scanned: this phone's answer is made and shown."""
        if self.role != "guest" or self.stage not in (Stage.CODE, Stage.SHOWING):
            return
        code = self._read(text, Kind.OFFER, "together.code_not_offer")
        if code is None:
            return
        self.slot, self.token = "host", code.token
        self._to(Stage.MAKING)
        self.problem, self.code, self.svg, self.typed = "", "", "", ""
        self.offered_addresses = bool(code.candidates)
        # The page tries this phone's seat first, if the host keeps one for it.
        seats = [[seat.number, seat.nonce, list(seat.ports)] for seat in code.seats]
        self._post(op="join", slot="host", sdp=codes.to_sdp(code), seats=seats)

    def leave(self) -> None:
        """Stop playing together on this phone (its copy of the game stays)."""
        for slot in [*self.open_slots, *self.waiting, self.slot]:
            if slot:
                self._post(op="close", slot=slot)
        self._to(Stage.ALONE)
        self.role, self.code, self.svg, self.problem, self.line = "", "", "", "", ""
        self.host, self.guest, self.guests, self.slot, self.fault = None, None, 0, "", ""
        self.open_slots, self.away, self.waiting, self.offer = set(), set(), {}, None

    # -- what the page says --------------------------------------------------------------
    def heard(self, news: dict[str, Any]) -> None:
        """One answer of the page (``{"op": ..., ...}``), handed to its handler."""
        handler = self._HANDLERS.get(str(news.get("op")))
        if handler is not None:
            handler(self, str(news.get("slot", "")), news)

    def _on_description(self, slot: str, news: dict[str, Any]) -> None:
        if slot == self.slot and isinstance(news.get("sdp"), str):
            self._made(str(news["op"]), news["sdp"], str(news.get("camera", "")))

    def _on_drawn(self, _slot: str, news: dict[str, Any]) -> None:
        if news.get("text") == self.code:
            self.svg = str(news.get("svg") or "")

    def _on_scanned(self, _slot: str, news: dict[str, Any]) -> None:
        if isinstance(news.get("text"), str):
            (self.answer_in if self.role == "host" else self.offer_in)(news["text"])

    def _on_copied(self, _slot: str, news: dict[str, Any]) -> None:
        self.play.say("together.copied" if news.get("ok") else "together.not_copied", error=not news.get("ok"))

    def _on_scan_failed(self, _slot: str, news: dict[str, Any]) -> None:
        self.problem = SCAN_FAILED.get(str(news.get("why")), "together.no_camera")

    def _on_message(self, slot: str, news: dict[str, Any]) -> None:
        if isinstance(news.get("text"), str):
            self._message(slot, news["text"])

    def _on_closed(self, slot: str, news: dict[str, Any]) -> None:
        self._closed(slot, news.get("op") == "failed", str(news.get("why", "")))

    def _on_presence(self, slot: str, news: dict[str, Any]) -> None:
        if slot in self.open_slots:
            # A new set, not the old one changed: the screen redraws on an assignment.
            self.away = self.away | {slot} if news.get("op") == "away" else self.away - {slot}

    def _on_visible(self, _slot: str, _news: dict[str, Any]) -> None:
        if self.role == "host" and self.stage is Stage.SHOWING:
            self.renew()  # back in view (or on another network): a code with today's addresses

    def _on_waiting(self, slot: str, news: dict[str, Any]) -> None:
        if self.role == "host":
            self._waiting(slot, news)

    def _on_rejoining(self, _slot: str, _news: dict[str, Any]) -> None:
        if self.role == "guest" and self.stage is Stage.MAKING:
            self._to(Stage.REJOINING)

    _HANDLERS: ClassVar[dict[str, Callable[[Together, str, dict[str, Any]], None]]] = {
        "offer": _on_description,
        "answer": _on_description,
        "drawn": _on_drawn,
        "scanned": _on_scanned,
        "copied": _on_copied,
        "scan-failed": _on_scan_failed,
        "open": lambda self, slot, news: self._opened(slot, str(news.get("print") or "")),
        "message": _on_message,
        "closed": _on_closed,
        "failed": _on_closed,
        "away": _on_presence,
        "back": _on_presence,
        "visible": _on_visible,
        "waiting": _on_waiting,
        "rejoining": _on_rejoining,
    }

    def _made(self, op: str, sdp: str, camera: str) -> None:
        kind = Kind.OFFER if op == "offer" else Kind.ANSWER
        try:
            code = codes.from_sdp(sdp, kind, self.token)
            text = codes.encode(code)
        except CodeError as exc:
            self.problem = exc.key
            return
        six = not code.candidates and codes.ipv6_only(sdp)
        if kind is Kind.OFFER:
            self.offered_addresses, self.camera = bool(code.candidates), camera
            if six:
                self.problem = "together.ipv6_only"
        elif not code.candidates and not self.offered_addresses:
            # Neither phone may tell its address (no camera allowed on either): nothing to try.
            self.problem = "together.ipv6_only" if six else "together.unreachable"
            self._to(Stage.CODE)
            self._post(op="close", slot=self.slot)
            return
        if kind is Kind.OFFER:
            self.offer = code
            return self._show()
        self.code = text
        self._to(Stage.SHOWING)
        self._post(op="draw", text=text)

    def _show(self) -> None:
        """The host's code on show: its offer, with the seats waiting now."""
        if self.offer is None:
            return
        # A seat is of use only to a code that names where the host is: a guest that rejoins
        # with one scan must reach the host first (a browser that hides its own address, as
        # Firefox does, shows codes with none; its guests rejoin with two scans).
        seats = (
            tuple(held.seat(self.offer.candidates) for held in self.waiting.values()) if self.offer.candidates else ()
        )
        try:
            text = codes.encode(replace(self.offer, seats=seats))
        except CodeError as exc:
            self.problem = exc.key
            return
        if text != self.code:
            self.code, self.svg = text, ""
            self._post(op="draw", text=text)
        if self.stage is not Stage.CONNECTING:
            self._to(Stage.SHOWING)

    def _waiting(self, slot: str, news: dict[str, Any]) -> None:
        """The page keeps a connection for a phone that left (its seat): the code names it."""
        try:
            ports = tuple((str(address), int(port)) for address, port in news["ports"])
            seat = codes.Held(int(news["seat"]), int(news["nonce"]), ports)
        except (KeyError, TypeError, ValueError):
            return
        if not ports:
            return  # a connection with no address of its own: no one-scan seat
        self.waiting = {**self.waiting, slot: seat}
        if self.offer is not None:
            self._show()

    def _opened(self, slot: str, print_: str = "") -> None:
        if self.role == "host" and self.host is not None and print_:
            self._let_go_of_seats_of(print_, slot)
        if self.role == "host" and self.host is not None and slot in self.waiting:
            # A phone that was at the table, back at its seat with one scan (unless the
            # table filled up meanwhile: then the seat is given up, as a new phone would be).
            self.waiting = {k: v for k, v in self.waiting.items() if k != slot}
            if self.guests >= MAX_GUESTS:
                self._post(op="close", slot=slot)
                return
            self.open_slots.add(slot)
            self.guests += 1
            self.host.joined(slot, print_)
            self.line = "together.joined"
            if self.guests >= MAX_GUESTS:
                if self.slot:
                    self._post(op="close", slot=self.slot)
                self._to(Stage.FULL)
                self.code, self.svg, self.offer = "", "", None
            else:
                self._show()
        elif self.role == "host" and self.host is not None and slot == self.slot:
            self.open_slots.add(slot)
            self.guests += 1
            self.host.joined(slot, print_)
            self.line = "together.joined"
            self._next_code()
        elif self.role == "guest" and slot == "host":
            self.open_slots.add(slot)
            self.guest = Guest(self.play.session.store, lambda text: self._post(op="send", slot="host", text=text))
            self.guest.print = print_
            self.guest.on_change = self._guest_changed
            self.guest.on_problem = self._fault
            self.guest.on_clash = self._clash
            self._to(Stage.JOINING)  # the host sends the whole game as the channel opens

    def _let_go_of_seats_of(self, print_: str, slot: str) -> None:
        """A phone is back on ``slot`` (its certificate ``print_``): a seat still kept for it
        under another slot (its old channel closed only on this side, or it joined with two
        scans) is given up, so no seat waits for a phone that is already here."""
        assert self.host is not None
        stale = [k for k in self.waiting if k != slot and self.host.prints.get(k) == print_]
        if not stale:
            return
        for old in stale:
            self._post(op="close", slot=old)
        self.waiting = {k: v for k, v in self.waiting.items() if k not in stale}
        self._show()

    def _message(self, slot: str, text: str) -> None:
        try:
            if self.role == "host" and self.host is not None and slot in self.open_slots:
                self.host.heard(slot, text)
            elif self.role == "guest" and self.guest is not None:
                self.guest.heard(text)
        except (sqlite3.Error, StoreError, RuleError, KeyError, ValueError):
            self.play.say("error.store.write")

    def _guest_changed(self, game_id: int, lost: Lost | None, rewritten: bool) -> None:
        play = self.play
        first = self.stage is not Stage.JOINED
        self._to(Stage.JOINED)
        self.line = "together.following"
        if self.fault not in ENDS:
            self.fault = ""  # the host's game came through: a message refused before is past
        if first or play.game_id != game_id:
            play.open_game(game_id)
        else:
            play.refresh(game_id, rewritten=rewritten)
        if lost is not None:
            self._say_lost(lost)

    def _say_lost(self, lost: Lost) -> None:
        name = self._name(lost.player)
        if name is not None:  # another phone recorded that player's move first
            self.play.say("together.changed_meanwhile", name=name, count=lost.count)
            return
        key = "together.not_kept_rules" if lost.why.startswith("error.") else "together.not_kept"
        self.play.say(key, count=lost.count)

    def _name(self, player: int | None) -> str | None:
        game = self.play.game
        if player is None or game is None or not 0 <= player < len(game.state.players):
            return None
        return game.state.players[player]

    def _clash(self, player: int) -> None:
        """Another phone recorded the move of a player this phone recorded at the same time:
        this phone's entry stands, and both are asked to check it."""
        name = self._name(player)
        if name is not None:
            self.play.say("together.contested", error=False, name=name)

    def _moved(self, _moved: object) -> None:
        """A guest says the table has a newer host: this phone lets its phones go, stops
        showing its code, and says where the table went (its copy and its steps stay)."""
        self.leave()
        self.fault = "together.moved_away"

    def _fault(self, key: str) -> None:
        """A message could not be taken: the table's state says why; what cannot mend
        itself (two versions, an older host) ends playing together here."""
        self.fault = key
        if key in ENDS and self.role == "guest":
            for slot in list(self.open_slots):
                self._post(op="close", slot=slot)
            self.open_slots.clear()
            if self.guest is not None:
                self.guest.connected = False
            self._to(Stage.AWAY if self.guest is not None and self.guest.game_id is not None else Stage.CODE)

    @property
    def seats(self) -> int:
        """The waiting seats the code on show names (its phones rejoin with one scan)."""
        if self.role != "host" or self.stage not in (Stage.SHOWING, Stage.CONNECTING) or not self.code:
            return 0
        return _seats_named(self.code)

    @property
    def unshared(self) -> int:
        """This phone's steps its host has not decided yet."""
        return self.guest.unshared if self.role == "guest" and self.guest is not None else 0

    def status(self) -> tuple[str, int]:
        """The table's state in one line (a catalog key and its count): what stops it, a
        phone that stopped answering, this phone's own steps not yet shared, or the news."""
        if self.fault in ENDS:
            return self.fault, 0
        if self.role == "guest" and self.stage is Stage.AWAY:
            return ("together.away_unshared", self.unshared) if self.unshared else ("together.away", 0)
        if self.role == "guest" and self.away:
            return "together.host_away", self.unshared
        if self.role == "host" and self.away:
            return "together.guest_away", len(self.away)
        if self.fault:  # a message refused: said until the next one comes through, never over a phone away
            return self.fault, 0
        if self.line == "together.joined":
            return self.line, self.guests + 1
        return self.line, 0

    def _closed(self, slot: str, failed: bool, why: str = "") -> None:
        was_open = slot in self.open_slots
        self.open_slots.discard(slot)
        self.away = self.away - {slot}
        if self.role == "host":
            self._host_closed(slot, was_open, failed)
        elif self.role == "guest" and slot == "host":
            self._guest_closed(was_open, failed, why)

    def _host_closed(self, slot: str, was_open: bool, failed: bool) -> None:
        if slot in self.waiting:  # the page gave up the seat it kept
            self.waiting = {k: v for k, v in self.waiting.items() if k != slot}
            self._show()
        elif was_open:
            self.guests -= 1
            if self.host is not None:
                self.host.left(slot)
            self.line = "together.guest_left"
            if self.stage is Stage.FULL:
                self._next_code()  # a place is free again: a code for the next phone
        elif slot == self.slot and failed:
            self.problem = "together.unreachable"
            self._next_code()  # that code is spent: a fresh one to try again

    def _guest_closed(self, was_open: bool, failed: bool, why: str) -> None:
        if was_open:
            # This phone plays on with its copy: its steps are kept, marked as not yet
            # shared, and go to the host when it joins again (or it hosts the copy).
            if self.guest is not None:
                self.guest.connected = False
            self._to(Stage.AWAY)
        elif self.stage is not Stage.AWAY:
            if not failed:
                self.problem = "together.host_left"
            else:  # the host answered this phone's checks but never took its answer
                self.problem = "together.not_taken" if why == "not-taken" else "together.unreachable_guest"
            self._to(Stage.CODE)


@functools.lru_cache(maxsize=8)
def _seats_named(code: str) -> int:
    """How many waiting seats a host's code names: decoded once per code, not on every draw."""
    try:
        return len(codes.decode(code).seats)
    except CodeError:
        return 0
