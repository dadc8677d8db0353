"""A process that takes and gives back one thread's lock on command, and its handle for a test.

`python -m tests.support.lock_holder THREAD` opens the resources of its environment's settings
(`DATABASE_URL`, `SCHOOL_DB_POOLING`; no setup) and prints `ready`; then, one command a line on
stdin: `try` takes the thread's lock (`ThreadLocks.hold`) and prints `held`, or prints `busy`;
`release` gives it back and prints `released`. It exits at the end of its input.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from contextlib import ExitStack

from agent.config.settings import Settings
from agent.infra.locks import ThreadBusyError, locks_for
from agent.infra.persistence import open_resources
from tests.support.school import ROOT

REPLY_TIMEOUT_S = 30


class LockHolder:
    """A `lock_holder` process on `database_url` (through a transaction pooler), driven line by line."""

    def __init__(self, database_url: str, thread_id: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SCHOOL_")}
        env |= {"DATABASE_URL": database_url, "SCHOOL_DB_POOLING": "transaction"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.support.lock_holder", thread_id],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def send(self, command: str) -> None:
        """Send a command without waiting for its answer (`reply` reads it)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def reply(self) -> str:
        """The next line the process prints; fails with its stderr if it exits or stays silent."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + REPLY_TIMEOUT_S
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.1)
            if ready:
                line = self.proc.stdout.readline()
                if line:
                    return line.strip()
            if self.proc.poll() is not None:
                break
        self.proc.kill()
        _, err = self.proc.communicate(timeout=10)
        message = (
            f"the lock holder said nothing within {REPLY_TIMEOUT_S} s (exit {self.proc.returncode}):\n{err}"
        )
        raise AssertionError(message)

    def ask(self, command: str) -> str:
        """Send a command; its answer."""
        self.send(command)
        return self.reply()

    def close(self) -> int:
        """End its input and wait for it to exit; its exit status."""
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=REPLY_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        return self.proc.returncode


def _say(line: str) -> None:
    print(line, flush=True)


def main(thread_id: str) -> None:
    """Take and give back `thread_id`'s lock as stdin says."""
    with open_resources(Settings.from_env(), setup=False) as res, ExitStack() as held:
        locks = locks_for(res.pool)
        assert locks is not None
        _say("ready")
        for line in sys.stdin:
            command = line.strip()
            if command == "try":
                try:
                    held.enter_context(locks.hold(thread_id))
                except ThreadBusyError:
                    _say("busy")
                else:
                    _say("held")
            elif command == "release":
                held.close()
                _say("released")
            else:
                raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    main(sys.argv[1])
