"""Helpers shared by the tests; test modules import from here, never from another test module.

- `school`: the checkout's root, the fixed test date, `run_cli` and `fresh_database`.
- `api`: the HTTP API's test keys and headers, where `serve` answers the LangGraph API (`API_PATH`),
  the SDK's clients on it, and table fingerprints (a refusal writes nothing).
- `fakes`: scripted chat and embedding models; `planner_fakes`: the planner's dispatching model and
  its scripted replies.
- `openai_stub`: an OpenAI-compatible server on loopback, scripted per request.
- `servers`: free ports, readiness waits and clean stops for server subprocesses; `api_server`.
- `node`: running the JS clients' scripts in tests/browser (what they need, failures with output).
- `durability`: savers that record whether each step's writes reach a stored checkpoint (a run's
  durability seen from outside); `checkpointer` is Studio's, recorded, for `langgraph dev`.
- `snapshots`: `check_snapshot`, for prompt and tool-schema snapshots under tests/snapshots/.
- `wheel_probe`: a script, not a module to import: tests/test_wheel.py runs it with the Python of a
  fresh environment to see what an installed wheel finds.

Nothing here is a fixture: fixtures live in tests/conftest.py, which imports from here.
"""
