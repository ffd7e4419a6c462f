"""Stand-in fix for F02 (not kept): thinking_in_place places the blocks whose place equals the
message's call count after the last call; then the reproducer's main."""
import os, runpy, sys
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
from lmcodec.providers.openai_chat import _thinking_blocks as tb, _read_walked as rw
original = tb.thinking_in_place
def thinking_in_place(blocks, places, parts, is_call):
    parts = list(parts)
    calls = sum(1 for p in parts if is_call(p))
    out = original(blocks, [p for p in places if p < calls] if False else places, parts, is_call)
    if out is not None:
        return out
    tail = [b for b, p in zip(blocks, places) if p == calls]
    head = original(blocks[:len(blocks) - len(tail)], places[:len(places) - len(tail)], parts, is_call)
    return None if head is None or any(p > calls for p in places) else head + tail
tb.thinking_in_place = rw.thinking_in_place = thinking_in_place
sys.argv = ["f02"]
runpy.run_path(os.path.join(ROOT, "notes/redteam49/f02_thinking_after_the_last_call_refused.py"), run_name="__main__")
