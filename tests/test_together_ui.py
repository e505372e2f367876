"""Playing together as the screens see it, without a browser: the host's and the guests'
models (each phone with its own SQLite file) and a stand-in for the page (``table.js``) that
answers as a browser does: a description with an address, a channel that opens once both
have the other's, messages carried in order. The faults a table meets, each decided by a
text the phone shows or by its saved game."""

from __future__ import annotations

import hashlib
import os
import random
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from companion.data import codes
from companion.data.store import Store
from companion.data.table_order import TableInfo, phone_id
from companion.rules import Migrate, Payment, Roll
from companion.ui.model import AppModel, Screen
from companion.ui.together import MOVES, Stage, StageError, Together

from .test_table_order import ACTIONS, KINDS
from .test_together import CHROME_OFFER
from .test_ui_state import new_game


def _sdp(address: str, setup: str, with_address: bool = True) -> str:
    sdp = CHROME_OFFER.replace("10.77.0.1", address).replace("a=setup:actpass", f"a=setup:{setup}")
    return sdp if with_address else "\r\n".join(line for line in sdp.split("\r\n") if "candidate" not in line)


def _print(name: str) -> str:
    """The certificate fingerprint phone ``name``'s page keeps (each phone its own), as the
    page reports it: SHA-256, 32 bytes in hex, in capitals with no colons."""
    return hashlib.sha256(name.encode()).hexdigest().upper()


