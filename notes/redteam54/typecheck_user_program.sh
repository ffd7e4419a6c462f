#!/bin/sh
# mypy --strict and pyright (strict) on user_program.py with lmcodec installed in the venv given
# (default: the README's .venv of a fresh clone at /tmp/rt54/clone). Prints each tool's errors.
VENV=${1:-/tmp/rt54/clone/.venv}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
cp "$HERE/user_program.py" "$WORK/"
cd "$WORK" || exit 2
echo "== mypy --strict"; "$VENV/bin/python" -m mypy --strict --no-incremental user_program.py; m=$?
printf '{"typeCheckingMode": "strict", "pythonVersion": "3.12"}\n' > pyrightconfig.json
echo "== pyright (strict)"; "$VENV/bin/pyright" --pythonpath "$VENV/bin/python" user_program.py; p=$?
[ $m -eq 0 ] && [ $p -eq 0 ]
