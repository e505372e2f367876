"""A browser tab without a browser: the real session code, and a client that applies
Flet's patches to its own copy of the page, as the web client does.

:class:`Tab` opens a session through :func:`companion.server.sessions.start_session` on a fake
connection. Every message the server sends is encoded as ``flet_web`` encodes it,
decoded, and applied to :class:`ClientTree`: what the client shows is what those
patches build, not what the server believes it sent. A tap is the client's click event
for the control that carries the identifier, dispatched through Flet's session, so a
handler the page no longer holds is missed here as it would be on a phone.

:func:`shown` reduces a tree to what a person sees (texts, labels and identifiers of
the visible controls, in order), so a live tab can be compared with a fresh one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
    decode_ext_from_msgpack,
)
from flet.messaging.session import Session as FletSession
from flet.pubsub.pubsub_hub import PubSubHub

from companion.server.config import Config
from companion.server.sessions import start_session
from companion.ui.model import AppModel

_ENCODE = configure_encode_object_for_msgpack(BaseControl)  # type: ignore[no-untyped-call]
#: Banners and the other-device note belong to the tab that got them (a fresh tab has none):
#: left out of comparisons.
OWN_TO_A_TAB = frozenset({"message", "message-close", "synced"})
#: The properties that put words or names on the screen.
WORDS = ("identifier", "value", "text", "label", "semantics_label", "tooltip", "hint_text")

Node = dict[str, Any]


class PatchError(AssertionError):
    """A patch that does not fit the client's tree: a real client stops drawing here."""


class ClientTree:
    """The page as the client holds it, built from the messages it receives."""

    def __init__(self) -> None:
        self.root: Node | None = None

    def receive(self, message: list[Any]) -> None:
        action, body = message
        if action == MessageAction.REGISTER_CLIENT.value:
            self.root = body["page_patch"]
        elif action == MessageAction.PATCH_CONTROL.value:
            self._patch(body["id"], body["patch"])

    def find(self, control_id: int) -> Node | None:
        for node in _nodes(self.root):
            if node.get("_i") == control_id:
                return node
        return None

    def _patch(self, control_id: int, patch: list[Any]) -> None:
        target = self.find(control_id)
        if target is None:
            raise PatchError(f"a patch for control {control_id}, which the client does not have")
        paths, *operations = patch
        table: dict[int, list[Any]] = {}

        def index(node: list[Any], prefix: list[Any]) -> None:
            table[node[0]] = prefix
            for part, child in (node[1] if len(node) > 1 else {}).items():
                index(child, [*prefix, part])

        index(paths, [])

        def at(node_index: int) -> Any:
            container: Any = target
            for part in table[node_index]:
                container = container[part]
            return container

        for op in operations:
            try:
                _apply(op, at)
            except (IndexError, KeyError, TypeError) as exc:
                raise PatchError(f"operation {op[:3]} does not fit the client's tree ({exc!r})") from exc


def _apply(op: list[Any], at: Any) -> None:
    kind = op[0]
    if kind == 0:  # replace
        at(op[1])[op[2]] = op[3]
    elif kind == 1:  # add
        container = at(op[1])
        if isinstance(container, list):
            if not 0 <= op[2] <= len(container):
                raise IndexError(op[2])
            container.insert(op[2], op[3])
        else:
            container[op[2]] = op[3]
    elif kind == 2:  # remove
        container = at(op[1])
        if isinstance(container, list):
            container.pop(op[2])
        else:
            del container[op[2]]
    elif kind == 3:  # move
        source = at(op[1])
        value = source.pop(op[2])
        destination = at(op[3])
        if isinstance(destination, list):
            if not 0 <= op[4] <= len(destination):
                raise IndexError(op[4])
            destination.insert(op[4], value)
        else:
            destination[op[4]] = value


def _nodes(tree: Any) -> Iterator[Node]:
    if isinstance(tree, dict):
        yield tree
        for value in tree.values():
            yield from _nodes(value)
    elif isinstance(tree, list):
        for value in tree:
            yield from _nodes(value)


def _clickable(node: Node) -> Node | None:
    """The first enabled control under ``node`` (or itself) with a click handler."""
    return next((n for n in _nodes(node) if n.get("on_click") and not n.get("disabled")), None)


def _visible_nodes(tree: Any, banners: bool = False) -> Iterator[Node]:
    """Controls on show: none under a hidden one, and no tab's own banner unless ``banners``."""
    if isinstance(tree, dict):
        if tree.get("visible") is False or (not banners and tree.get("identifier") in OWN_TO_A_TAB):
            return
        yield tree
        for key, value in tree.items():
            if key != "_i":
                yield from _visible_nodes(value, banners)
    elif isinstance(tree, list):
        for value in tree:
            yield from _visible_nodes(value, banners)


