"""A media part whose ``path`` cannot be read, through the four builders (red-team reqcli 2).

lm15's builders read the file when they build (``media_base64``: ``path.read_bytes()``) and let its
``OSError`` through; ``docs/hostile-input.md`` says the same of every path lmcodec reads (a missing
file is not malformed input). The two OpenAI builders turned it into a ValidationError while the
Anthropic and Gemini ones let it through. Now every builder raises what lm15 raises: the same
``OSError`` subclass; a path the OS cannot take at all (an embedded NUL byte, which ``lc.decode``
reads from a log) is lm15's ``ValueError``, a ValidationError here, as every lm15 ``ValueError``
of a builder is. A refusal lm15 makes before it reads (a media part without a slot) comes first.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.lm15 import to_lm15

lm15_vet = pytest.importorskip("lm15.vet", reason="lm15 1.5.0 is the reference implementation")
lm15_errors = pytest.importorskip("lm15.errors")

PROVIDERS = {
    "openai": ("openai", "gpt-4.1-mini"),
    "openai_chat": ("openai-chat", "gpt-4.1-mini"),
    "anthropic": ("anthropic", "claude-sonnet-4-5"),
    "gemini": ("gemini", "gemini-2.5-flash"),
}


@pytest.fixture(scope="module")
def paths(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("media")
    (root / "file.png").write_bytes(b"\x89PNG")
    locked = root / "locked.png"
    locked.write_bytes(b"\x89PNG")
    locked.chmod(0)
    (root / "loop-a").symlink_to(root / "loop-b")
    (root / "loop-b").symlink_to(root / "loop-a")
    return {
        "missing": root / "missing.png",
        "directory": root,
        "mode-000": locked,
        "symlink-loop": root / "loop-a",
        "under-a-file": root / "file.png" / "x.png",
        "nul-byte": Path(str(root / "a\x00b.png")),
    }


def _outcome(run: Any, value_error: type[Exception]) -> str:
    """The class of what ``run`` raised, lm15's refusals named as lmcodec's (its ``ValueError`` is
    ``value_error`` here), or "built"."""
    try:
        run()
    except (lm15_errors.UnsupportedFeatureError, lc.ProviderError):
        return "unsupported"
    except OSError as exc:
        return type(exc).__name__
    except Exception as exc:
        return "ValueError" if type(exc) is value_error else f"bare {type(exc).__name__}"
    return "built"


def _both(provider: str, request: lc.Request) -> tuple[str, str]:
    name, _ = PROVIDERS[provider]
    adapter = lm15_vet.adapter_for_provider(name, api_key="test-key")
    lm15 = _outcome(lambda: adapter._build(to_lm15(request), stream=False), ValueError)
    return lm15, _outcome(lambda: lc.build_request(provider, request), lc.ValidationError)


def _request(provider: str, *parts: Any) -> lc.Request:
    return lc.Request(
        model=PROVIDERS[provider][1], messages=[lc.Message.user([lc.TextPart(text="see"), *parts])]
    )


EXPECTED = {
    "missing": "FileNotFoundError",
    "directory": "IsADirectoryError",
    "mode-000": "PermissionError" if os.geteuid() != 0 else "built",  # root reads a mode-000 file
    "symlink-loop": "OSError",
    "under-a-file": "NotADirectoryError",
    "nul-byte": "ValueError",
}


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("case", EXPECTED)
def test_an_unreadable_path_fails_as_lm15_fails(provider: str, case: str, paths: dict[str, Path]) -> None:
    image = lc.ImagePart(media_type="image/png", path=paths[case])
    lm15, lmcodec = _both(provider, _request(provider, image))
    assert lmcodec == lm15 == EXPECTED[case]


@pytest.mark.parametrize("case", ["missing", "nul-byte"])
def test_the_lc_error_and_the_oserror_name_the_file(case: str, paths: dict[str, Path]) -> None:
    for provider in PROVIDERS:
        image = lc.ImagePart(media_type="image/png", path=paths[case])
        with pytest.raises((lc.ValidationError, FileNotFoundError)) as info:
            lc.build_request(provider, _request(provider, image))
        assert ("missing.png" if case == "missing" else "image part's path") in str(info.value), provider


@pytest.mark.parametrize("provider", ["openai", "anthropic", "gemini"])
@pytest.mark.parametrize("case", ["missing", "nul-byte"])
def test_in_a_tool_result_too(provider: str, case: str, paths: dict[str, Path]) -> None:
    image = lc.ImagePart(media_type="image/png", path=paths[case])
    call = lc.Message(role="assistant", parts=[lc.ToolCallPart(id="c1", name="f", input={})])
    result = lc.Message(
        role="tool", parts=[lc.ToolResultPart(id="c1", content=[lc.TextPart(text="x"), image])]
    )
    request = lc.Request(model=PROVIDERS[provider][1], messages=[lc.Message.user("go"), call, result])
    lm15, lmcodec = _both(provider, request)
    assert lmcodec == lm15 == EXPECTED[case]


@pytest.mark.parametrize("case", ["missing", "nul-byte"])
def test_anthropics_media_refusal_comes_before_the_read(case: str, paths: dict[str, Path]) -> None:
    """An audio part (no Messages slot) after the unreadable image: lm15 checks every message's
    media before it builds a block."""
    image = lc.ImagePart(media_type="image/png", path=paths[case])
    audio = lc.AudioPart(media_type="audio/wav", data="UklGRg==")
    lm15, lmcodec = _both("anthropic", _request("anthropic", image, audio))
    assert lmcodec == lm15 == "unsupported"


@pytest.mark.parametrize("case", ["missing", "nul-byte"])
def test_on_chat_the_first_part_in_order_fails_first(case: str, paths: dict[str, Path]) -> None:
    """A video part (no Chat slot) beside the unreadable image: lm15 meets them in order."""
    image = lc.ImagePart(media_type="image/png", path=paths[case])
    video = lc.VideoPart(media_type="video/mp4", data="AAAA")
    lm15, lmcodec = _both("openai_chat", _request("openai_chat", video, image))
    assert lmcodec == lm15 == "unsupported"
    lm15, lmcodec = _both("openai_chat", _request("openai_chat", image, video))
    assert lmcodec == lm15 == EXPECTED[case]


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
@pytest.mark.parametrize("case", ["missing", "nul-byte"])
def test_an_assistant_media_refusal_comes_before_the_read(
    provider: str, case: str, paths: dict[str, Path]
) -> None:
    """An image in an assistant turn (no slot on either OpenAI wire) after the unreadable one: lm15
    checks every message's media before it builds the input."""
    image = lc.ImagePart(media_type="image/png", path=paths[case])
    reply = lc.Message(role="assistant", parts=[lc.ImagePart(media_type="image/png", data="iVBORw==")])
    request = lc.Request(
        model=PROVIDERS[provider][1],
        messages=[lc.Message.user([lc.TextPart(text="see"), image]), reply, lc.Message.user("and?")],
    )
    lm15, lmcodec = _both(provider, request)
    assert lmcodec == lm15 == "unsupported"
