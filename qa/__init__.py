"""Quality tools, not the product: the evaluations, the crash sweep, the demo story and their data.

The router, retrieval and scenario evaluations (`school-agent eval ...`), the crash sweep
(`school-agent crash-sweep`), the narrated demo (`school-agent demo`, `make demo`), and the test
doubles the benchmark and the tests share (`model_stub`, the wire counter `wire`, the load run's
database checks `load_checks`). They run from a checkout: this package is not in the wheel, and no
production module imports it (an import-linter contract; only the CLI's commands that run these
tools load it, lazily). It may import every layer of `agent`, `graphs` and `middleware`; never
`bench`, which may import it.
"""
