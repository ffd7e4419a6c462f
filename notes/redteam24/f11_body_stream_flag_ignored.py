"""F11: translate_request reads the client's body but not its "stream": true. Without the
`stream=` keyword the request sent is a non-streaming one ("stream": false written, openai ->
openai and anthropic -> anthropic included, no adaptation noted), so a gateway that passes the
body through gets one JSON answer for a client waiting for SSE. The same-dialect pass is not the
same JSON value, and nothing says the key was not read (decode_request likewise).
Exits 1 while a streaming body is translated as non-streaming with no note and no error."""

import json
import sys

from _sdk import chat_body, responses_body

import lmcodec as lc

bodies = {
    "openai": responses_body(model="gpt-5", input="hi", stream=True),
    "openai_chat": chat_body(
        model="gpt-4o",
        messages=[{"role": "user", "content": "hi"}],
        stream=True,
        stream_options={"include_usage": True},
    ),
}
bad = False
for source, body in bodies.items():
    built = lc.translate_request(source, source, body)
    sent = json.loads(built.body)
    print(
        f"{source}: client stream={json.loads(body).get('stream')}; sent stream={sent.get('stream')}, "
        f"notes={[(a.field, a.action) for a in built.adaptations]}"
    )
    if sent.get("stream") is not True and not any("stream" in a.field for a in built.adaptations):
        print(f"FAIL {source}: the client's stream: true is dropped silently")
        bad = True
sys.exit(1 if bad else 0)
