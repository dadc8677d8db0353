"""The docs as a tree: the README stays a front door, every link lands, the references are whole.

No database and no server: these read the Markdown files, the Makefile, the source of
`agent/config` (and the modules that read the few variables outside it) and the CLI's parser.
"""

from __future__ import annotations

import argparse
import re
import typing
from pathlib import Path

import pytest

from agent.config import model_config
from agent.interfaces.cli.parser import build_parser
from bench import report

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = sorted([README, ROOT / "CHANGELOG.md", *DOCS.rglob("*.md")])

_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^(```|~~~)")


def prose(text: str, *, inline_code: bool = False) -> str:
    """`text` without its fenced code blocks (and inline code, unless kept), where `[x](y)` is no link."""
    kept, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            kept.append(line if inline_code else re.sub(r"`[^`]*`", "", line))
    return "\n".join(kept)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings."""
    found = set()
    for line in prose(page.read_text(encoding="utf-8"), inline_code=True).splitlines():
        if heading := re.match(r"^#{1,6} (.+)$", line):
            found.add(slug(heading[1]))
    return found


def relative_links(page: Path) -> list[str]:
    """The links of a page that point into the repository (no scheme, no mail)."""
    links = _LINK.findall(prose(page.read_text(encoding="utf-8")))
    return [link for link in links if not re.match(r"^[a-z][a-z+.-]*:", link)]


def broken_links(pages: list[Path]) -> list[str]:
    """`page: link` for each relative link whose file, or heading, is not there."""
    broken = []
    for page in pages:
        for link in relative_links(page):
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            if not target.exists():
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such file)")
            elif anchor and target.suffix == ".md" and anchor not in anchors(target):
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such heading)")
    return broken


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines; move the detail into docs/"


def test_every_relative_link_resolves() -> None:
    assert broken_links(PAGES) == []


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# Here it is\n")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md) [ok](there.md#here-it-is) [web](https://example.org/x.md)\n"
        "[gone](missing.md) [no heading](there.md#elsewhere) `[code](not-a-link.md)`\n"
        "```\n[fenced](not-a-link-either.md)\n```\n"
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert broken_links([page]) == [
            "page.md: missing.md (no such file)",
            "page.md: there.md#elsewhere (no such heading)",
        ]
    finally:
        ROOT = saved


def test_the_readmes_two_commands_are_make_targets() -> None:
    text = README.read_text(encoding="utf-8")
    block = text.split("## Two commands", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#", 1)[0].split() for line in block.splitlines() if line.strip()]
    assert [c for c in commands] == [["make", "serve"], ["make", "test"]]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][a-z-]*):[^=\n]*## ", makefile, flags=re.MULTILINE))
    assert {"serve", "test"} <= targets


def environment_variables() -> set[str]:
    """Every `SCHOOL_*` variable the application reads: named in its source, and the per-role
    ones `model_config` builds from a prefix (`SCHOOL_<ROLE>_BASE_URL`, ...)."""
    names: set[str] = set()
    for package in ("agent", "graphs", "middleware"):
        for source in (ROOT / package).rglob("*.py"):
            names |= set(
                re.findall(r"\bSCHOOL_[A-Z][A-Z0-9_]*[A-Z0-9]\b", source.read_text(encoding="utf-8"))
            )
    config_source = Path(model_config.__file__).read_text(encoding="utf-8")
    suffixes = set(re.findall(r'f"\{prefix\}(_[A-Z0-9_]+)"', config_source))
    assert suffixes, "model_config no longer builds per-role names from a prefix: update this test"
    for role in typing.get_args(model_config.Role):
        names |= {f"SCHOOL_{role.upper()}{suffix}" for suffix in suffixes}
    return names


def test_every_environment_variable_is_in_the_configuration_reference() -> None:
    page = (DOCS / "reference" / "configuration.md").read_text(encoding="utf-8")
    variables = environment_variables()
    config_only = set(re.findall(r"\bSCHOOL_[A-Z][A-Z0-9_]*[A-Z0-9]\b", _config_source()))
    assert config_only <= variables and "SCHOOL_ROUTER_BASE_URL" in variables
    missing = sorted(name for name in variables if not re.search(rf"`{name}`", page))
    assert missing == [], f"not in docs/reference/configuration.md: {missing}"


def _config_source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "agent" / "config").glob("*.py"))


def commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and subcommand of a parser, as its words."""
    found = []
    for action in parser._actions:  # argparse keeps its subparsers only here
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append((*prefix, name))
                found += commands(sub, (*prefix, name))
    return found


def test_every_school_agent_command_is_in_the_cli_reference() -> None:
    page = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    every = commands(build_parser())
    assert ("send",) in every and ("db", "setup") in every
    missing = [" ".join(words) for words in every if not re.search(rf"`{' '.join(words)}[ `]", page)]
    assert missing == [], f"not in docs/reference/cli.md: {missing}"


def test_the_benchmark_report_is_where_the_docs_say() -> None:
    assert (ROOT / report.REPORT).is_file()
    tree = (DOCS / "README.md").read_text(encoding="utf-8")
    assert Path(report.REPORT).relative_to("docs").as_posix() in tree
    old = [
        page.relative_to(ROOT)
        for page in PAGES
        if re.search(r"docs/(BENCHMARKS|SCALING)\.md", page.read_text())
    ]
    assert [str(p) for p in old if p.name != "CHANGELOG.md"] == []


def test_a_partial_benchmark_run_keeps_the_sections_it_did_not_run() -> None:
    written = (ROOT / report.REPORT).read_text(encoding="utf-8")
    assert report.merge(written, written) == written

    head, _, rest = written.partition("\n## Targets\n")
    http = [row for row in rest.split("\n## ", 1)[0].splitlines() if row.startswith("| HTTP, ")]
    assert len(http) == 4
    section = "6. Over HTTP: `langgraph dev` and `serve`"
    new = (
        f"{head.replace('latest run', 'latest run, again')}\n## Targets\n\n| target | figure | result |\n"
        "|---|---|---|\n| HTTP, 3 students × 2 turns, offline model: a new row | 1 | met |\n\n"
        f"## {section}\n\nMeasured by `school-agent bench --only http` now.\n\na new table\n"
    )
    merged = report.merge(written, new)

    assert "latest run, again" in merged
    assert "| HTTP, 3 students × 2 turns, offline model: a new row | 1 | met |" in merged
    assert not [row for row in http if row in merged]
    after = merged.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    assert after.strip() == "Measured by `school-agent bench --only http` now.\n\na new table"
    for title in re.findall(r"^## (.+)$", written, flags=re.MULTILINE):
        assert f"\n## {title}\n" in merged, title
    for row in written.split("\n## Targets\n", 1)[1].split("\n## ", 1)[0].splitlines():
        if row.startswith("| ") and not row.startswith("| HTTP, "):
            assert row in merged


def test_every_concurrency_target_row_is_kept_as_the_concurrency_sections() -> None:
    run = {"turns_per_s": 10.0, "turn": {"median_ms": 100.0}}
    results = {"ours": run, "stock": run, "ceiling": run, "ratio": 1.0, "threads": 50, "turns_each": 10}
    rows = report._concurrency_targets(results | {"model_delay_s": 0.2})
    assert len(rows) == 2
    assert [report._target_section(row) for row in rows] == ["concurrency", "concurrency"]


@pytest.mark.parametrize("page", [p.relative_to(ROOT).as_posix() for p in sorted(DOCS.rglob("*.md"))])
def test_every_page_is_in_the_tree(page: str) -> None:
    tree = (DOCS / "README.md").read_text(encoding="utf-8")
    assert page == "docs/README.md" or f"]({Path(page).relative_to('docs').as_posix()})" in tree
