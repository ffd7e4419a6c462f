"""``python -m lmcodec``: the lmcodec command line."""

import sys

from lmcodec.cli.main import main

sys.exit(main())
