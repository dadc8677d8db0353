"""The school assistant's runtime, in layers; each package's docstring says what it may import.

From the bottom up: `config` (what the environment says) · `domain` (the school's rules over
psycopg) · `infra` (database resources, locks, migrations, retention, the budget ledger, the fake
payment provider) · `journal` (what happened, durably: events, turns, grants, queued jobs) ·
`llm` (chat models, usage and cost, tracing) · then `graphs/` (the StateGraphs) · `runtime`
(threads and runs: the one API the faces call) · `upkeep` (the worker's scheduled work, the
doctor) · `interfaces` (CLI, HTTP server, Studio, progress display). `middleware/` sits beside
`domain`: LangChain only. A layer imports only layers below it; `make lint` (import-linter)
enforces it. The QA tools (`qa/`) and the benchmark (`bench/`) lie beside the package, outside the
wheel; nothing here imports them.
"""
