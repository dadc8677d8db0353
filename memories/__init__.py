"""The school's notes for agents (`AGENTS.md`), shipped as package data.

A package only so that a regular (non-editable) install carries the file: `AGENTS_MD` is its path.
"""

from pathlib import Path

AGENTS_MD = Path(__file__).resolve().parent / "AGENTS.md"
