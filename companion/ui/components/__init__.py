"""Memoized components (``@ft.component`` under :func:`~..memo.memo`) of the round screen: each
module holds one component or a family drawn together (the result card's verdict, dice and
shares). A few more live beside the screen that alone uses them (the top bar, the migration
editor, the herd picker and the tile editor).
"""