class Room:
    """Phones and the page's part for each: asks are answered on :meth:`run`, in order."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.phones: dict[str, AppModel] = {}
        self.queue: deque[tuple[str, dict[str, Any]]] = deque()
        self.links: dict[tuple[str, str], tuple[str, str]] = {}  # (phone, slot) -> (phone, slot)
        self.pending: dict[tuple[str, str], str] = {}  # a guest's slot waiting for the host's accept
        self.camera: dict[str, bool] = {}
        self.scans: dict[str, dict[str, Any]] = {}  # what a phone's camera reads next
        # The pages' pairing: a host's slot -> its guest and seat; a seat waits once it drops.
        self.seats: dict[tuple[str, str], tuple[str, int]] = {}
        self.answers = 0  # answers the hosts accepted (each a scan back)
        self.target: dict[str, str] = {}  # the host each guest's join is meant for

    def phone(self, name: str, camera: bool = True) -> AppModel:
        model = AppModel.create(Store(self.tmp_path / f"{name}.sqlite3"), animation=False)
        room = self

        class Page:
            def post(self, ask: dict[str, Any]) -> None:
                room.asked(name, ask)

        model.together.link = Page()
        model.play.on_commit = model.together.committed
        self.phones[name] = model
        self.camera[name] = camera
        return model

    def asked(self, name: str, ask: dict[str, Any]) -> None:
        op, slot = ask["op"], ask.get("slot", "")
        address = f"10.77.0.{len(self.phones) + list(self.phones).index(name)}"
        if op == "offer":
            sdp = _sdp(address, "actpass", self.camera[name])
            camera = "granted" if self.camera[name] else "refused"
            self.queue.append((name, {"op": "offer", "slot": slot, "sdp": sdp, "camera": camera}))
        elif op == "join":
            host = self.target.get(name) or next(n for n, m in self.phones.items() if m.together.role == "host")
            numbers = {seat[0] for seat in ask.get("seats", [])}
            held = [k for k, (g, n) in self.seats.items() if k[0] == host and g == name and n in numbers]
            if held and held[0][1] not in self.phones[host].together.open_slots:
                at = held[0][1]  # this phone's seat, kept waiting: it opens with no answer
                self.links[(host, at)], self.links[(name, "host")] = (name, "host"), (host, at)
                self.queue += [
                    (name, {"op": "rejoining", "slot": slot}),
                    (host, {"op": "open", "slot": at, "print": _print(name)}),
                ]
                self.queue.append((name, {"op": "open", "slot": "host", "print": _print(host)}))
                return
            self.pending[(host, self.phones[host].together.slot)] = name
            self.queue.append((name, {"op": "answer", "slot": slot, "sdp": _sdp(address, "active", self.camera[name])}))
        elif op == "accept":
            guest = self.pending.pop((name, slot))
            self.answers += 1
            self.seats[(name, slot)] = (guest, len(self.seats) + 1)
            self.links[(name, slot)], self.links[(guest, "host")] = (guest, "host"), (name, slot)
            self.queue += [(name, {"op": "open", "slot": slot, "print": _print(guest)})]
            self.queue.append((guest, {"op": "open", "slot": "host", "print": _print(name)}))
        elif op == "send" and (name, slot) in self.links:
            other, at = self.links[(name, slot)]
            self.queue.append((other, {"op": "message", "slot": at, "text": ask["text"]}))
        elif op == "close" and (name, slot) in self.links:
            self.drop(name, slot, tell_self=False)
        elif op == "draw":
            self.queue.append((name, {"op": "drawn", "text": ask["text"], "svg": "<svg/>"}))
        elif op == "copy":
            self.queue.append((name, {"op": "copied", "ok": name != "no-clipboard"}))
        elif op == "scan":
            self.queue.append((name, self.scans.get(name, {"op": "scan-failed", "why": "no-camera"})))

    def drop(self, name: str, slot: str, tell_self: bool = True) -> None:
        """A channel closes (a screen locked, a page left): both ends hear it."""
        other, at = self.links.pop((name, slot))
        self.links.pop((other, at), None)
        self.queue.append((other, {"op": "closed", "slot": at}))
        if tell_self:
            self.queue.append((name, {"op": "closed", "slot": slot}))
        for end in ((name, slot), (other, at)):
            if end in self.seats and (tell_self or end != (name, slot)):
                number = self.seats[end][1]
                self.queue.append(
                    (
                        end[0],
                        {
                            "op": "waiting",
                            "slot": end[1],
                            "seat": number,
                            "nonce": 7,
                            "ports": [["10.77.0.9", 5000 + number]],
                        },
                    )
                )

    def run(self) -> None:
        while self.queue:
            name, news = self.queue.popleft()
            self.phones[name].together.heard(news)

    def join(self, host: str, guest: str) -> None:
        """Play together on ``host``, Join a table on ``guest``, the codes pasted both ways."""
        h, g = self.phones[host], self.phones[guest]
        self.target[guest] = host
        if h.session.screen is not Screen.SHARE:
            h.together.share()
        self.run()
        g.together.open_join()
        g.together.set_typed(h.together.code)
        g.together.submit_code()
        self.run()
        h.together.set_typed(g.together.code)
        h.together.submit_answer()
        self.run()


def _a_host_and_two_guests(tmp_path: Path, names: list[str]) -> tuple[Room, tuple[AppModel, AppModel, AppModel]]:
    """A room whose host plays a new game of ``names``, and two guests that joined it."""
    room = Room(tmp_path)
    phones = room.phone("host"), room.phone("first"), room.phone("second")
    new_game(phones[0], names)
    room.join("host", "first")
    room.join("host", "second")
    return room, phones


def test_a_guest_joins_and_both_phones_play_one_game(tmp_path: Path) -> None:
    """The guest opens the host's game; a move recorded on either phone is on both."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest", camera=False)
    new_game(host, ["Ann", "Bo", "Cy"])
    room.join("host", "guest")
    assert guest.session.screen is Screen.PLAY and guest.play.game is not None
    assert host.together.guests == 1
    assert host.session.tr("together.guests", count=1) == "1 other phone is connected to this game."
    guest.play.dispatch(Migrate(0, 2, Payment(food=2)))
    room.run()
    host.play.dispatch(Migrate(1, 1, Payment(food=1)))
    room.run()
    assert host.play.game is not None and guest.play.game is not None
    assert host.play.game.log == guest.play.game.log and len(host.play.game.log) == 3
    assert host.session.synced and guest.session.synced  # each says the other phone changed it


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        ("", "Paste a code first."),
        ("https://example.org/table", "This is not a code of this app."),
        ("EQAFBGm3HRhppppppppppppppppppppppp", "incomplete or mistyped"),
    ],
)
def test_a_wrong_or_damaged_code_says_why_and_connects_nothing(tmp_path: Path, typed: str, line: str) -> None:
    room = Room(tmp_path)
    guest = room.phone("guest")
    guest.together.open_join()
    guest.together.set_typed(typed)
    guest.together.submit_code()
    room.run()
    assert line in guest.session.tr(guest.together.problem)
    assert guest.together.stage == "code" and not room.links


