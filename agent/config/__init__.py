"""Configuration: the process's settings, read from the environment in one place.

The lowest layer: it imports nothing of the project. Every other layer takes a `Settings` (or a
value from it) instead of reading `os.environ`.
"""
