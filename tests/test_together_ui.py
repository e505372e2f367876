"""Playing together as the screens see it, without a browser: the host's and the guests'
models (each phone with its own SQLite file) and a stand-in for the page (``table.js``) that
answers as a browser does: a description with an address, a channel that opens once both
have the other's, messages carried in order. The faults a table meets, each decided by a
text the phone shows or by its saved game."""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import pytest

from companion.data.store import Store
from companion.rules import Migrate, Payment
from companion.ui.model import AppModel, Screen

from .test_together import CHROME_OFFER
from .test_ui_state import new_game


def _sdp(address: str, setup: str, with_address: bool = True) -> str:
    sdp = CHROME_OFFER.replace("10.77.0.1", address).replace("a=setup:actpass", f"a=setup:{setup}")
    return sdp if with_address else "\r\n".join(line for line in sdp.split("\r\n") if "candidate" not in line)


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
            host = next(n for n, m in self.phones.items() if m.together.role == "host")
            self.pending[(host, self.phones[host].together.slot)] = name
            self.queue.append((name, {"op": "answer", "slot": slot, "sdp": _sdp(address, "active", self.camera[name])}))
        elif op == "accept":
            guest = self.pending.pop((name, slot))
            self.links[(name, slot)], self.links[(guest, "host")] = (guest, "host"), (name, slot)
            self.queue += [(name, {"op": "open", "slot": slot}), (guest, {"op": "open", "slot": "host"})]
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

    def run(self) -> None:
        while self.queue:
            name, news = self.queue.popleft()
            self.phones[name].together.heard(news)

    def join(self, host: str, guest: str) -> None:
        """Play together on ``host``, Join a table on ``guest``, the codes pasted both ways."""
        h, g = self.phones[host], self.phones[guest]
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


def test_a_guest_joins_and_both_phones_play_one_game(tmp_path: Path) -> None:
    """The guest opens the host's game; a move recorded on either phone is on both."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest", camera=False)
    new_game(host, ["Ann", "Bo", "Cy"])
    room.join("host", "guest")
    assert guest.session.screen is Screen.PLAY and guest.play.game is not None
    assert (
        host.together.guests == 1 and host.session.tr("together.guests", count=1) in "1 other phone follows this game."
    )
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


def test_a_guest_that_drops_out_rejoins_with_one_scan_and_catches_up(tmp_path: Path) -> None:
    """The guest's screen locks (its channel drops): it says so, keeps its copy, and the
    table plays on; a new code from the host brings it back to the same game, caught up."""
    room = Room(tmp_path)
    host, guest = room.phone("host"), room.phone("guest")
    new_game(host, ["Ann", "Bo", "Cy"])
    room.join("host", "guest")
    game_id = guest.play.game_id
    room.drop("guest", "host")
    room.run()
    assert guest.session.message is not None
    assert "host's phone is gone" in guest.session.tr(guest.session.message.key)
    assert "A phone left the table" in host.session.tr(host.together.line)
    host.play.dispatch(Migrate(2, 1, Payment(food=1)))
    room.run()
    room.join("host", "guest")
    assert guest.play.game_id == game_id and len(guest.session.store.unfinished_games()) == 1
    assert guest.play.game is not None and host.play.game is not None
    assert guest.play.game.log == host.play.game.log


def test_the_host_leaves_and_a_guest_becomes_the_host(tmp_path: Path) -> None:
    """Each guest says the host left and keeps its copy; one of them shows a new code, and
    the other joins it: the same table, the same game, one copy each."""
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
        assert guest.session.message is not None and guest.session.message.key == "together.host_left"
        assert guest.play.game is not None and guest.together.role == ""
    first.play.dispatch(Migrate(0, 1, Payment(food=1)))
    room.phones.pop("host")
    room.join("first", "second")
    assert second.play.game is not None and first.play.game is not None
    assert second.play.game.log == first.play.game.log
    assert len(second.session.store.unfinished_games()) == 1


def test_two_phones_that_tap_at_once_one_wins_and_the_other_shows_it(tmp_path: Path) -> None:
    """Both guests record a move before either hears of the other's: the host takes the
    first; the second phone shows the table's game and says its step did not count."""
    room = Room(tmp_path)
    host, first, second = room.phone("host"), room.phone("first"), room.phone("second")
    new_game(host, ["Ann", "Bo", "Cy"])
    room.join("host", "first")
    room.join("host", "second")
    first.play.dispatch(Migrate(0, 1, Payment(food=1)))
    second.play.dispatch(Migrate(1, 2, Payment(food=2)))
    room.run()
    logs = [m.play.game.log for m in (host, first, second) if m.play.game is not None]
    assert len(logs) == 3 and logs[0] == logs[1] == logs[2]
    current = host.play.game.state.current if host.play.game is not None else None
    assert current is not None and [m.player for m in current.migrations] == [0]
    assert second.session.message is not None and second.session.message.key == "error.game.moved_on"


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
    assert guest.session.message is not None and guest.session.message.key == "together.host_left"
    assert guest.play.game is not None
