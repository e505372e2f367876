"""What each screen draws from the model: one builder per screen (start, setup, history,
stats, settings, rules, join) and the round's panes (play, herd, migration, taming,
printed, log, scoring, summary; the last three are shared with a finished game's screen).
"""
