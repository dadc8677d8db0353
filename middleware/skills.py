"""Skills: recipes in `skills/<name>/SKILL.md`, listed in the system prompt, read on demand with `read_skill`.

Each SKILL.md starts with front matter between `---` lines: `name` (equal to the folder; lowercase
letters, digits and single hyphens; at most 64 characters) and `description` (what the recipe does
and when to use it; at most 1024 characters), one `key: value` per line. Only the catalogue of
names and descriptions goes into the prompt; a body costs tokens only when the model asks for it.
The front matter is parsed here (a plain subset of YAML) rather than with PyYAML, which the project
does not depend on. Skills are read when the middleware is built; a bad file fails that, loudly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from langchain.agents.middleware.types import (
    AgentState,
    ContextT,
    ModelRequest,
    ResponseT,
)
from langchain_core.tools import BaseTool, StructuredTool, ToolException
from pydantic import BaseModel, Field

from middleware._common import with_section
from middleware._prompt import RequestEditingMiddleware

MAX_NAME_CHARS = 64
MAX_DESCRIPTION_CHARS = 1024
_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_KEYS = ("name", "description")


class SkillFormatError(ValueError):
    """A SKILL.md (or the skills folder) does not follow the format; the message says where and why."""


@dataclass(frozen=True)
class Skill:
    """One skill: its catalogue entry and its body."""

    name: str
    description: str
    body: str
    path: Path


def parse_skill(text: str, *, folder: str, path: Path) -> Skill:
    """A skill from the text of its SKILL.md in folder `folder`.

    Raises:
        SkillFormatError: For missing or malformed front matter, an unknown or repeated key, a name
            that is not the folder's or not lowercase-hyphenated, an over-long or empty description,
            or an empty body.

    """
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        raise SkillFormatError(f"{path}: must start with a '---' line opening the front matter")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise SkillFormatError(f"{path}: the front matter has no closing '---' line") from None
    fields = _front_matter(lines[1:end], path)
    name, description = fields.get("name", ""), fields.get("description", "")
    if name != folder:
        raise SkillFormatError(f"{path}: name {name!r} must equal the folder name {folder!r}")
    if len(name) > MAX_NAME_CHARS or not _NAME.match(name):
        raise SkillFormatError(
            f"{path}: name {name!r} must be lowercase letters, digits and single "
            f"hyphens, at most {MAX_NAME_CHARS} characters"
        )
    if not description or len(description) > MAX_DESCRIPTION_CHARS:
        raise SkillFormatError(
            f"{path}: description must have 1 to {MAX_DESCRIPTION_CHARS} characters, has {len(description)}"
        )
    body = "\n".join(lines[end + 1 :]).strip()
    if not body:
        raise SkillFormatError(f"{path}: the skill has no body after its front matter")
    return Skill(name, description, body, path)


def _front_matter(lines: list[str], path: Path) -> dict[str, str]:
    fields: dict[str, str] = {}
    for number, line in enumerate(lines, start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or key not in _KEYS:
            raise SkillFormatError(
                f"{path}, line {number}: expected 'name: ...' or 'description: ...', got {line.strip()!r}"
            )
        if key in fields:
            raise SkillFormatError(f"{path}, line {number}: {key} is given twice")
        if value[:1] in ("|", ">"):
            raise SkillFormatError(
                f"{path}, line {number}: multi-line values are not supported; write the {key} on one line"
            )
        if len(value) >= 2 and value[0] == value[-1] and value[0] in ("'", '"'):
            value = value[1:-1]
        fields[key] = value
    missing = [k for k in _KEYS if k not in fields]
    if missing:
        raise SkillFormatError(f"{path}: the front matter lacks {', '.join(missing)}")
    return fields


def load_skills(folder: Path | str) -> dict[str, Skill]:
    """Every `<folder>/<name>/SKILL.md`, by name, in name order.

    Raises:
        SkillFormatError: If the folder does not exist, holds no skill, or a skill is malformed.

    """
    root = Path(folder)
    if not root.is_dir():
        raise SkillFormatError(f"skills folder {root} does not exist")
    skills: dict[str, Skill] = {}
    for path in sorted(root.glob("*/SKILL.md")):
        skill = parse_skill(path.read_text(encoding="utf-8"), folder=path.parent.name, path=path)
        skills[skill.name] = skill
    if not skills:
        raise SkillFormatError(f"skills folder {root} holds no <name>/SKILL.md")
    return skills


def catalogue(skills: Mapping[str, Skill]) -> str:
    """The prompt section listing each skill's name and description."""
    entries = "\n".join(f"- `{s.name}`: {s.description}" for s in skills.values())
    return (
        "## Skills\n"
        "Skills are the school's written procedures. Before a task that a skill below covers, read "
        "it with `read_skill`; only the descriptions are shown here.\n" + entries
    )


class ReadSkillArgs(BaseModel):
    """Arguments of `read_skill`."""

    name: str = Field(description="The skill's name, as listed under Skills, e.g. 'refund-policy'.")


class SkillsMiddleware(RequestEditingMiddleware[AgentState[ResponseT], ContextT, ResponseT]):
    """Puts the skills catalogue in the system prompt and offers `read_skill(name)` for a body.

    An unknown name gives an error result that lists the known skills.
    """

    def __init__(self, *, skills_dir: Path | str) -> None:
        """Read and validate every skill.

        Args:
            skills_dir: The folder holding `<name>/SKILL.md` files.

        Raises:
            SkillFormatError: If the folder or a skill in it does not follow the format.

        """
        super().__init__()
        self.skills = load_skills(skills_dir)
        self.section = catalogue(self.skills)
        self.tools: list[BaseTool] = [self._read_skill_tool()]

    def _read_skill_tool(self) -> BaseTool:
        skills = self.skills

        def read_skill(name: str) -> str:
            skill = skills.get(name.strip())
            if skill is None:
                msg = f"No skill named {name!r}. Known skills: {', '.join(skills)}."
                raise ToolException(msg)
            return f"# Skill: {skill.name}\n\n{skill.body}"

        return StructuredTool.from_function(
            func=read_skill,
            name="read_skill",
            args_schema=ReadSkillArgs,
            infer_schema=False,
            handle_tool_error=True,
            description="Read the full text of one of the school's skills (listed under Skills).",
        )

    def _request(self, request: ModelRequest[ContextT]) -> ModelRequest[ContextT]:
        return request.override(system_message=with_section(request.system_message, self.section))
