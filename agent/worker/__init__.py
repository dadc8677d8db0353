"""Workers: the processes (or `serve`'s embedded thread) that execute runs and scheduled work as task-engine jobs.

`process.Worker` runs procrastinate's worker; `tasks` defines the jobs (a thread's next run is
executed by `agent.runtime.execution`); `schedule` the school's periodic work. Nothing here answers HTTP: a run's
events and end reach its client through Postgres (`agent.journal.feeds`).
"""
