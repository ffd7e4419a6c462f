"""F09: valid client shapes refused in the same dialect (a gateway in front of the same provider
cannot pass them on): a Gemini part's `videoMetadata` (google-genai's Part(video_metadata=...),
for clipping a video: "Object contains unknown field"), a Responses `item_reference` input item.
Each is refused clearly with its path; the point is the same-dialect pass.
Exits 1 while either is refused Gemini -> Gemini / openai -> openai."""

import sys

from _sdk import gemini_body, responses_body
from google.genai import types as T

import lmcodec as lc

video = gemini_body(
    contents=[
        T.Content(
            role="user",
            parts=[
                T.Part(text="summarise seconds 1-5"),
                T.Part(
                    file_data=T.FileData(
                        file_uri="https://www.youtube.com/watch?v=abc", mime_type="video/mp4"
                    ),
                    video_metadata=T.VideoMetadata(start_offset="1s", end_offset="5s"),
                ),
            ],
        )
    ]
)
reference = responses_body(
    model="gpt-5",
    input=[
        {"role": "user", "content": "x"},
        {"type": "item_reference", "id": "msg_1"},
        {"role": "user", "content": "y"},
    ],
)
bad = False
for source, body in (("gemini", video), ("openai", reference)):
    try:
        lc.translate_request(source, source, body)
        print(f"{source} -> {source}: passed")
    except lc.ValidationError as exc:
        print(f"FAIL {source} -> {source}: {exc}")
        bad = True
sys.exit(1 if bad else 0)
