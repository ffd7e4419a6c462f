"""F01 (HIGH, regression of 95e82142): a Request whose config, or a Response whose usage, is a
user's subclass that adds a field cannot be constructed: bare ``TypeError: Unexpected keyword
argument 'label'``. On d2885852 both constructed and were written as their kind.

The construction's fold of an empty Config / Usage asks ``as_exact(config) == EMPTY_CONFIG`` on
the miss of the equality; ``as_exact`` hands every field of the subclass (``label`` too) to
``Config``'s constructor.

Exit 1 while either construction raises; 0 once both construct (and write as their kind).
"""
from __future__ import annotations

import sys

from _h import lc, outcome


class MyConfig(lc.Config):
    label: str = ""


class MyUsage(lc.Usage):
    cost: float = 0.0


request = outcome(lambda: lc.Request(model="gpt-4.1", messages=(lc.Message.user("q"),),
                                     config=MyConfig(temperature=0.5, label="run-7")))
response = outcome(lambda: lc.Response(id="r", model="gpt-4.1",
                                       message=lc.Message(role="assistant", parts=(lc.TextPart(text="a"),)),
                                       finish_reason="stop", usage=MyUsage(input_tokens=1, output_tokens=2, cost=0.2)))
bad = 0
for name, got in (("Request(config=MyConfig(...))", request), ("Response(usage=MyUsage(...))", response)):
    print(name, "->", got if isinstance(got, tuple) else "constructed")
    bad += isinstance(got, tuple)
if not bad:
    body = lc.build_request("openai", request).body
    print(body)
    bad += b'"temperature":0.5' not in body
    text = lc.encode_response("openai", response)
    bad += b'"input_tokens":1' not in text
print("FAIL" if bad else "ok")
sys.exit(1 if bad else 0)
