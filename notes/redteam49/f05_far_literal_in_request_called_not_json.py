"""F05: a number past the double range (``1e400``, which JSON allows and ``json.loads`` reads as
inf) in a Chat or Responses client's request is refused as ``DecodeError: the request body is not
JSON: Number out of range - at `$[...][0][...][...][...][...][...]``` : the body is JSON, and the
path names no field (msgspec's untyped path of the whole-body decode). The Anthropic and Gemini
readers refuse the same schema as ``ValidationError: Number out of range - at `$.tools[0][...][...]```
(the tool named), and the Chat/Responses readers themselves name the call for the same literal in
arguments (``the number 1e400 is too large to be carried as JSON (at $.input[1].arguments)``).
A gateway operator reading the log, or the client reading the 400, cannot tell which value.
Exits 1 while a Chat or Responses refusal calls the body "not JSON" or its path does not start
with ``$.tools[0]``; 0 once it is a ValidationError naming the tool."""
from __future__ import annotations

import os
import sys
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
import lmcodec as lc  # noqa: E402

BODIES = {
    "openai_chat": '{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function",'
                   '"function":{"name":"f","parameters":{"type":"object","maximum":1e400}}}]}',
    "openai": '{"model":"m","input":"hi","tools":[{"type":"function","name":"f",'
              '"parameters":{"type":"object","maximum":1e400}}]}',
    "anthropic": '{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}],'
                 '"tools":[{"name":"f","input_schema":{"type":"object","maximum":1e400}}]}',
    "gemini": '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":'
              '[{"name":"f","parameters":{"type":"object","maximum":1e400}}]}]}',
}


def main() -> int:
    wrong = 0
    for dialect, body in BODIES.items():
        try:
            lc.decode_request(dialect, body.encode())
            print(f"{dialect}: read")
            continue
        except lc.LmcodecError as exc:
            error = exc
        path = getattr(error, "path", None)
        bad = "not JSON" in str(error) or not (isinstance(path, str) and path.startswith("$.tools[0]"))
        wrong += bad
        print(f"{dialect}: {type(error).__name__}: {error} (path {path!r})" + ("  WRONG" if bad else ""))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
