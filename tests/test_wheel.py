"""A regular (non-editable) wheel carries everything the application reads from its packages.

Builds the wheel from a copy of the checkout's sources, installs it into a fresh virtual
environment outside the checkout and, from a working directory outside it too, looks up the skills,
`memories/AGENTS.md`, the catalog tables, the knowledge base's documents, the router's evaluation
set and the server's static files the way the application does (tests/support/wheel_probe.py). The
fresh environment sees the test environment's site-packages for the dependencies, but not its
`.pth` files, so the editable install of this checkout is not active there: every module of ours
comes from the wheel, which the probe checks. The QA tools (`qa`) and the benchmark (`bench`) are
not in the wheel: they run from a checkout, and the installed command says so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path
from typing import Any

import pytest

from agent.domain.catalog import load_seed
from agent.domain.documents import load_documents
from agent.domain.paths import load_paths
from tests.support.school import ROOT

pytestmark = pytest.mark.slow

PROBE = ROOT / "tests" / "support" / "wheel_probe.py"
PACKAGES = ["agent", "graphs", "middleware", "skills", "memories"]
"""What the wheel holds: the product's top-level packages."""
TOOLS = ["qa", "bench"]
"""Top-level packages of the checkout that stay out of the wheel."""
SOURCES = ["pyproject.toml", "README.md", *PACKAGES, *TOOLS]
"""What the build is given: the project's metadata and every top-level package."""
CACHES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")


def run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, **kwargs)
    if result.returncode != 0:
        pytest.fail(f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def build_wheel(tmp: Path) -> Path:
    """A wheel built from a copy of the sources, so the build leaves nothing in the checkout."""
    source = tmp / "source"
    source.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=CACHES)
        else:
            shutil.copy2(path, source / name)
    dist = tmp / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    run(
        [
            *pip,
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-w",
            str(dist),
            str(source),
        ]
    )
    (wheel,) = dist.glob("school_agent-*.whl")
    return wheel


def fresh_environment(tmp: Path, wheel: Path) -> Path:
    """A venv without pip, the wheel installed into it, the test environment's dependencies visible."""
    venv = tmp / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    purelib = Path(
        run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip()
    )
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    run([*pip, "install", "--quiet", "--no-deps", "--no-index", "--target", str(purelib), str(wheel)])
    # A path line, not `site.addsitedir`: the test environment's .pth files (the editable install's
    # finder among them) are not run, so nothing maps our packages back to the checkout.
    (purelib / "zz_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def packaged_files() -> list[str]:
    """Every file the wheel must carry: all that lies in our packages (modules and data alike)."""
    return sorted(
        path.relative_to(ROOT).as_posix()
        for top in PACKAGES
        for path in (ROOT / top).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The wheel, and the Python of a fresh environment it is installed in; both outside the checkout."""
    tmp = tmp_path_factory.mktemp("wheel")
    assert not tmp.resolve().is_relative_to(ROOT), f"the temporary folder {tmp} is inside the checkout"
    wheel = build_wheel(tmp)
    return wheel, fresh_environment(tmp, wheel)


def test_the_wheel_holds_every_module_and_data_file(installed: tuple[Path, Path]) -> None:
    wheel, _ = installed
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())

    missing = [path for path in packaged_files() if path not in names]

    assert missing == [], (
        f"the wheel lacks {missing}; add them to [tool.setuptools.package-data] in pyproject.toml"
    )
    assert {"skills/__init__.py", "memories/AGENTS.md"} <= names
    assert sorted(name for name in names if name.split("/")[0] in TOOLS) == []


def test_an_installed_wheel_finds_skills_memory_catalog_and_static_files_and_no_tools(
    installed: tuple[Path, Path], tmp_path: Path
) -> None:
    _, python = installed
    probe = tmp_path / PROBE.name
    shutil.copy2(PROBE, probe)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}

    # -I: no PYTHONPATH, no user site, and not the script's folder on sys.path.
    dependencies = sysconfig.get_paths()["purelib"]
    out = run([str(python), "-I", str(probe), str(ROOT), dependencies], cwd=tmp_path, env=env).stdout
    found = json.loads(out)

    site = python.parents[1].resolve()
    (purelib,) = found["sys_path_with_our_packages"]
    assert Path(purelib).resolve().is_relative_to(site)
    assert found["loaded_from_checkout"] == []
    assert all(Path(folder).is_relative_to(site) for folder in found["ours_loaded_from"]), found[
        "ours_loaded_from"
    ]
    assert Path(found["skills_dir"]).is_relative_to(site)
    assert found["skills"] == sorted(p.parent.name for p in (ROOT / "skills").glob("*/SKILL.md"))
    assert found["skills"] != []
    assert found["agents_md"] == (ROOT / "memories" / "AGENTS.md").read_text(encoding="utf-8")
    assert found["catalog"] == json.loads(json.dumps(load_seed(), default=str))
    assert found["knowledge"] == {d.id: d.content_hash for d in load_documents()} != {}
    assert found["careers"] == len(load_paths().careers)
    assert found["tools_found"] == []
    static = ROOT / "agent" / "interfaces" / "server" / "static"
    assert found["static"] == sorted(p.name for p in static.iterdir() if p.is_file())
    assert found["index_html"] == (static / "index.html").read_text()


def test_the_installed_command_starts(installed: tuple[Path, Path], tmp_path: Path) -> None:
    _, python = installed
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}

    out = run([str(python), "-I", "-m", "agent.interfaces.cli", "--help"], cwd=tmp_path, env=env).stdout

    assert "usage: school-agent" in out


def test_the_installed_command_sends_the_qa_tools_to_a_checkout(
    installed: tuple[Path, Path], tmp_path: Path
) -> None:
    _, python = installed
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    command = [str(python), "-I", "-m", "agent.interfaces.cli"]

    refused = [
        subprocess.run([*command, *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        for args in (["demo"], ["eval", "router"], ["bench", "--quick"])
    ]

    assert [(r.returncode, r.stdout) for r in refused] == [(2, "")] * 3
    assert [r.stderr.split(": the QA tools")[0] for r in refused] == [
        "error: `school-agent demo` runs from a checkout of the project",
        "error: `school-agent eval router` runs from a checkout of the project",
        "error: `school-agent bench` runs from a checkout of the project",
    ]
