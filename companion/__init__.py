"""Mammoth Herd Companion."""

#: The folder name under the user data and cache directories (platformdirs).
APP_NAME = "mammoth-herd-companion"