def test_codes_in_the_wrong_place_and_an_old_answer_are_refused(tmp_path: Path) -> None:
    """The host's own code pasted as an answer; a guest's answer to an older code; a guest
    pasting another guest's answer: each is named, and nothing connects."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo"])
    host.together.share()
    room.run()
    old_code = host.together.code
    guest.together.open_join()
    guest.together.set_typed(old_code)
    guest.together.submit_code()
    room.run()
    answer = guest.together.code
    host.together.set_typed(old_code)
    host.together.submit_answer()
    assert "not an answer" in host.session.tr(host.together.problem)
    host.together.renew()  # a new code: the guest's answer belongs to the old one
    room.run()
    host.together.set_typed(answer)
    host.together.submit_answer()
    assert "older code" in host.session.tr(host.together.problem)
    other = room.phone("other")
    other.together.open_join()
    other.together.set_typed(answer)
    other.together.submit_code()
    assert "answer code" in other.session.tr(other.together.problem)
    assert not room.links


def test_no_camera_or_a_refused_one_leaves_the_pasted_code(tmp_path: Path) -> None:
    room = Room(tmp_path)
    guest = room.phone("guest")
    guest.together.open_join()
    for why, line in (("no-camera", "No camera could be used"), ("refused", "The camera was not allowed")):
        room.scans["guest"] = {"op": "scan-failed", "why": why}
        guest.together.scan()
        room.run()
        assert line in guest.session.tr(guest.together.problem)
        assert guest.together.stage == "code"  # the field to paste into is there
    room.scans["guest"] = {"op": "scan-failed", "why": "cancelled"}
    guest.together.scan()
    room.run()
    assert guest.together.problem == ""  # Cancel is no problem


def test_with_no_camera_on_either_phone_the_join_fails_with_a_line(tmp_path: Path) -> None:
    room = Room(tmp_path)
    host, guest = room.phone("host", camera=False), room.phone("guest", camera=False)
    new_game(host, ["Ann", "Bo"])
    host.together.share()
    room.run()
    assert host.together.camera == "refused"  # the host's screen says its code names no address
    guest.together.open_join()
    guest.together.set_typed(host.together.code)
    guest.together.submit_code()
    room.run()
    assert "could not reach each other" in guest.session.tr(guest.together.problem)
    assert guest.together.stage == "code" and not room.links


def test_a_guest_that_drops_out_keeps_its_taps_and_shares_them_when_it_rejoins(tmp_path: Path) -> None:
    """The guest's channel drops: the table's state says so at once on both phones; the
    guest's tap meanwhile is kept and marked as not yet shared; the table plays on; a new
    code from the host brings it back to the same game with its tap in it."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo", "Cy"])
    room.join("host", "guest")
    game_id = guest.play.game_id
    room.drop("guest", "host")
    room.run()
    assert guest.together.status() == ("together.away", 0) and guest.together.role == "guest"
    assert "A phone left the table" in host.session.tr(host.together.line)
    guest.play.dispatch(Migrate(0, 2, Payment(food=2)))
    assert guest.together.status() == ("together.away_unshared", 1)
    assert "1 step made here has not reached the host yet" in guest.session.tr("together.away_unshared", count=1)
    host.play.dispatch(Migrate(2, 1, Payment(food=1)))
    room.run()
    room.join("host", "guest")
    assert guest.play.game_id == game_id and len(guest.session.store.unfinished_games()) == 1
    assert guest.play.game is not None and host.play.game is not None
    assert guest.play.game.log == host.play.game.log and len(host.play.game.log) == 3
    assert guest.together.status() == ("together.following", 0) and guest.session.message is None


def test_a_phone_that_was_at_the_table_rejoins_with_one_scan(tmp_path: Path) -> None:
    """The guest's channel drops: the host's page keeps its seat, and the host's code names
    it (with a line on the host's screen). The guest plays a step meanwhile, scans that code
    once, takes its seat with no answer scanned back, and its step is in the host's game. A
    new phone scanning the same code joins as ever, with its answer."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    room.phone("third")
    new_game(host, ["Ann", "Bo", "Cy"])
    room.join("host", "guest")
    assert room.answers == 1
    room.drop("guest", "host")
    room.run()
    assert host.together.guests == 0 and len(host.together.waiting) == 1
    seats = codes.decode(host.together.code).seats
    assert [seat.number for seat in seats] == [1]
    assert "1 phone that left can rejoin" in host.session.tr("together.seats_waiting", count=1)
    guest.play.dispatch(Migrate(0, 2, Payment(food=2)))
    guest.together.open_join()
    guest.together.set_typed(host.together.code)
    guest.together.submit_code()
    room.run()
    assert room.answers == 1 and guest.together.stage == "joined"
    assert host.together.guests == 1 and host.together.waiting == {}
    assert codes.decode(host.together.code).seats == ()
    assert guest.play.game is not None and host.play.game is not None
    assert guest.play.game.log == host.play.game.log
    assert host.play.game.log[-1].action == Migrate(0, 2, Payment(food=2))
    assert guest.together.status() == ("together.following", 0)
    room.join("host", "third")
    assert room.answers == 2 and host.together.guests == 2


def test_the_host_leaves_and_a_guest_becomes_the_host(tmp_path: Path) -> None:
    """Each guest says the connection is gone and keeps its copy; one of them plays a step
    and shows a new code, and the other joins it: the same table, the same game, one copy
    each, the step in it."""
    room = Room(tmp_path)
    host, first, second = room.phone("host"), room.phone("first"), room.phone("second")
    new_game(host, ["Ann", "Bo"])
    room.join("host", "first")
    room.join("host", "second")
    assert host.together.guests == 2
    for slot in [s for (n, s) in room.links if n == "host"]:
        room.drop("host", slot)
    room.run()
    for guest in (first, second):
        assert guest.together.status()[0] == "together.away"
        assert guest.play.game is not None and guest.together.stage == "away"
    first.play.dispatch(Migrate(0, 1, Payment(food=1)))
    room.phones.pop("host")
    room.join("first", "second")
    assert second.play.game is not None and first.play.game is not None
    assert second.play.game.log == first.play.game.log
    assert first.play.game.log[-1].action == Migrate(0, 1, Payment(food=1))
    assert len(second.session.store.unfinished_games()) == 1


def test_two_phones_that_move_at_once_both_count(tmp_path: Path) -> None:
    """Both guests record a move before either hears of the other's: the host keeps both
    (a move draws nothing, so the rules decide it again on the newer game); nobody is told
    of a lost step."""
    room, (host, first, second) = _a_host_and_two_guests(tmp_path, ["Ann", "Bo", "Cy"])
    first.play.dispatch(Migrate(0, 1, Payment(food=1)))
    second.play.dispatch(Migrate(1, 2, Payment(food=2)))
    room.run()
    logs = [m.play.game.log for m in (host, first, second) if m.play.game is not None]
    assert len(logs) == 3 and logs[0] == logs[1] == logs[2]
    current = host.play.game.state.current if host.play.game is not None else None
    assert current is not None and sorted(m.player for m in current.migrations) == [0, 1]
    assert second.session.message is None and first.session.message is None


def test_two_phones_that_record_one_player_s_move_at_once_both_name_that_player(tmp_path: Path) -> None:
    """Both guests record Bo's move before either hears of the other's: the first the host
    has stands on every phone; the other phone says, in its language, that another phone
    changed Bo's entry and its own was not kept; the phone whose entry stands says so too."""
    room, (host, first, second) = _a_host_and_two_guests(tmp_path, ["Ann", "Bo", "Cy"])
    second.session.set_language("ko")
    first.play.dispatch(Migrate(1, 1, Payment(food=1)))
    second.play.dispatch(Migrate(1, 3, Payment(food=3)))
    room.run()
    logs = [m.play.game.log for m in (host, first, second) if m.play.game is not None]
    assert len(logs) == 3 and logs[0] == logs[1] == logs[2]
    current = second.play.game.state.current if second.play.game is not None else None
    moved = current.migration_of(1) if current is not None else None
    assert moved is not None and moved.people == 1  # the first phone's entry, on the second phone too
    lost, stands = second.session.message, first.session.message
    assert lost is not None and lost.key == "together.changed_meanwhile" and lost.params == {"name": "Bo", "count": 1}
    said = second.session.tr(lost.key, **lost.params).replace("\u2060", "")  # past a Korean line's word joiners
    assert "Bo 님의 기록" in said
    assert stands is not None and stands.key == "together.contested" and stands.params == {"name": "Bo"}
    assert host.session.message is None


