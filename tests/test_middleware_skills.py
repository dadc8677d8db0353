"""SkillsMiddleware: the catalogue of the repository's skills in the prompt, bodies only through
`read_skill`, and SKILL.md files checked with clear errors.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from middleware import SkillFormatError, SkillsMiddleware, load_skills
from middleware.skills import catalogue

SKILLS = Path(__file__).resolve().parents[1] / "skills"


def test_the_repository_skills_are_valid() -> None:
    skills = load_skills(SKILLS)
    assert list(skills) == ["enrollment-policy", "program-planning", "refund-policy"]
    assert skills["refund-policy"].body.startswith("# Refund policy\n")


def test_only_the_catalogue_is_in_the_prompt_and_a_body_comes_on_demand(scripted_model: Any) -> None:
    skills = load_skills(SKILLS)
    model = scripted_model(
        AIMessage("", tool_calls=[{"name": "read_skill", "args": {"name": "refund-policy"}, "id": "c1"}]),
        AIMessage("", tool_calls=[{"name": "read_skill", "args": {"name": "refunds"}, "id": "c2"}]),
        "Cancelling 7 or more days before the start refunds the full price.",
    )
    agent = create_agent(
        model,
        tools=[],
        system_prompt="You help students of Northwind.",
        middleware=[SkillsMiddleware(skills_dir=SKILLS)],
        checkpointer=InMemorySaver(),
    )
    out = agent.invoke(
        {"messages": [HumanMessage("do I get my money back?")]}, {"configurable": {"thread_id": "t1"}}
    )

    system = model.calls[0].messages[0]
    assert isinstance(system, SystemMessage)
    assert system.text == "You help students of Northwind.\n\n" + catalogue(skills)
    for skill in skills.values():
        assert f"- `{skill.name}`: {skill.description}" in system.text
        assert skill.body not in system.text
    results = [(m.tool_call_id, m.status, m.text) for m in out["messages"] if isinstance(m, ToolMessage)]
    assert results == [
        ("c1", "success", "# Skill: refund-policy\n\n" + skills["refund-policy"].body),
        (
            "c2",
            "error",
            "No skill named 'refunds'. Known skills: enrollment-policy, program-planning, refund-policy.",
        ),
    ]
    assert out["messages"][-1].text == "Cancelling 7 or more days before the start refunds the full price."


def write_skill(root: Path, folder: str, text: str) -> Path:
    (root / folder).mkdir(parents=True)
    path = root / folder / "SKILL.md"
    path.write_text(text)
    return path


GOOD_BODY = "# Body\nDo this."


@pytest.mark.parametrize(
    ("folder", "text", "error"),
    [
        ("a-b", "name: a-b\ndescription: d\n---\n" + GOOD_BODY, "must start with a '---' line"),
        ("a-b", "---\nname: a-b\ndescription: d\n" + GOOD_BODY, "no closing '---' line"),
        (
            "a-b",
            "---\nname: other\ndescription: d\n---\n" + GOOD_BODY,
            "name 'other' must equal the folder name",
        ),
        ("A-b", "---\nname: A-b\ndescription: d\n---\n" + GOOD_BODY, "must be lowercase letters"),
        ("a--b", "---\nname: a--b\ndescription: d\n---\n" + GOOD_BODY, "single hyphens"),
        ("a" * 65, f"---\nname: {'a' * 65}\ndescription: d\n---\n" + GOOD_BODY, "at most 64 characters"),
        (
            "a-b",
            f"---\nname: a-b\ndescription: {'x' * 1025}\n---\n" + GOOD_BODY,
            "1 to 1024 characters, has 1025",
        ),
        ("a-b", "---\nname: a-b\n---\n" + GOOD_BODY, "lacks description"),
        (
            "a-b",
            "---\nname: a-b\nname: a-b\ndescription: d\n---\n" + GOOD_BODY,
            "line 3: name is given twice",
        ),
        (
            "a-b",
            "---\nname: a-b\nversion: 2\ndescription: d\n---\n" + GOOD_BODY,
            "line 3: expected 'name: ...'",
        ),
        ("a-b", "---\nname: a-b\ndescription: >\n  long\n---\n" + GOOD_BODY, "line 3: multi-line values"),
        ("a-b", "---\nname: a-b\ndescription: d\n---\n\n", "has no body"),
    ],
)
def test_malformed_skills_are_refused_with_the_file_and_reason(
    tmp_path: Path, folder: str, text: str, error: str
) -> None:
    path = write_skill(tmp_path, folder, text)
    with pytest.raises(SkillFormatError, match=error) as caught:
        SkillsMiddleware(skills_dir=tmp_path)
    assert str(caught.value).startswith(str(path))


def test_quoted_values_and_comments_are_accepted(tmp_path: Path) -> None:
    front = "---\n# a comment\nname: 'a-b'\ndescription: \"Does: this.\"\n---\n"
    write_skill(tmp_path, "a-b", front + GOOD_BODY)
    skill = load_skills(tmp_path)["a-b"]
    assert (skill.name, skill.description, skill.body) == ("a-b", "Does: this.", GOOD_BODY)


def test_a_missing_or_empty_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SkillFormatError, match="does not exist"):
        SkillsMiddleware(skills_dir=tmp_path / "nope")
    with pytest.raises(SkillFormatError, match=r"holds no <name>/SKILL\.md"):
        SkillsMiddleware(skills_dir=tmp_path)


def test_the_catalogue_follows_a_system_prompt_made_of_content_blocks(scripted_model: Any) -> None:
    model = scripted_model("hi")
    base = SystemMessage(content=[{"type": "text", "text": "Base."}])
    agent = create_agent(
        model, tools=[], system_prompt=base, middleware=[SkillsMiddleware(skills_dir=SKILLS)]
    )
    agent.invoke({"messages": [HumanMessage("hi")]})
    assert model.calls[0].messages[0].text == "Base.\n\n" + catalogue(load_skills(SKILLS))
