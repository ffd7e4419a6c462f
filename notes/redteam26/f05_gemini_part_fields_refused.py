"""F05: documented Gemini part fields the google-genai SDK sends are refused in every pair, Gemini -> Gemini included.

- Part.mediaResolution (per-part media resolution, Gemini 3; google-genai Part.media_resolution),
- FunctionResponse.willContinue / scheduling (NON_BLOCKING function responses; google-genai sends
  will_continue in Gemini Developer API mode),
- Blob.displayName / FileData.displayName (google-genai Blob.display_name; Vertex AI's Blob has it).

Each is "Object contains unknown field ..." (a ValidationError with a path): clear, but a Gemini
gateway cannot pass these bodies on, and to another dialect they are not dropped with a note.
Exits 1 while any of them is refused for Gemini -> Gemini.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from google.genai import types as t  # noqa: E402

import lmcodec as lc  # noqa: E402
from _sdk import gemini_body  # noqa: E402

call = t.Content(role="model", parts=[t.Part(function_call=t.FunctionCall(name="get_weather", args={"city": "P"}))])
ask = t.Content(role="user", parts=[t.Part(text="weather?")])
bodies = {
    "Part.mediaResolution": gemini_body(
        [t.Content(role="user", parts=[t.Part(text="look"), t.Part(
            inline_data=t.Blob(mime_type="image/png", data=b"\x89PNG"),
            media_resolution=t.PartMediaResolution(level="MEDIA_RESOLUTION_HIGH"))])]
    ),
    "FunctionResponse.willContinue": gemini_body(
        [ask, call, t.Content(role="user", parts=[t.Part(function_response=t.FunctionResponse(
            name="get_weather", response={"result": "x"}, will_continue=True, scheduling="SILENT"))])]
    ),
    "Blob.displayName": gemini_body(
        [t.Content(role="user", parts=[t.Part(text="look"), t.Part(
            inline_data=t.Blob(mime_type="image/png", data=b"\x89PNG", display_name="pic.png"))])]
    ),
}
failed = 0
for name, body in bodies.items():
    for dst in ("gemini", "anthropic"):
        try:
            lc.translate_request("gemini", dst, json.dumps(body).encode(), model="claude-sonnet-4-5" if dst == "anthropic" else None)
            print(f"{name} gemini -> {dst}: carried")
        except lc.ValidationError as exc:
            print(f"{name} gemini -> {dst}: REFUSED {exc}")
            failed += dst == "gemini"
if failed:
    print(f"FAIL: {failed} valid google-genai bodies refused Gemini -> Gemini")
    sys.exit(1)
print("ok")