def test_two_phones_that_roll_at_once_one_roll_counts_and_the_other_is_told(tmp_path: Path) -> None:
    """Both guests tap Roll: the first roll counts; the second phone shows the table's dice
    and says that its step was not kept, and why."""
    room = Room(tmp_path)
    host, first, second = room.phone("host"), room.phone("first"), room.phone("second")
    new_game(host, ["Ann", "Bo", "Cy", "Di"])
    room.join("host", "first")
    room.join("host", "second")
    host.play.dispatch(Migrate(0, 1, Payment(food=1)))
    host.play.dispatch(Migrate(1, 2, Payment(food=2)))
    room.run()
    first.play.dispatch(Roll())
    second.play.dispatch(Roll())
    room.run()
    logs = [m.play.game.log for m in (host, first, second) if m.play.game is not None]
    assert len(logs) == 3 and logs[0] == logs[1] == logs[2]
    message = second.session.message
    assert message is not None and message.key == "together.not_kept" and message.params["count"] == 1
    assert "table had already moved past it" in second.session.tr(message.key, **message.params)


def test_a_sixth_phone_finds_the_table_full(tmp_path: Path) -> None:
    room = Room(tmp_path)
    host = room.phone("host")
    new_game(host, ["Ann", "Bo"])
    for n in range(5):
        room.phone(f"g{n}")
        room.join("host", f"g{n}")
    assert host.together.guests == 5 and host.together.stage == "full" and host.together.code == ""
    room.drop("host", next(s for (n, s) in room.links if n == "host"))
    room.run()
    assert host.together.guests == 4 and host.together.code  # a place is free: the next code


def test_copy_says_whether_the_code_is_on_the_clipboard(tmp_path: Path) -> None:
    room = Room(tmp_path)
    host, other = room.phone("host"), room.phone("no-clipboard")
    new_game(host, ["Ann", "Bo"])
    new_game(other, ["Ann", "Bo"])
    for model, key in ((host, "together.copied"), (other, "together.not_copied")):
        model.together.share()
        room.run()
        model.together.copy()
        room.run()
        assert model.session.message is not None and model.session.message.key == key


