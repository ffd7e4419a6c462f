"""F06 fix sketch as a monkeypatch (src untouched), importable as a pytest plugin (-p) or run as a
script: an unindexed output_item.added is a candidate like an indexed one, its identity recorded
in _foreign, after _batch has mapped the frames before it."""
from __future__ import annotations

import msgspec

from lmcodec.stream import _foreign_items as fi

_old_foreign = fi.ForeignItems._foreign


def _candidate(self, data):  # type: ignore[no-untyped-def]
    if not self._open and data.find(fi._ADDED) < 0:
        return None
    try:
        head = fi._head.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return None
    index = head.output_index
    if index is None and head.type == "response.output_item.added" and head.item is not None:
        return head  # recorded by _foreign, after the frames before it are mapped
    if index is None or head.type is None:
        return None
    if head.type == "response.output_item.added" or index in self._open:
        return head
    return None


def _foreign(self, head):  # type: ignore[no-untyped-def]
    if head.output_index is None:
        self._added_unindexed(head.item)
        return None
    return _old_foreign(self, head)


fi.ForeignItems._candidate = _candidate
fi.ForeignItems._foreign = _foreign

if __name__ == "__main__":
    import os
    import runpy
    import sys
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        runpy.run_path(os.path.join(here, "f06_responses_done_then_unindexed_added_by_chunking.py"), run_name="__main__")
    except SystemExit as exc:
        sys.exit(exc.code)
