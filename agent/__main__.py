"""`python -m agent`: the same as the `school-agent` command."""

import sys

from agent.cli import main

sys.exit(main())