def test_the_host_deleting_the_shared_game_ends_playing_together(tmp_path: Path) -> None:
    """The guests are told the host left and keep their copies; the host says nothing else."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo"])
    room.join("host", "guest")
    game_id = host.play.game_id
    assert game_id is not None
    host.play.go(Screen.START)
    host.play.delete_game(game_id)
    room.run()
    assert host.together.role == "" and host.session.message is not None
    assert host.session.message.key == "info.deleted"
    assert guest.together.status()[0] == "together.away"
    assert guest.play.game is not None


def test_a_second_answer_while_a_phone_joins_is_set_aside_and_both_join(tmp_path: Path) -> None:
    """Two guests scanned one code (what a table does): the host takes the first answer;
    the second, while the first joins, is set aside with a line; the first join survives,
    and the second phone joins with the next code."""
    room = Room(tmp_path)
    host, first, second = room.phone("host"), room.phone("first"), room.phone("second")
    new_game(host, ["Ann", "Bo", "Cy"])
    host.together.share()
    room.run()
    offer = host.together.code
    for guest in (first, second):
        guest.together.open_join()
        guest.together.set_typed(offer)
        guest.together.submit_code()
        room.run()
    answers = first.together.code, second.together.code
    room.pending[("host", host.together.slot)] = "first"  # the page pairs the answer it was given
    host.together.answer_in(answers[0])
    host.together.answer_in(answers[1])
    assert host.together.problem == "together.busy"
    assert "a new code appears here" in host.session.tr(host.together.problem)
    room.run()
    assert first.together.stage == "joined" and host.together.guests == 1
    # The second phone's page gives up on its answer: the host answered its checks, so it
    # was reachable, and its line says to scan the code shown now (not to find a hotspot).
    second.together.heard({"op": "failed", "slot": "host", "why": "not-taken"})
    assert second.together.problem == "together.not_taken" and second.together.stage == "code"
    assert "Scan the code the host's phone shows now" in second.session.tr(second.together.problem)
    room.join("host", "second")
    assert second.together.stage == "joined" and host.together.guests == 2
    logs = [m.play.game.log for m in (host, first, second) if m.play.game is not None]
    assert len(logs) == 3 and logs[0] == logs[1] == logs[2]


def test_a_phone_that_stops_answering_is_named_until_it_answers(tmp_path: Path) -> None:
    """The page's heartbeat says a guest went quiet: the host's table state names it as
    away, and drops the line once it is heard again; the guest, for its host, the same."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo"])
    room.join("host", "guest")
    slot = next(s for (n, s) in room.links if n == "host")
    host.together.heard({"op": "away", "slot": slot})
    assert host.together.status() == ("together.guest_away", 1)
    assert "1 phone stopped answering" in host.session.tr("together.guest_away", count=1)
    host.together.heard({"op": "back", "slot": slot})
    assert host.together.status()[0] == "together.joined"
    guest.together.heard({"op": "away", "slot": "host"})
    assert guest.together.status()[0] == "together.host_away"
    guest.together.heard({"op": "back", "slot": "host"})
    assert guest.together.status() == ("together.following", 0)


def test_an_ipv6_only_network_is_named_not_the_camera(tmp_path: Path) -> None:
    """Both descriptions name IPv6 addresses only: the guest is told what the network
    does and to use a hotspot, not to allow the camera."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo"])
    six = CHROME_OFFER.replace(
        "a=candidate:3081290467 1 udp 2113937151 10.77.0.1 40000 typ host generation 0 network-cost 999\r\n", ""
    )
    original = room.asked

    def asked(name: str, ask: dict[str, Any]) -> None:
        if ask["op"] in ("offer", "join"):
            kind = "offer" if ask["op"] == "offer" else "answer"
            room.queue.append((name, {"op": kind, "slot": ask["slot"], "sdp": six, "camera": "granted"}))
        else:
            original(name, ask)

    room.asked = asked  # type: ignore[method-assign]
    host.together.share()
    room.run()
    assert host.together.problem == "together.ipv6_only"
    guest.together.open_join()
    guest.together.set_typed(host.together.code)
    guest.together.submit_code()
    room.run()
    assert guest.together.problem == "together.ipv6_only" and guest.together.stage == "code"
    assert "hotspot" in guest.session.tr(guest.together.problem)


def test_another_release_ends_the_join_with_a_line_and_keeps_the_copy(tmp_path: Path) -> None:
    """The host answers in a newer protocol: the guest says to update this phone, stops
    asking, and keeps its copy as it was."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo"])
    room.join("host", "guest")
    before = guest.play.game.log if guest.play.game is not None else None
    guest.together.heard({"op": "message", "slot": "host", "text": '{"t": "log", "v": 99, "r": 1}'})
    assert guest.together.status() == ("together.this_older", 0)
    assert "reload it to update" in guest.session.tr("together.this_older")
    assert guest.together.stage == "away" and guest.play.game is not None and guest.play.game.log == before


