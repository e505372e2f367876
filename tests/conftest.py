"""Pytest configuration shared by all tests."""
