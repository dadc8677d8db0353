"""Run by tests/test_wheel.py with a fresh environment's Python: what an installed wheel finds.

Looks everything up the way the application does (the skills and memory middleware's folders, the
catalog and path tables, the knowledge base's documents, the server's static files), looks for the
tools that stay out of the wheel (`qa`, `bench`), and prints a JSON report on stdout. It must not import anything of the tests: it runs
outside the checkout.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

OURS = ("agent", "graphs", "middleware", "skills", "memories")
TOOLS = ("qa", "bench")


def report(checkout: Path, dependencies: Path) -> dict[str, Any]:
    """What the installed packages hold, and where they were loaded from.

    `dependencies` is the test environment's site-packages (inside the checkout's .venv): modules
    from there are expected; a module from anywhere else in the checkout is not.
    """
    import skills
    from agent.domain.catalog import load_seed
    from agent.domain.documents import load_documents
    from agent.domain.paths import load_paths
    from agent.interfaces.server import app
    from graphs.planner.subagents import AgentKit
    from middleware.memory import MemoryMiddleware
    from middleware.skills import load_skills

    MemoryMiddleware(agents_md=AgentKit.agents_md)  # refuses a path that is not a file
    static = resources.files(app.__package__ or "").joinpath("static")
    files = {
        name: Path(m.__file__).resolve() for name, m in sys.modules.items() if getattr(m, "__file__", None)
    }
    return {
        "sys_path_with_our_packages": [p for p in sys.path if any((Path(p) / top).exists() for top in OURS)],
        "loaded_from_checkout": sorted(
            name
            for name, path in files.items()
            if path.is_relative_to(checkout) and not path.is_relative_to(dependencies)
        ),
        "ours_loaded_from": sorted(
            {str(path.parent) for name, path in files.items() if name.split(".")[0] in OURS}
        ),
        "skills": sorted(load_skills(AgentKit.skills_dir)),
        "skills_dir": str(skills.DIR),
        "agents_md": AgentKit.agents_md.read_text(encoding="utf-8"),
        "catalog": load_seed(),
        "knowledge": {d.id: d.content_hash for d in load_documents()},
        "careers": len(load_paths().careers),
        "tools_found": [name for name in TOOLS if importlib.util.find_spec(name) is not None],
        "static": sorted(entry.name for entry in static.iterdir() if entry.is_file()),
        "index_html": static.joinpath("index.html").read_text(),
    }


if __name__ == "__main__":
    print(json.dumps(report(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()), default=str))