def test_a_phone_that_left_its_answer_for_its_own_game_can_host_it(tmp_path: Path) -> None:
    """A phone shows its answer, then goes back and starts a game of its own (nobody took the
    answer): Play together is offered on it, and hosting drops the join it left."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo"])
    host.together.share()
    room.run()
    guest.together.open_join()
    guest.together.set_typed(host.together.code)
    guest.together.submit_code()
    room.run()
    assert guest.together.stage == "showing" and guest.together.follows_a_table() is False
    new_game(guest, ["Cy", "Di"])
    guest.together.share()
    room.run()
    assert guest.together.role == "host" and guest.together.code and guest.session.screen is Screen.SHARE
    room.join("guest", "host")  # the phone that hosted first joins it now
    assert host.together.follows_a_table() and host.play.game is not None
    assert host.play.game.setup.players == ("Cy", "Di")


def test_a_guest_whose_host_stopped_answering_scans_again_at_once(tmp_path: Path) -> None:
    """The host's phone goes quiet (the page names it away): the guest's player taps a move,
    then Join a table, and gets the join screen at once (not the game back, as before, until
    the browser gave the dead channel up); one scan of the host's new code later, the move
    is in the host's game."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo", "Cy"])
    room.join("host", "guest")
    guest.together.heard({"op": "away", "slot": "host"})
    guest.play.dispatch(Migrate(1, 2, Payment(food=2)))
    guest.together.open_join()
    assert guest.session.screen is Screen.JOIN_TABLE and guest.together.stage == "code"
    for slot in [s for (n, s) in room.links if n == "host"]:  # the host's side of the dead channel
        room.drop("host", slot, tell_self=True)
    room.run()
    host.together.share()
    room.run()
    guest.together.set_typed(host.together.code)
    guest.together.submit_code()
    room.run()
    assert guest.together.stage == "joined"
    assert host.play.game is not None and guest.play.game is not None
    assert host.play.game.log == guest.play.game.log
    assert host.play.game.log[-1].action == Migrate(1, 2, Payment(food=2))
    assert guest.session.message is None


def test_hosting_another_game_lets_the_first_table_go(tmp_path: Path) -> None:
    """The host starts a second game and taps Play together on it: the first table's phones
    are let go first (they say so and keep their copies), so a guest's step on the first
    game never lands in the second."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo", "Cy"])
    room.join("host", "guest")
    first = host.play.game_id
    new_game(host, ["Yo", "Zed"])
    host.together.share()
    room.run()
    assert host.play.game_id != first and host.together.guests == 0
    assert not [key for key in room.links if key[0] == "host"]
    guest.play.dispatch(Migrate(1, 2, Payment(food=2)))
    room.run()
    assert host.play.game is not None
    assert all(entry.action != Migrate(1, 2, Payment(food=2)) for entry in host.play.game.log)
    assert guest.together.status()[0] == "together.away_unshared"


def test_a_refused_message_is_said_until_the_next_one_and_never_over_a_phone_away(tmp_path: Path) -> None:
    """One unreadable message: the host's table line says so; a phone that then stops
    answering is named over it; once a guest's step comes through, the line is gone."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo"])
    room.join("host", "guest")
    slot = next(s for (n, s) in room.links if n == "host")
    host.together.heard({"op": "message", "slot": slot, "text": "[" * 50_000})
    assert host.together.status() == ("together.message_bad", 0)
    host.together.heard({"op": "away", "slot": slot})
    assert host.together.status() == ("together.guest_away", 1)
    host.together.heard({"op": "back", "slot": slot})
    guest.play.dispatch(Migrate(0, 1, Payment(food=1)))
    room.run()
    assert host.together.status()[0] == "together.joined"


