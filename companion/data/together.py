"""Phones that play one game together, with one order of play: the host's.

The host phone holds the table's game; each guest phone keeps a copy in its own store, so
a phone that drops out loses nothing. A guest's step is made on its copy at once (the
screen answers the tap), saved, numbered, and kept as *not yet shared* until the host
decides it. The guest sends every undecided step each time (:class:`~.table_messages.Steps`),
so a double tap, a message sent twice or a phone that comes back after a while is the same
case: the host skips the steps its log already holds (each log entry carries its origin,
the phone and that phone's number) and decides the rest with :func:`settle`, the one code
path for "does this step count". A step made on exactly the host's log (the digests agree)
replays exactly, dice included; a step made on a log the table has since moved past is
applied again by the rules if it draws nothing (a move, a choice) and the table still stands
in the round and phase it was made in, and otherwise not kept. A step not kept is named to
the phone that made it, with why; nothing is dropped silently.

A table has a host (a phone's id) and an epoch: a phone that takes over a table whose host
left counts one up, and a phone never lets a host of an older epoch rewrite its copy (of two
hosts at one epoch, every phone follows the lower phone id); it tells such a host that the
table moved on (:class:`~.table_messages.Moved`). The steps a copy holds that a new host's
log lacks go to that host with the ids they were made with.
Undo and Redo are log entries like any other. Beside the log the table shares one fact, the
printed tiles' question "where did the herd go" (the round it is asked after).

:class:`Host` and :class:`Guest` are plain Python over a :class:`~.store.Store`, tested
without a browser; the transport (WebRTC data channels on the static site) only carries
the texts of :mod:`.table_messages`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules import Game, RuleError, start_game
from ..rules.serialize import entry_to_dict, setup_from_dict, setup_to_dict
from . import table_messages as tm
from .store import GameGoneError, StaleGameError, Store, StoreError
from .table_messages import OwnStep, ProtocolError, VersionError
from .table_order import (
    GAME_OF,
    TABLE_OF,
    Lost,
    Settled,
    TableInfo,
    asking_of,
    entries_after,
    extend,
    head,
    lost_of,
    phone_id,
    prefix,
    set_asking,
    settle,
    table_of,
    where,
)

#: The most guests one host takes (one QR code scanned each way for each).
MAX_GUESTS = 5
#: How often in a row a phone sends the whole game again (or asks for it) with no progress.
MAX_RESENDS = 3


@dataclass
class Host:
    """This phone holds the table's game ``game_id``; ``send(peer, text)`` reaches one guest.

    ``on_change`` is called when a guest's step or fact was saved here (show it);
    ``on_problem`` with a catalog key when a guest's message could not be taken;
    ``on_moved`` when a guest says the table has a newer host (this one lets its phones go)."""

    store: Store
    game_id: int
    send: Callable[[str, str], None]
    on_change: Callable[[], None] = lambda: None
    on_problem: Callable[[str], None] = lambda key: None
    on_moved: Callable[[tm.Moved], None] = lambda moved: None
    on_clash: Callable[[int], None] = lambda player: None  # a guest recorded this phone's player's move too
    peers: set[str] = field(default_factory=set)  # guests whose channel is open
    sent: int = 0  # how much of the log every open guest has been sent
    asking_sent: int = 0
    prints_sent: tm.Prints = ()  # the certificates the guests were last told of
    table: str = ""
    phone: str = ""
    info: TableInfo = field(default_factory=TableInfo)
    resent: dict[str, int] = field(default_factory=dict)  # whole games sent to a peer with no progress between
    resent_at: dict[str, int] = field(default_factory=dict)  # the log's length when a peer last had the whole game
    told: set[str] = field(default_factory=set)  # peers told this phone's version
    bound: dict[str, str] = field(default_factory=dict)  # the phone each channel spoke for first
    prints: dict[str, str] = field(default_factory=dict)  # each channel's other certificate (DTLS-checked)
    lost: Lost | None = None  # this phone's own steps not kept when it took the table over

    def __post_init__(self) -> None:
        self.phone = phone_id(self.store)
        self.table = table_of(self.store, self.game_id)
        info = TableInfo.load(self.store, self.table)
        length = self.store.log_length(self.game_id)
        if info.host != self.phone:  # this phone takes the table over (or starts it)
            own = [s.origin(self.phone) for s in info.pending]
            info.host, info.epoch = self.phone, info.epoch + 1
            info.by = [*info.by[: info.confirmed], *own]
            info.pending = []
            info.decided = {}
            _number_own(info, self.phone, length)  # first the copy's own entries, in their places
            length = self._decide_waiting(info, length)
        _number_own(info, self.phone, length)
        info.save(self.store, self.table)
        self.info, self.sent = info, length
        self.asking_sent = asking_of(self.store, self.game_id)

    def _game(self) -> Game:
        return self.store.load(self.game_id)

    def _decide_waiting(self, info: TableInfo, length: int) -> int:
        """Taking the table over: this phone's steps that were waiting for the last host's
        verdict are decided here, as that host would have (kept on top of the copy, or named
        in :attr:`lost`); the copy's new length."""
        waiting, info.waiting = info.waiting, []
        if not waiting:
            return length
        game = self._game()
        settled = settle(game, waiting, info.by)
        if settled.kept:
            self.store.record(self.game_id, settled.game, expected=len(game.log))
            info.by = [*info.by, *(s.origin(self.phone) for s in settled.kept)]
            info.confirmed = len(info.by)
        self.lost = lost_of(settled.lost, settled.why or "together.moved_on", settled.player)
        self._clashed(settled)
        return len(settled.game.log)

    def _clashed(self, settled: Settled) -> None:
        """Tell the phones whose entry a step would have replaced (another phone recorded
        the same player's move at once): this phone's line, or a message to that phone."""
        for origin in settled.clashed:
            if origin is not None and settled.player is not None:
                self._tell_clash(tm.Clash(origin[0], settled.player))

    def _tell_clash(self, clash: tm.Clash) -> None:
        if clash.phone == self.phone:
            self.on_clash(clash.player)
            return
        for peer in sorted(self.peers):
            if self.bound.get(peer) == clash.phone:
                self.send(peer, tm.dump(clash))

    def _whole(self, game: Game) -> str:
        self._grow(game)
        return tm.dump(
            tm.Table(
                self.table, self.phone, self.info.epoch, setup_to_dict(game.setup), tuple(entries_after(game, 0)),
                tuple(self.info.by), asking_of(self.store, self.game_id), self._told_prints(),
            )
        )  # fmt: skip

    def _told_prints(self) -> tm.Prints:
        """:meth:`_prints`, kept as what the guests were last told."""
        self.prints_sent = self._prints()
        return self.prints_sent

    def _prints(self) -> tm.Prints:
        """The certificates this host's record holds, as a message names them."""
        return tuple(sorted(self.info.prints.items()))

    def _grow(self, game: Game) -> None:
        """The ids of the host's own new entries (this phone and its next numbers), kept with
        the log."""
        if len(game.log) != len(self.info.by):
            _number_own(self.info, self.phone, len(game.log))
            self.info.save(self.store, self.table)

    def joined(self, peer: str, print_: str = "") -> None:
        """A guest's channel opened (its other end holds the certificate ``print_``, ""
        where the browser names none): it gets the whole game."""
        self.publish()  # anything the others have not had yet first, so all agree on ``sent``
        self.peers.add(peer)
        self.prints[peer] = print_
        self.resent[peer] = 0
        self.bound.pop(peer, None)  # a new channel: the first phone it speaks for is its own
        self.send(peer, self._whole(self._game()))

    def left(self, peer: str) -> None:
        self.peers.discard(peer)

    def publish(self) -> None:
        """Send every guest what the log gained since the last send (this phone's own steps
        and the guests') and the herd's question if it changed: one ``log`` message."""
        game = self._game()
        self._grow(game)
        asking = asking_of(self.store, self.game_id)
        learnt = self._prints() != self.prints_sent
        if len(game.log) == self.sent and asking == self.asking_sent and not learnt:
            return
        if len(game.log) < self.sent:  # cannot happen (the log only grows); resend whole
            text = self._whole(game)
        else:
            base = self.sent
            entries, by = tuple(entries_after(game, base)), tuple(self.info.by[base:])
            prints = self._told_prints() if learnt else ()
            text = tm.dump(tm.Log(self.phone, self.info.epoch, base, entries, by, asking, prints))
        self.sent, self.asking_sent = len(game.log), asking
        for peer in sorted(self.peers):
            self.send(peer, text)

    def _read(self, peer: str, text: str) -> tm.Message | None:
        """The guest's message, or None with the problem said (another release, a text
        that is not one, a channel that speaks for another phone than it did first)."""
        try:
            message = tm.parse(text)
        except VersionError as exc:
            if peer not in self.told:  # said once: a version message is never answered
                self.told.add(peer)
                self.send(peer, tm.dump(tm.Version(tm.PROTOCOL, tm.RULES_VERSION)))
            self.on_problem(exc.key)
            return None
        except ProtocolError as exc:
            self.on_problem(exc.key)
            return None
        if isinstance(message, tm.Steps | tm.Hello):
            if message.phone == self.phone:
                self.on_problem("together.message_bad")  # no guest speaks as the host itself
                return None
            if self.bound.get(peer, message.phone) != message.phone:
                self.on_problem("together.message_bad")  # a channel speaks for one phone only
                return None
            known = dict(self.info.prints)
            if not self.info.vouched(message.phone, self.prints.get(peer, "")):
                # Another certificate speaks for that phone: refused, and the channel is not
                # bound to it (its own phone's next message still counts).
                self.on_problem("together.message_bad")
                return None
            self.bound[peer] = message.phone
            if self.info.prints != known:
                self.info.save(self.store, self.table)
        return message

    def heard(self, peer: str, text: str) -> None:
        """A guest's message: its steps to decide, a fact, or a request for the whole game."""
        message = self._read(peer, text)
        match message:
            case None:
                return
            case tm.Steps():
                self._steps(peer, message)
            case tm.Hello():
                self._hello(peer)
            case tm.Facts():
                set_asking(self.store, self.game_id, message.asking)
                self.publish()
                self.on_change()
            case tm.Clash():
                self._tell_clash(message)  # a guest of the release before found it as it joined: passed on
            case tm.Moved() if message.table == self.table and tm.newer(
                message.epoch, message.host, self.info.epoch, self.phone
            ):
                self.on_moved(message)  # this phone no longer hosts the table: it was taken over
            case tm.Moved():
                pass  # a claim older than this table's own view (or of another table): nothing moved
            case tm.Version():
                self.on_problem(_version_key(message))
            case _:
                self.on_problem("together.message_bad")  # a host's message, sent to the host

    def _hello(self, peer: str) -> None:
        """A guest asks for the whole game: sent, unless it asked more than MAX_RESENDS times
        while the game did not move (a guest that cannot follow it); a game that moved on
        since counts as progress, so a guest that only watches is never cut off."""
        game = self._game()
        if self.resent_at.get(peer) != len(game.log):
            self.resent[peer] = 0
        self.resent[peer] = self.resent.get(peer, 0) + 1
        if self.resent[peer] > MAX_RESENDS:
            self.on_problem("together.out_of_step")
            return
        self.resent_at[peer] = len(game.log)
        self.send(peer, self._whole(game))

    def _steps(self, peer: str, message: tm.Steps) -> None:
        self.publish()  # the host's own newest steps go out before any answer
        try:
            game = self._game()
            self._grow(game)
            held = {origin for origin in self.info.by if origin is not None}
            decided = self.info.decided.get(message.phone, 0)
            todo = [s for s in message.steps if s.origin(message.phone) not in held]
            again = tuple(s.n for s in todo if s.n <= decided)  # refused before: said again
            settled = settle(game, [s for s in todo if s.n > decided], self.info.by)
            self._clashed(settled)
            if settled.kept:
                self.store.record(self.game_id, settled.game, expected=len(game.log))
                self.info.by += [s.origin(message.phone) for s in settled.kept]
                self.info.confirmed = len(self.info.by)
            if todo:
                self.info.decided[message.phone] = max(decided, *(s.n for s in todo))
            self.info.save(self.store, self.table)
            lost, why, player = again + settled.lost, settled.why or "together.moved_on", settled.player
        except StaleGameError:
            lost, why, player = tuple(s.n for s in message.steps), "together.moved_on", None
        except (GameGoneError, KeyError):
            lost, why, player = tuple(s.n for s in message.steps), "together.host_gone", None
        except (sqlite3.Error, StoreError, RuleError, ValueError, TypeError):
            lost, why, player = tuple(s.n for s in message.steps), "error.store.write", None
        self.resent[peer] = 0
        if lost:
            self.send(peer, tm.dump(tm.Refused(why, lost, player)))
        self.publish()
        self.on_change()


