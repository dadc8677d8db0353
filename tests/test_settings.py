"""Settings is the only reader of the environment: the settings it adds, and a scan that keeps it so.

No database: these tests read the environment, scan the sources and start small processes.
"""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from agent.config import env
from agent.config.settings import Settings, debug_enabled
from tests.support.school import ROOT

SCANNED = ("agent", "graphs", "middleware", "bench")
"""The packages whose modules must take the environment from `agent.config`."""
ALLOWED = ROOT / "agent" / "config"
"""Where the environment is read: `agent.config.env`, for `Settings` and the few readers beside it."""
ENV_NAMES = frozenset({"environ", "environb", "getenv", "getenvb", "putenv", "unsetenv"})


def env_reads(source: str) -> list[int]:
    """Lines of `source` that touch the process environment through `os` (any spelling)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module in ("os", "posix"):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.Name):
            names = [node.id]
        else:
            continue
        if ENV_NAMES.intersection(names):
            lines.append(node.lineno)
    return sorted(set(lines))


def test_no_module_outside_config_reads_the_environment() -> None:
    found = []
    for package in SCANNED:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.is_relative_to(ALLOWED):
                continue
            relative = path.relative_to(ROOT)
            found += [f"{relative}:{line}" for line in env_reads(path.read_text(encoding="utf-8"))]
    assert found == [], "read the environment through agent.config (Settings or agent.config.env)"


@pytest.mark.parametrize(
    "source",
    [
        "import os\nvalue = os.environ.get('X')",
        "import os\nvalue = os.environ['X']",
        "import os\nvalue = os.getenv('X')",
        "import os\nnames = dict(os.environ)",
        "from os import environ",
        "from os import getenv as read",
        "import os as o\no.putenv('X', '1')",
    ],
)
def test_the_scan_finds_each_way_of_reading_it(source: str) -> None:
    assert env_reads(source) != []


def test_the_scan_leaves_other_os_calls_alone() -> None:
    assert env_reads("import os\nos.getpid()\nos.kill(1, 9)\nenv = {'environ': 1}") == []


def test_api_keys_are_read_stripped_and_blank_means_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCHOOL_API_KEYS", raising=False)
    assert Settings.from_env().api_keys is None
    monkeypatch.setenv("SCHOOL_API_KEYS", "   ")
    assert Settings.from_env().api_keys is None
    monkeypatch.setenv("SCHOOL_API_KEYS", " key-ada-1234=ada:student ")
    assert Settings.from_env().api_keys == "key-ada-1234=ada:student"
    assert Settings().api_keys is None


@pytest.mark.parametrize(("value", "expected"), [(None, False), ("1", True), ("0", False), ("true", False)])
def test_debug_is_on_only_for_1(monkeypatch: pytest.MonkeyPatch, value: str | None, expected: bool) -> None:
    if value is None:
        monkeypatch.delenv("SCHOOL_DEBUG", raising=False)
    else:
        monkeypatch.setenv("SCHOOL_DEBUG", value)
    assert debug_enabled() is expected


def test_debug_is_read_even_when_another_setting_is_bad(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCHOOL_MAX_RUNS", "many")
    monkeypatch.setenv("SCHOOL_DEBUG", "1")
    assert debug_enabled() is True


def test_a_child_process_environment_drops_names_and_prefixes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCHOOL_FAULT_POINT", "after:router")
    monkeypatch.setenv("SCHOOL_TODAY", "2026-12-01")
    monkeypatch.setenv("OTEL_SERVICE_NAME", "school")
    monkeypatch.setenv("KEPT_FOR_THE_CHILD", "yes")

    without_fault = env.child_environment(drop=("SCHOOL_FAULT_POINT",))
    assert "SCHOOL_FAULT_POINT" not in without_fault
    assert without_fault["SCHOOL_TODAY"] == "2026-12-01"
    assert without_fault == {k: v for k, v in os.environ.items() if k != "SCHOOL_FAULT_POINT"}

    without_school = env.child_environment(drop=("KEPT_FOR_THE_CHILD",), drop_prefixes=("SCHOOL_", "OTEL_"))
    assert not [k for k in without_school if k.startswith(("SCHOOL_", "OTEL_"))]
    assert "KEPT_FOR_THE_CHILD" not in without_school
    assert without_school["PATH"] == os.environ["PATH"]


def test_verbatim_keeps_the_value_as_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCHOOL_FAULT_POINT", " after:router ")
    assert env.verbatim("SCHOOL_FAULT_POINT") == " after:router "
    monkeypatch.delenv("SCHOOL_FAULT_POINT")
    assert env.verbatim("SCHOOL_FAULT_POINT") is None


def _fault_point(value: str | None) -> subprocess.CompletedProcess[str]:
    child = env.child_environment(drop=("SCHOOL_FAULT_POINT",))
    if value is not None:
        child["SCHOOL_FAULT_POINT"] = value
    code = "from agent.config import faults; faults.point('after:router'); print('alive')"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=child, capture_output=True, text=True, timeout=60
    )


def test_a_fault_point_kills_the_process_only_when_named() -> None:
    assert _fault_point("after:router").returncode == -signal.SIGKILL
    for other in (None, "before:router", " after:router"):
        survived = _fault_point(other)
        assert (survived.returncode, survived.stdout) == (0, "alive\n")


def test_serve_refuses_malformed_api_keys_by_name() -> None:
    child = env.child_environment(drop=("SCHOOL_FAULT_POINT",)) | {"SCHOOL_API_KEYS": "short=ada:student"}
    result = subprocess.run(
        [sys.executable, "-m", "agent.interfaces.cli", "serve"],
        cwd=ROOT,
        env=child,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("error: SCHOOL_API_KEYS entries look like KEY=user:student")


def test_the_scanned_packages_exist() -> None:
    assert all(Path(ROOT, package, "__init__.py").is_file() for package in SCANNED)
