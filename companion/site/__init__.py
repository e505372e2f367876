"""The static site: the whole app in the browser's own Python (Pyodide), with no server.

- :mod:`.publish` ``python -m companion publish [DIR]``: writes the folder a static host
  serves (runs on the publishing machine); :mod:`.pack` the Python side of it
- :mod:`.main` the entry that runs in the browser; :mod:`.keep` the saved games kept in
  the browser's storage; :mod:`.handover` a second tab that waits for them or takes them over;
  :mod:`.peers` what Python and the page say to each other for playing together
- :mod:`.flet_client` the site's fence: flet-web's client files it copies, the scripts it
  forks (pinned by hash), the page tags it edits, and the page itself
- ``page.js``, ``table.js``, ``python.js``, ``python-worker.js``, ``sw.js``: the page's
  scripts (``table.js``: WebRTC, the camera, QR codes), Python's worker and the service
  worker; ``vendor/`` the QR code scanner and drawer, shipped with the site

May import the UI, the game's data, the rules and the catalogs, and of the server only
its fence of Flet's private internals (:mod:`companion.server.webfix`, which imports
nothing else); what runs in the browser never imports the web server, psutil or qrcode.
"""
