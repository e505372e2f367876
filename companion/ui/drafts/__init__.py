"""One draft per editor: what is being entered before it becomes an action.

- :mod:`.setup` the new game (players, colours, start player, tiles)
- :mod:`.migration` the people and payment of one migration
- :mod:`.dice` the roll's animation and dice entered from the table
- :mod:`.tile` a printed tile's bonuses
"""