def test_a_reloaded_guest_that_plays_before_it_rejoins_loses_nothing(tmp_path: Path) -> None:
    """The guest's tab reloads (a new app over the same storage, no table in memory): its
    player opens the kept copy and records a move, then joins again with the host's code:
    the move is in the host's game and on both phones."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo", "Cy"])
    room.join("host", "guest")
    game_id = guest.play.game_id
    assert game_id is not None
    for slot in [s for (n, s) in room.links if n == "host"]:
        room.drop("host", slot)
    room.run()
    reloaded = room.phone("guest")  # the same SQLite file, a new app
    reloaded.play.open_game(game_id)
    reloaded.play.dispatch(Migrate(2, 3, Payment(food=3)))
    assert reloaded.together.role == ""
    room.join("host", "guest")
    assert reloaded.together.stage == "joined" and reloaded.session.message is None
    assert host.play.game is not None and reloaded.play.game is not None
    assert host.play.game.log == reloaded.play.game.log
    assert host.play.game.log[-1].action == Migrate(2, 3, Payment(food=3))


def test_an_old_host_that_wakes_lets_its_phones_go_and_says_where_the_table_went(tmp_path: Path) -> None:
    """The host's phone sleeps; a guest hosts its copy and the other joins it, then loses that
    channel. The old host wakes and shows its code again: the guest that scans it keeps its
    copy, and the old host stops hosting (no code, no seats) and says that the table moved
    on, and how to follow."""
    room = Room(tmp_path)
    host, second = room.phone("host"), room.phone("second")
    room.phone("first")
    new_game(host, ["Ann", "Bo"])
    room.join("host", "first")
    room.join("host", "second")
    for slot in [s for (n, s) in room.links if n == "host"]:
        room.drop("host", slot)
    room.run()
    asleep = room.phones.pop("host")  # its page answers nothing while it sleeps
    room.join("first", "second")  # first hosts its copy (epoch 2), second follows it
    assert second.together.stage == "joined"
    room.drop("second", "host")  # second's channel to first drops too
    room.run()
    room.phones = {"host": asleep, **room.phones}
    host.together.share()  # the old host wakes with its code (epoch 1)
    room.run()
    room.target["second"] = "host"  # the code second scans now is the old host's
    second.together.open_join()
    second.together.set_typed(host.together.code)
    second.together.submit_code()
    room.run()
    host.together.set_typed(second.together.code)
    host.together.submit_answer()
    room.run()
    assert second.together.status()[0] == "together.older_host"
    assert host.together.role == "" and host.together.code == "" and host.together.waiting == {}
    assert host.together.status() == ("together.moved_away", 0)
    assert "This table moved on to another phone" in host.session.tr("together.moved_away")


def test_a_waiting_seat_does_not_open_past_a_full_table(tmp_path: Path) -> None:
    """Five guests, one drops (its seat waits), a new phone takes the free place: when the
    dropped phone's seat opens after all, the table stays at five and the seat is closed."""
    room = Room(tmp_path)
    host = room.phone("host")
    new_game(host, ["Ann", "Bo"])
    for n in range(5):
        room.phone(f"g{n}")
        room.join("host", f"g{n}")
    room.drop("g0", "host")
    room.run()
    seat = next(iter(host.together.waiting))
    room.phone("g5")
    room.join("host", "g5")
    assert host.together.guests == 5
    asked: list[dict[str, Any]] = []
    host.together.link.post = asked.append  # type: ignore[union-attr,method-assign]
    host.together.heard({"op": "open", "slot": seat})
    assert host.together.guests == 5 and seat not in host.together.open_slots
    assert {"op": "close", "slot": seat} in asked


def test_the_join_stages_move_only_as_the_table_of_moves_allows() -> None:
    """Every stage is reached from playing alone, and playing alone from every stage; a move
    the table does not allow is a mistake of the module, refused (never taken silently)."""
    reached, todo = {Stage.ALONE}, [Stage.ALONE]
    while todo:
        for then in MOVES[todo.pop()] - reached:
            reached.add(then)
            todo.append(then)
    assert reached == set(Stage)
    assert set(MOVES) == set(Stage)
    together = Together(play=None)  # type: ignore[arg-type]  # a move needs no game
    together._to(Stage.MAKING)
    together._to(Stage.SHOWING)
    with pytest.raises(StageError):
        together._to(Stage.JOINED)
    assert together.stage is Stage.SHOWING
    together._to(Stage.ALONE)
    assert together.stage.value == ""


