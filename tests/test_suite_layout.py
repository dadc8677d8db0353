"""The suite's own layout: shared helpers live in tests/support/, and no test module imports another.

A test module that imports another runs the other's module-level code and turns its helpers into an
API nobody reviews as one; conftest is pytest's to load, not a module to import from.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _is_test_module(dotted: str) -> bool:
    """Whether `tests.x.y` names conftest or a test module (test_*), at any depth."""
    parts = dotted.split(".")
    return parts[0] == "tests" and any(p == "conftest" or p.startswith("test_") for p in parts[1:])


def imports_of_test_modules(source: str, path: Path) -> list[str]:
    """The test modules and conftests that `source` (the text of the file `path`) imports."""
    found = []
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the importing file's package
                package = path.relative_to(TESTS.parent).parts[: -node.level]
                base = ".".join([*package, *([node.module] if node.module else [])])
            # `from tests import test_x` names the module in the alias, not in `module`.
            names = [base] if _is_test_module(base) else [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found += [f"line {node.lineno}: {name}" for name in names if _is_test_module(name)]
    return found


def test_no_test_module_imports_another_test_module_or_conftest() -> None:
    offenders = {
        str(path.relative_to(TESTS.parent)): imports
        for path in sorted(TESTS.rglob("*.py"))
        if "node_modules" not in path.parts and (imports := imports_of_test_modules(path.read_text(), path))
    }

    assert offenders == {}, (
        "test modules import other test modules or conftest; move the shared helper to tests/support/ "
        f"and import it from there: {offenders}"
    )


def test_the_check_sees_every_form_of_such_an_import() -> None:
    source = (
        "import tests.test_api\n"
        "from tests.conftest import ROOT\n"
        "from tests import test_web\n"
        "from .test_planner import ML_REQUEST\n"
        "from . import conftest\n"
        "from tests.support.school import ROOT\n"
        "import tests.support.fakes\n"
        "from tests import support\n"
    )

    found = imports_of_test_modules(source, TESTS / "test_example.py")

    assert found == [
        "line 1: tests.test_api",
        "line 2: tests.conftest",
        "line 3: tests.test_web",
        "line 4: tests.test_planner",
        "line 5: tests.conftest",
    ]


BENCHMARK_TESTS = {"tests/test_bench.py", "tests/test_docs.py", "tests/test_load.py"}
"""The benchmark's own tests: its command and report (test_bench, test_docs) and its load run (test_load)."""


def imports_of_the_benchmark(source: str, path: Path) -> list[str]:
    """The modules of `bench` that `source` (the text of the file `path`) imports."""
    found = []
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        else:
            continue
        found += [f"line {node.lineno}: {name}" for name in names if name.split(".")[0] == "bench"]
    return found


def test_only_the_benchmarks_own_tests_import_it() -> None:
    offenders = {
        name: imports
        for path in sorted(TESTS.rglob("*.py"))
        if "node_modules" not in path.parts
        and (name := str(path.relative_to(TESTS.parent))) not in BENCHMARK_TESTS
        and (imports := imports_of_the_benchmark(path.read_text(), path))
    }

    assert offenders == {}, (
        "tests import the benchmark's helpers; a helper the tests need goes to tests/support/ (or to qa/ "
        f"when the benchmark needs it too): {offenders}"
    )
