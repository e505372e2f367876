"""Mammoth Herd Companion: The Mammoth Herd (a Stone Age mini expansion) at the table.

The packages, each importing only those below it (``pyproject.toml``'s import-linter
contracts, checked by ``tests/test_layers.py``):

- :mod:`.server` hosts the UI for browsers and the desktop window
- :mod:`.site` the same UI as a static web site, Python running in the browser (its
  ``publish`` writes it); of the server it imports only the Flet fence
- :mod:`.ui` the Flet screens: they show the state and dispatch actions, and hold no rules
- :mod:`.data` the game's data: saved games, game files, names, statistics, phrases
- :mod:`.rules` the game as pure Python
- :mod:`.i18n` the catalogs in four languages, and :mod:`.assets_path` where the assets
  are: both used by any layer, importing none
- :mod:`.cli` the command line's games, export and import, over the game's data and the
  rules; :mod:`.__main__` its entry, which starts the server, runs those, or hands
  ``publish`` to :mod:`.site`
"""

#: The folder name under the user data and cache directories (platformdirs).
APP_NAME = "mammoth-herd-companion"
