#!/bin/sh
# F08: the README's first command, `python3 -m pip install -e '.[peers]' && lmcodec bench`, with no
# word of a virtual environment anywhere in README.md or docs/. On this host's system Python
# (Debian's /usr/bin/python3, as on Debian 12 and Ubuntu 23.04+), pip refuses it outright:
# "error: externally-managed-environment" (PEP 668). Exits 1 while the README names no venv and
# the system pip refuses (the refusal is shown with --dry-run: nothing is installed); 0 once the
# README's set-up says to make an environment first.
cd "$(dirname "$0")/../.." || exit 2
if grep -q -i -E 'venv|virtual environment' README.md; then
    echo "README names a virtual environment"; exit 0
fi
echo "README.md names no virtual environment"
if ls /usr/lib/python3*/EXTERNALLY-MANAGED >/dev/null 2>&1 && [ -x /usr/bin/python3 ]; then
    out=$(/usr/bin/python3 -m pip install --dry-run -e '.[peers]' 2>&1 | head -n 1)
    echo "/usr/bin/python3 -m pip install -e '.[peers]': $out"
fi
exit 1
