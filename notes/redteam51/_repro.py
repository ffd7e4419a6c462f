"""Red team 51: the reproducers' common part: count one case under callgrind, print the ratio,
exit 1 while it is over the bound."""

from __future__ import annotations

import sys

import _cg
import _shapes as S


def check(title: str, kind: str, name: str, dialect: str | None, k: float, how: str, dst: str, ours: str,
          bound: float) -> None:
    d, events = S.shape(name, dialect, k)
    rows = _cg.measure({title: (kind, d, how, dst, events)})
    _cg.report(rows)
    row = rows[title]
    base = row["floor"] if "floor" in row else row["lm15"]
    ratio = row[ours] / base
    print(f"{title}: {ours} / {'floor' if 'floor' in row else 'lm15'} = {ratio:.2f}x (bound {bound}x)")
    sys.exit(1 if ratio > bound else 0)
