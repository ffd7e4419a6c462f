import os, sys; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _h import *
body = CREATED + sse({"type": "response.output_item.done", "output_index": 0, "item": dict(CALL, name=None), "sequence_number": 1}) + completed([])
print(translate("openai", body).decode()[-600:])
