"""The game's data: what is kept and what is said about games, with no Flet and no network.

- :mod:`.store` saved games and settings in SQLite (``DB_NAME``)
- :mod:`.game_files` the checks on game files shared by the command line and the UI
- :mod:`.names` which names the app's font can draw
- :mod:`.stats` player summaries, the table's record and dice fairness
- :mod:`.text` the game in plain words: goods, "1." or "all", expected counts, the summary

May import only the rules, the catalogs and :mod:`companion.assets_path`; the UI and the
server import it.
"""
