"""Memoized components, one per module."""
