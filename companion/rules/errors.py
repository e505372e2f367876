"""The one error family every rule break raises.

Each :class:`RuleError` carries a machine-readable ``code`` (the UI looks it
up in the i18n catalogs, under ``error.<code>``) and the ``params`` that went
into the message, so the bad input is always visible.  The English ``str()``
is for logs and developers.
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An action or setup broke a rule; the game state is unchanged."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = params

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.params!r})"


class SetupError(RuleError):
    """Players, seating, start player, deck or seed are not acceptable."""


class ActionError(RuleError):
    """An action is not legal in the current state."""


class DeckError(RuleError):
    """A deck file is malformed; the message names the file and the tile."""


class ImportFormatError(RuleError):
    """An exported game file cannot be read back."""
