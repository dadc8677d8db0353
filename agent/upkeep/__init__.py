"""Upkeep of a deployment: the scheduled work the worker runs, and the doctor's health checks.

Production code, shipped in the wheel: `holds` expires unpaid seat holds, reminds and tells
students; `scheduled` is the nightly prune and the periodic doctor; `thread_pruning` prunes
threads on request and when their TTL has passed; `doctor` holds the checks,
which the worker runs on a schedule and `school-agent doctor` runs on demand (an operator's tool
of a live deployment, so it lives here, not with the QA tools in `qa`).

Sits above `agent.runtime` (a hold's notice is written into its thread through the runtime): it may
import the runtime, graphs and every layer below; never `interfaces` (the worker and the CLI call
it), nor `qa` or `bench`.
"""
