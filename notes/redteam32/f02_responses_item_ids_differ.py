"""F02: lc.stream.translate("openai", "openai", ...) (a Responses gateway in front of a Responses
backend): the events' items carry ids the final response does not. The message item is re-minted
(msg_<token>...) in output_item.added/done while response.completed (the backend's, written
verbatim) keeps the source's msg_source_1; the function_call item loses its fc_ id in the events.
The openai SDK's get_final_response() returns response.completed, so an item id read from the
events (e.g. ResponseOutputItemDoneEvent.item.id) names no item of the final response. Exits 1
while they differ."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lmcodec as lc  # noqa: E402
from _responses_stream import CALL, MESSAGE, REASONING, body, events, stream_of  # noqa: E402

REQ = lc.Request(model="gpt-5", messages=(lc.Message.user("hi"),))


def main() -> int:
    out = b"".join(lc.stream.translate("openai", "openai", stream_of(body([REASONING, CALL, MESSAGE])), request=REQ))
    evs = events(out)
    done = [d["item"].get("id") for n, d in evs if n == "response.output_item.done"]
    final = [o.get("id") for n, d in evs if n == "response.completed" for o in d["response"]["output"]]
    print("source ids:             ", ["rs_source_1", "fc_source_1", "msg_source_1"])
    print("output_item.done ids:   ", done)
    print("response.completed ids: ", final)
    return 1 if done != final else 0


if __name__ == "__main__":
    sys.exit(main())
