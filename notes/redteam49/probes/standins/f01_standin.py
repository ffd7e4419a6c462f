"""Stand-in fix for F01 (not kept): ForeignItems records an identity for every item the stream
adds (a reasoning item's, a hosted-tool item's: its type and id), so that completed_only sees a
completed-only item at such an index as another item; then the reproducer's main."""
import os, runpy, sys
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
from lmcodec.stream import _foreign_items as fi
original = fi.ForeignItems._foreign
def _foreign(self, data):
    found = original(self, data)
    if data.find(fi._ADDED) >= 0:
        try:
            head = fi._head.decode(data)
        except Exception:
            return found
        item = head.item
        if head.type == "response.output_item.added" and item is not None and item.type not in fi.WHOLE and head.output_index is not None:
            self._added.add(head.output_index)
            self._identities[head.output_index] = (item.type, item.id if isinstance(item.id, str) else f"#{head.output_index}")
    return found
fi.ForeignItems._foreign = _foreign
runpy.run_path(os.path.join(ROOT, "notes/redteam49/f01_completed_item_at_a_reasoning_index_lost.py"), run_name="__main__")
