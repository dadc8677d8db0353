"""The agents' skills, one `<name>/SKILL.md` a folder, shipped as package data.

A package only so that a regular (non-editable) install carries the files: `DIR` is where they
lie, in the checkout or in site-packages. Policy text for agents; the code enforces the rules.
"""

from pathlib import Path

DIR = Path(__file__).resolve().parent
