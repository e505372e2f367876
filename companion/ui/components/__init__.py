"""Every memoized component of the app (``@ft.component`` under :func:`~..memo.memo`), one
module each, or one family drawn together: the result card's verdict, dice and shares
(:mod:`.result_card`), the migration editor's shell and its lines (:mod:`.migration_editor`).
The screens in :mod:`..screens` hand them plain data; :mod:`..root` is the page's own root.
"""
