"""``python -m lmcodec``: the lmcodec command line."""

import sys

from lmcodec.cli import main

sys.exit(main())
