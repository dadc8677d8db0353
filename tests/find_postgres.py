"""Print the URL of a Postgres server the tests can use, or nothing (the embedded one is then used).

Order: `DATABASE_URL` if set, else a server on 127.0.0.1:5432 that accepts user `postgres`.
"""

from __future__ import annotations

import os

import psycopg

LOCAL = "postgresql://postgres@127.0.0.1:5432/postgres"


def main() -> None:
    """Print the URL to use."""
    url = os.environ.get("DATABASE_URL")
    if url:
        print(url)
        return
    try:
        psycopg.connect(LOCAL, connect_timeout=3).close()
    except psycopg.OperationalError:
        return
    print(LOCAL)


if __name__ == "__main__":
    main()
