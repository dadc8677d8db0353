"""The load and chaos run (`python -m bench.load.run`): many students over HTTP while processes die.

`cluster` starts the deployment (API processes, worker processes, the model stub, a Postgres of
its own for chaos) and kills and restarts parts of it; `locustfile` is the students and the
operator that Locust drives over the LangGraph Server API; `checks` reads the database afterwards for
what must never happen (a lost run, a second enrollment or charge, an overbooked cohort, a
journal that disagrees with the checkpoints); `run` puts them together and reports.

Like the rest of `bench`, nothing in the application imports it.
"""
