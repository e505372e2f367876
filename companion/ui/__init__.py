"""The Flet app: screens that show the state and dispatch actions, holding no rules.

- :mod:`.root` the page: which screen, the frame, the text size, page effects
- :mod:`.model` one tab's state, built once: the session, the game controller, the drafts,
  the round's view and the file handlers
- :mod:`.session` the tab (screen, settings, message); :mod:`.controller` the game (load,
  dispatch, save, undo, other tabs); :mod:`.round_view` the round screen's own state (its
  questions and panels, the tumble, the kept panes); :mod:`.drafts` entry values
- :mod:`.screens` one builder per screen and the round's panes; :mod:`.components` the
  memoized components; :mod:`.widgets`, :mod:`.theme`, :mod:`.textsize` the pieces

May import the game's data, the rules, the catalogs and Flet's public API; never the server
(a static site runs this package without one).
"""