def shown(tree: Node | None) -> list[str]:
    """What a person sees of ``tree``: words and identifiers of visible controls, in order."""
    return [
        f"{word}={node[word]}" for node in _visible_nodes(tree) for word in WORDS if isinstance(node.get(word), str)
    ]


class FakeConnection(Connection):
    """Flet's side of a tab: messages go, encoded as flet_web encodes them, to a client tree."""

    def __init__(self, hub: PubSubHub) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # flet_web's Connection is untyped
        self.pubsubhub = hub
        self.loop = asyncio.get_running_loop()
        self.client = ClientTree()
        self.session: FletSession | None = None
        self.storage: dict[str, object] = {}  # the device's storage (SharedPreferences), empty: a new device

    def send_message(self, message: Message) -> None:
        if message.action == MessageAction.INVOKE_METHOD:
            self._answer(message.body)
            return
        body = msgpack.packb([message.action, message.body], default=_ENCODE)
        self.client.receive(msgpack.unpackb(body, ext_hook=decode_ext_from_msgpack, strict_map_key=False))

    def _answer(self, call: Any) -> None:
        """The device storage's answers, as a browser's would come (later, on the loop); other
        questions (accessibility features, haptics) go unanswered, as on a client without them."""
        if self.session is None or call.name not in ("get", "set"):
            return
        if call.name == "set":
            self.storage[call.args["key"]] = call.args["value"]
        result = self.storage.get(call.args["key"]) if call.name == "get" else True
        self.loop.call_soon(self.session.handle_invoke_method_results, call.control_id, call.call_id, result, None)


class Tab:
    """One tab of the served app, with a client that keeps the page it was sent."""

    def __init__(self, connection: FakeConnection, session: FletSession) -> None:
        self.connection = connection
        self.session = session

    @classmethod
    async def open(
        cls, data: Path, hub: PubSubHub, width: int, height: int, route: str = "/", language: str = "ko"
    ) -> Tab:
        """Open the app in a new tab on the games in ``data`` (Korean unless ``language`` says
        otherwise, the animation off unless the store says otherwise), as a browser's first
        visit or reload does."""
        connection = FakeConnection(hub)
        session = FletSession(connection)
        connection.session = session
        _context_page.set(session.page)
        session.apply_page_patch({"route": route, "width": width, "height": height, "web": True})
        answer = RegisterClientResponseBody(session_id=session.id, page_patch=session.get_page_patch(), error="")  # type: ignore[no-untyped-call]
        connection.send_message(Message(MessageAction.REGISTER_CLIENT, answer))
        await start_session(session.page, Config(data_dir=str(data), language=language))
        tab = cls(connection, session)
        await tab.drain()
        return tab

    @property
    def model(self) -> AppModel:
        """This tab's state, as the root component was handed it."""
        root: Any = self.session.page.views
        model: AppModel = root.args[0]
        return model

    @property
    def tree(self) -> Node | None:
        return self.connection.client.root

    def shown(self) -> list[str]:
        return shown(self.tree)

    def visible(self, identifier: str) -> Node | None:
        """The visible control with ``identifier``, if there is one."""
        for node in _visible_nodes(self.tree):
            if node.get("identifier") == identifier:
                return node
        return None

    def tappable(self) -> list[str]:
        """The identifiers of visible controls that take a tap (a disabled button does not)."""
        return [
            str(node["identifier"])
            for node in _visible_nodes(self.tree)
            if isinstance(node.get("identifier"), str) and _clickable(node) is not None
        ]

    def identifiers(self) -> list[str]:
        return [
            str(node["identifier"]) for node in _visible_nodes(self.tree) if isinstance(node.get("identifier"), str)
        ]

    async def drain(self, seconds: float = 0.0) -> None:
        """Let the session's updates and effects run (and ``seconds`` of real time pass)."""
        if seconds:
            await asyncio.sleep(seconds)
        for _ in range(30):
            await asyncio.sleep(0)

    async def tap(self, identifier: str, wait: bool = True, banners: bool = False) -> None:
        """The client's click on the visible control ``identifier`` (its first clickable
        control; with ``banners``, a tab's own banner's too). ``wait``: until the handler has
        run; otherwise it runs on, as a phone's next tap does not wait for the server."""
        node = next((n for n in _visible_nodes(self.tree, banners) if n.get("identifier") == identifier), None)
        assert node is not None, f"{identifier} is not on the screen: {self.identifiers()}"
        clickable = _clickable(node)
        assert clickable is not None, f"{identifier} has nothing to tap"
        _context_page.set(self.session.page)
        dispatch = self.session.dispatch_event(clickable["_i"], "click", None)
        if wait:
            await dispatch
        else:
            asyncio.get_running_loop().create_task(dispatch)
        await self.drain()

    async def close(self) -> None:
        _context_page.set(self.session.page)
        self.session.close()  # type: ignore[no-untyped-call]  # Flet's Session.close is untyped
        await self.drain()