def _follows(message: tm.Table, info: TableInfo) -> bool:
    """Whether a phone that follows ``info``'s host may follow the host of ``message``: the
    same host (not at an older epoch), or a newer one by :func:`~.table_messages.newer`."""
    if message.host == info.host:
        return message.epoch >= info.epoch
    return tm.newer(message.epoch, message.host, info.epoch, info.host)


def _version_key(message: tm.Version) -> str:
    older = (message.v, message.r) < (tm.PROTOCOL, tm.RULES_VERSION)
    return "together.other_older" if older else "together.this_older"


@dataclass
class Guest:
    """This phone follows a host's table; ``send(text)`` reaches the host.

    ``on_change(game_id, lost, rewritten)``: the copy changed by the host's messages (or
    only the count of steps not yet shared); ``lost`` names this phone's steps not kept.
    ``on_problem(key)``: a message from the host could not be taken."""

    store: Store
    send: Callable[[str], None]
    game_id: int | None = None
    table: str = ""
    phone: str = ""
    info: TableInfo = field(default_factory=TableInfo)
    on_change: Callable[[int, Lost | None, bool], None] = lambda game_id, lost, rewritten: None
    on_problem: Callable[[str], None] = lambda key: None
    on_clash: Callable[[int], None] = lambda player: None  # another phone recorded this phone's player's move too
    connected: bool = True  # the channel is open: steps go out as they are made
    resyncs: int = 0  # whole games asked for with no progress between
    told: bool = False  # the host was told this phone's version
    asking_sent: int = 0
    print: str = ""  # the host's certificate on this channel (DTLS-checked; "" not known)

    def __post_init__(self) -> None:
        self.phone = phone_id(self.store)

    @property
    def unshared(self) -> int:
        """This phone's steps the host has not decided yet."""
        return len(self.info.pending) + len(self.info.waiting)

    def committed(self) -> None:
        """This phone saved a step (or the herd's question) on its copy: number the new
        steps, keep them, and send every step the host has not decided yet."""
        if self.game_id is None:
            return
        game = self.store.load(self.game_id)
        known = self.info.confirmed + len(self.info.pending)
        if len(game.log) > known:
            self.info.pending += _numbered(game, known, self.info.next_n)
            self.info.next_n += len(game.log) - known
            self.info.save(self.store, self.table)
        self.share()
        asking = asking_of(self.store, self.game_id)
        if asking != self.asking_sent and self.connected:
            self.asking_sent = asking
            self.send(tm.dump(tm.Facts(asking)))

    def share(self, announce: bool = False) -> None:
        """Send the host this phone's steps it has not decided yet (if the channel is open):
        those on top of the copy, then those waiting for its verdict (sent again: a whole
        game from the host may be older than a step on its way, or the step may have been
        lost with an old channel; the host skips a step its log holds and says again which
        it refused). ``announce``: even none, so that the host binds the channel at once."""
        undecided = (*self.info.pending, *self.info.waiting)
        if self.connected and (undecided or announce):
            self.send(tm.dump(tm.Steps(self.phone, undecided)))

    def heard(self, text: str) -> None:
        """The host's message: the whole table, the log's growth, a verdict, a fact."""
        try:
            message = tm.parse(text)
            match message:
                case tm.Table():
                    self._table(message)
                case tm.Log():
                    self._log(message)
                case tm.Refused():
                    self._refused(message)
                case tm.Facts() if self.game_id is not None:
                    self._asking(message.asking)
                    self.on_change(self.game_id, None, False)
                case tm.Clash() if message.phone == self.phone:
                    self.on_clash(message.player)
                case tm.Version():
                    self.on_problem(_version_key(message))
                case _:
                    raise ProtocolError("not a host's message")
        except VersionError as exc:
            if not self.told:
                self.told = True
                self.send(tm.dump(tm.Version(tm.PROTOCOL, tm.RULES_VERSION)))
            self.on_problem(exc.key)
        except (ProtocolError, RuleError, KeyError, TypeError, ValueError):
            self._resync()  # a message this copy cannot follow: start again from the whole game

    def _resync(self) -> None:
        self.resyncs += 1
        if self.resyncs > MAX_RESENDS:
            self.on_problem("together.out_of_step")
        else:
            self.send(tm.dump(tm.Hello(self.phone)))

    def _asking(self, asking: int) -> None:
        if self.game_id is not None and asking != asking_of(self.store, self.game_id):
            set_asking(self.store, self.game_id, asking)
        self.asking_sent = asking

    def _table(self, message: tm.Table) -> None:
        host_game = extend(start_game(setup_from_dict(message.setup)), message.log)
        info = TableInfo.load(self.store, message.table)
        kept = self.store.get_setting(GAME_OF.format(table=message.table))
        game_id = int(kept) if kept is not None and kept.isdigit() and self.store.exists(int(kept)) else None
        if game_id is not None and info.host and not _follows(message, info):
            # An older host of this table (or the other of two that took over at once): this
            # copy stays as it is, and that host is told which phone the table follows now.
            self.send(tm.dump(tm.Moved(message.table, info.host, info.epoch)))
            self.on_problem("together.older_host")
            return
        if not info.vouched(message.host, self.print):
            # Another certificate than the one that phone hosted from before: not that host.
            self.on_problem("together.message_bad")
            return
        copy = self.store.load(game_id) if game_id is not None else None
        if copy is not None and setup_to_dict(copy.setup) != setup_to_dict(host_game.setup):
            # The same table's id with another game: never let it rewrite the kept copy.
            self.on_problem("together.other_game")
            return
        number = self._past_used(info, message)
        steps = self._carried(copy, info, message, number) if copy is not None else []
        settled = settle(host_game, steps, message.by)
        info.host, info.epoch, info.by = message.host, message.epoch, list(message.by)
        info.learn(message.prints)
        # The steps that do not fit on the host's game as sent wait for the host's verdict,
        # never decided here: this game may be older than a step already on its way (an
        # answer to a Hello), and the host may have kept that step since.
        info.confirmed, info.pending = len(message.log), list(settled.kept)
        info.waiting = [s for s in steps if s.n in settled.lost]
        info.next_n = max([number, *(s.n + 1 for s in steps)])
        if game_id is None:
            game_id = self.store.create(settled.game)
            self.store.set_setting(GAME_OF.format(table=message.table), str(game_id))
            self.store.set_setting(TABLE_OF.format(game_id=game_id), message.table)
        else:
            self.store.replace_log(game_id, settled.game)
        info.save(self.store, message.table)
        self.game_id, self.table, self.info, self.resyncs = game_id, message.table, info, 0
        self._asking(message.asking)
        self.on_change(game_id, None, True)
        self.share(announce=True)

    def _past_used(self, info: TableInfo, message: tm.Table) -> int:
        """The first number past every one this phone used: in its record, on its steps not
        yet decided, and in the host's log (a damaged record starts again at 1, and the host
        skips a step whose id it holds)."""
        undecided = (s.n for s in [*info.waiting, *info.pending])
        logged = (o[1] for o in message.by if o is not None and o[0] == self.phone)
        return max([info.next_n, *(n + 1 for n in undecided), *(n + 1 for n in logged)])

    def _carried(self, copy: Game, info: TableInfo, message: tm.Table, number: int) -> list[OwnStep]:
        """The steps this copy holds that the host's log lacks, in the copy's order: what
        the last host had confirmed here but this one never heard of (after a change of
        host; others' steps are numbered anew as this phone's), then this phone's own not
        yet decided, then the steps made here while no :class:`Guest` numbered them (after
        a reload, during a join's round trip, after hosting another game), numbered now
        from ``number`` (:meth:`_past_used`), as are the others' steps carried."""
        held = {origin for origin in message.by if origin is not None}
        if not info.host:
            # A damaged record (every record this phone saved names a host, and a phone
            # that holds a copy of the table joined it): the copy's entries that are the
            # host's are the host's; those past them, this phone's, made on them, numbered
            # from ``number``.
            same, top = 0, min(len(copy.log), len(message.log))
            while same < top and entry_to_dict(copy.log[same]) == message.log[same]:
                same += 1
            return _numbered(copy, same, number)
        # The waiting ones last: the steps on the copy were made without them, and one that
        # does not count would take every later step down with it.
        own = [s for s in [*info.pending, *info.waiting] if s.origin(self.phone) not in held]
        common, top = 0, min(info.confirmed, len(message.log), len(copy.log))
        while (
            common < top
            and entry_to_dict(copy.log[common]) == message.log[common]
            and (info.by[common] if common < len(info.by) else None) == message.by[common]
        ):
            common += 1
        carried = []
        before = prefix(copy, common)  # the copy as it stood before each carried entry
        for i in range(common, min(info.confirmed, len(copy.log))):
            origin = info.by[i] if i < len(info.by) else None
            entry = entry_to_dict(copy.log[i])
            at = where(before)  # where it was made: it counts only where the table stands so
            before = extend(before, [entry])
            if origin is not None and origin in held:
                continue
            if origin is not None and origin[0] == self.phone:
                carried.append(OwnStep(origin[1], "", entry, at))
            else:  # another phone's step: sent under this phone's number, with its own id
                carried.append(OwnStep(number, "", entry, at, by=origin))
                number += 1
        known = min(len(copy.log), info.confirmed + len(info.pending))
        return carried + own + _numbered(copy, known, number)

    def _log(self, message: tm.Log) -> None:
        info = self.info
        # The host this copy follows, as kept (another tab on this device may have joined a
        # newer host since this one joined).
        kept = TableInfo.load(self.store, self.table) if self.game_id is not None else info
        if self.game_id is not None and (message.host, message.epoch) != (kept.host, kept.epoch):
            if tm.newer(message.epoch, message.host, kept.epoch, kept.host):
                raise ProtocolError("a newer host's log: the whole game first")  # asks for it
            # An old host: this copy stays as it is, and that host is told where the table
            # went (it stops hosting and says so).
            self.send(tm.dump(tm.Moved(self.table, kept.host, kept.epoch)))
            return
        if self.game_id is None or message.base != info.confirmed:
            raise ProtocolError("a log message out of order")
        if not info.vouched(message.host, self.print):
            self.on_problem("together.message_bad")  # not the certificate that phone hosts from
            return
        copy = self.store.load(self.game_id)
        mine = 0  # the host's new entries that are this phone's first steps not yet decided
        while (
            mine < min(len(message.entries), len(info.pending))
            and message.by[mine] == info.pending[mine].origin(self.phone)
            and message.entries[mine] == info.pending[mine].entry
        ):
            mine += 1
        info.by += message.by
        info.confirmed += len(message.entries)
        info.learn(message.prints)
        held = {origin for origin in message.by if origin is not None}
        info.waiting = [s for s in info.waiting if s.origin(self.phone) not in held]  # the host kept these
        if mine == len(message.entries):  # only this phone's own steps: its copy is the host's
            info.pending = info.pending[mine:]
            rewritten = False
        elif not info.pending and len(copy.log) == message.base:  # the host's log grew
            self.store.record(self.game_id, extend(copy, message.entries), expected=message.base)
            rewritten = False
        else:  # this phone's steps not yet decided go on top of the host's new ones
            rest = [s for s in info.pending if s.origin(self.phone) not in held]
            settled = settle(extend(prefix(copy, message.base), message.entries), rest)
            self.store.replace_log(self.game_id, settled.game)
            info.pending = list(settled.kept)
            # Those that no longer fit here were sent: the host, which may have had them
            # before these entries, decides them (its log holds them, or it names them).
            info.waiting += [s for s in rest if s.n in settled.lost]
            rewritten = True
        info.save(self.store, self.table)
        self.resyncs = 0
        self._asking(message.asking)
        self.on_change(self.game_id, None, rewritten)

    def _refused(self, message: tm.Refused) -> None:
        """The host did not keep these steps: named once, and the copy without them (its
        later steps that no longer fit wait for the host's verdict too)."""
        info = self.info
        gone = [s for s in [*info.waiting, *info.pending] if s.n in message.lost]
        if self.game_id is None or not gone:
            return  # said before, or not this copy's
        mine = [s.n for s in gone if s.by is None]  # a step carried for another phone is its own
        info.waiting = [s for s in info.waiting if s.n not in message.lost]
        rest = [s for s in info.pending if s.n not in message.lost]
        if len(rest) < len(info.pending):
            copy = self.store.load(self.game_id)
            settled = settle(prefix(copy, info.confirmed), rest)
            self.store.replace_log(self.game_id, settled.game)
            info.pending = list(settled.kept)
            info.waiting += [s for s in rest if s.n in settled.lost]
        info.save(self.store, self.table)
        self.on_change(self.game_id, lost_of(mine, message.key, message.player), True)


def _numbered(game: Game, known: int, first: int) -> list[OwnStep]:
    """``game``'s entries past the first ``known`` as this phone's steps, numbered from
    ``first``, each with the digest of the log it was made on and where the game stood."""
    digest, before, steps = head(game, known), prefix(game, known), []
    for i, entry in enumerate(game.log[known:]):
        data = entry_to_dict(entry)
        steps.append(OwnStep(first + i, digest, data, where(before)))
        digest = tm.chain(digest, data)
        before = prefix(game, known + i + 1)
    return steps


def _number_own(info: TableInfo, phone: str, length: int) -> None:
    """Give the host's own entries past those ``info`` holds ids of their own (``phone`` and
    its next numbers): every step of a table's log has an id, the host's included, so a step
    carried by several phones after a hand-off is held once."""
    own = [(phone, info.next_n + i) for i in range(max(0, length - len(info.by)))]
    info.by = [*info.by, *own][:length]
    info.next_n += len(own)
    info.confirmed = length