def test_no_seat_waits_for_a_phone_that_is_already_back(tmp_path: Path) -> None:
    """The guest's channel closes and the host keeps its seat; the guest comes back with two
    scans (its page had lost the pairing): as its new channel opens, the host knows the
    phone by its certificate, gives the old seat up, and its code names no seat for it."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo"])
    room.join("host", "guest")
    room.drop("guest", "host")
    room.run()
    assert len(host.together.waiting) == 1 and host.together.seats == 1
    room.seats.clear()  # the guest's page no longer holds its pairing: it answers again
    guest.together.open_join()
    room.join("host", "guest")
    assert host.together.guests == 1 and host.together.waiting == {} and host.together.seats == 0
    guest.play.dispatch(Migrate(0, 1, Payment(food=1)))
    room.run()
    assert host.play.game is not None and guest.play.game is not None and host.play.game.log == guest.play.game.log


# -- the table through the screens' models, walked at random -------------------------------


class ScreensTable(RuleBasedStateMachine):
    """Three phones as their screens drive them (the models of :mod:`companion.ui.together`
    over a stand-in page): taps of every kind, channels that close, tabs that reload, a
    guest that takes the table over with Play together, joins with the codes pasted. Its
    oracle is its own ledger of every tap a phone's copy took, and of every line a phone
    said about steps not kept; at the end every phone joins the newest host, and each
    phone's taps are in the shared game once or were named on that phone."""

    def __init__(self) -> None:
        super().__init__()
        self.ledger: dict[str, int] = {}
        self.said: dict[str, int] = {}  # steps each phone's lines named as not kept

    @initialize(seed=st.integers(0, 10_000))
    def start(self, seed: int) -> None:
        import tempfile

        self.tmp = tempfile.TemporaryDirectory()
        self.room = Room(Path(self.tmp.name))
        self.rng = random.Random(seed)
        for name in ("a", "b", "c"):
            self._open(name)
            self.ledger[name] = self.said[name] = 0
        new_game(self.room.phones["a"], ["Ann", "Bo", "Cy", "Di"], printed=seed % 2 == 1)
        first = self.room.phones["a"].play.game
        self.ledger["a"] = len(first.log) if first is not None else 0  # a new game starts its first round
        self.room.join("a", "b")
        self.room.join("a", "c")

    def _open(self, name: str) -> AppModel:
        """``name``'s app, new over its storage (a first start, or a reload), its lines heard."""
        model = self.room.phone(name)
        said = model.session.say

        def say(key: str, error: bool = True, **params: Any) -> None:
            if key in ("together.not_kept", "together.not_kept_rules", "together.changed_meanwhile"):
                self.said[name] += int(params["count"])
            said(key, error, **params)

        model.session.say = say  # type: ignore[method-assign]
        return model

    def teardown(self) -> None:
        if hasattr(self, "room"):
            self.settle_everything()
            self.tmp.cleanup()

    @rule(name=st.sampled_from("abc"), what=st.sampled_from(KINDS))
    def tap(self, name: str, what: str) -> None:
        play = self.room.phones[name].play
        if play.game is None:
            return
        before = len(play.game.log)
        if what == "undo":
            play.undo()
        elif what == "redo":
            play.redo()
        else:
            play.dispatch(ACTIONS[what](self.rng, play.game))  # type: ignore[arg-type]
        if play.game is not None and len(play.game.log) > before:
            self.ledger[name] += 1

    @rule()
    def run(self) -> None:
        self.room.run()

    @rule(name=st.sampled_from("abc"))
    def drop(self, name: str) -> None:
        """Every channel of ``name`` closes (a lost Wi-Fi); both ends hear it."""
        for phone, slot in [k for k in self.room.links if k[0] == name]:
            if (phone, slot) in self.room.links:
                self.room.drop(phone, slot)

    @rule(name=st.sampled_from("abc"))
    def reload(self, name: str) -> None:
        """``name``'s tab reloads: its channels close, and a new app opens its kept copy."""
        self.drop(name)
        self.room.run()
        game_id = self.room.phones[name].play.game_id
        model = self._open(name)
        if game_id is not None:
            model.play.open_game(game_id)

    @rule(name=st.sampled_from("abc"))
    def take_over(self, name: str) -> None:
        """``name`` taps Play together on its copy (its host gone, or never heard)."""
        together = self.room.phones[name].together
        if together.role != "host" and not together.follows_a_table() and self.room.phones[name].play.game:
            together.share()
            self.room.run()

    @rule(name=st.sampled_from("abc"))
    def rejoin(self, name: str) -> None:
        """``name`` taps Join a table and pastes the newest host's code."""
        host = self._newest()
        model = self.room.phones[name]
        if host is None or host == name or model.together.follows_a_table() or model.play.game is None:
            return
        self.room.join(host, name)

    def _newest(self) -> str | None:
        hosts = [(m.together.host.info.epoch, m.together.host.phone, n) for n, m in self.room.phones.items()
                 if m.together.role == "host" and m.together.host is not None]  # fmt: skip
        return min(hosts, key=lambda h: (-h[0], h[1]))[2] if hosts else None

    def settle_everything(self) -> None:
        """Every message arrives; the newest host is hosting (its player taps Play together
        again if its tab reloaded); every other phone joins it."""
        self.room.run()
        records = {}
        for name, model in self.room.phones.items():
            store, game_id = model.session.store, model.play.game_id
            table = store.get_setting(f"table-of:{game_id}") if game_id is not None else None
            info = TableInfo.load(store, table or "")
            records[name] = info.epoch if info.host == phone_id(store) else 0
        top = max(records.values())
        host = min((n for n in records if records[n] == top), key=lambda n: phone_id(self.room.phones[n].session.store))
        if self.room.phones[host].together.role != "host":
            self.room.phones[host].together.share()
            self.room.run()
        for name in self.room.phones:
            if name != host:
                self.drop(name)
                self.room.run()
                self.room.join(host, name)
        self.room.run()
        logs = [m.play.game.log if m.play.game is not None else None for m in self.room.phones.values()]
        assert all(log == logs[0] for log in logs), "the phones' games differ"
        hosting = self.room.phones[host].together.host
        assert hosting is not None
        by = [o for o in hosting.info.by if o is not None]
        assert len(by) == len(set(by)), "a step twice in the shared game"
        for name, model in self.room.phones.items():
            mine = sum(1 for o in by if o[0] == phone_id(model.session.store))
            assert mine + self.said[name] == self.ledger[name], (name, mine, self.said[name], self.ledger[name])
            assert model.together.unshared == 0


#: Generated tables through the screens: 200 a run (about 10 s), each up to 25 steps.
ScreensTable.TestCase.settings = settings(
    max_examples=int(os.environ.get("MAMMOTH_TABLE_EXAMPLES") or 200),
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_the_screens_lose_no_step_silently = ScreensTable.TestCase
