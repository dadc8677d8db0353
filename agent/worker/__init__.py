"""Workers: the processes that execute runs and scheduled work as task-engine jobs.

`process.Worker` runs procrastinate's worker; `attached` is the worker process that `serve` starts,
restarts and stops beside its API; `tasks` defines the jobs (a thread's next run is executed by
`agent.runtime.execution`); `schedule` the school's periodic work. Nothing here answers HTTP: a
run's events and end reach its client through Postgres (`agent.journal.feeds`).
"""
