"""F08: a Chat client's `developer` message goes Chat -> Chat as `system`, with no adaptation note.

The openai SDK's ChatCompletionDeveloperMessageParam (role "developer") is the role OpenAI's docs
name for instructions to o-series / GPT-5 models. decode_request reads it as the canonical system
prompt, and build_request / translate_request write it back as role "system": the same-dialect pass
is not the same JSON value, and `.adaptations` is empty. Exits 1 while the rewrite is silent.
"""

import json
import sys

import lmcodec as lc

body = {
    "model": "gpt-5",
    "messages": [{"role": "developer", "content": "Answer in French."}, {"role": "user", "content": "hi"}],
}
out = lc.translate_request("openai_chat", "openai_chat", json.dumps(body).encode())
sent = json.loads(out.body)
rebuilt = json.loads(lc.build_request("openai_chat", lc.decode_request("openai_chat", json.dumps(body).encode())).body)
print("client role:", body["messages"][0]["role"])
print("translate_request Chat -> Chat role:", sent["messages"][0]["role"], "adaptations:", out.adaptations)
print("build_request(decode_request) role:", rebuilt["messages"][0]["role"])
silent = sent["messages"][0]["role"] != "developer" and not any("messages" in a.field or "role" in a.field for a in out.adaptations)
if silent or rebuilt["messages"][0]["role"] != "developer":
    print("FAIL: the developer role was rewritten as system, and no adaptation says so")
    sys.exit(1)
print("ok")
