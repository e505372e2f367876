"""The server: everything that hosts the UI for browsers and the desktop window.

- :mod:`.app` ``serve()``, the web app, the desktop window and the ``flet build`` entry
- :mod:`.sessions` what each new tab gets: its store, language, model, page and pubsub
- :mod:`.gates` the origin and access-token gates
- :mod:`.compression` gzip for the web client's files
- :mod:`.network` the machine's addresses and the hosts a browser may name
- :mod:`.memory` the memory guard that refuses new tabs when the machine runs low
- :mod:`.config` run settings: ``flet.toml`` and the command line
- :mod:`.webfix` the server's fence: every use of Flet's private internals, checked by
  version and by name at start and in a test

May import everything else in the package (the UI, the game's data, the rules, the catalogs).
Imported by the entry point ``companion.__main__``; the static site imports only
:mod:`.webfix` (the diff fix runs in the browser too, and the page scripts it writes are
the served page's) and runs the UI without the rest.
"""
