"""Generators run by hand (fonts, icons, CLDR data); not part of the app."""
