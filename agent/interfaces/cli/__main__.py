"""`python -m agent.interfaces.cli`: the same as the `school-agent` command."""

import sys

from agent.interfaces.cli import main

sys.exit(main())
