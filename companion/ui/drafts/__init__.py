"""One draft per editor: what is being entered before it becomes an action.

- :mod:`.setup` the new game (players, colours, start player, tiles)
- :mod:`.migration` the people and payment of one migration
- :mod:`.dice` dice entered from the table (the roll itself is the round view's)
- :mod:`.tile` a printed tile's bonuses
- :mod:`.sets` the owner's sets of printed tiles: the set open, the tile being entered
"""
