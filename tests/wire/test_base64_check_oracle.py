"""check_base64's one-pass ASCII path (red team 47 F02) accepts and refuses exactly what the
check before it did: the earlier check is kept here as the oracle, and both are run on payloads
drawn over the alphabet, padding in and out of place, whitespace of every kind ``str.split`` knows
(the six ASCII ones, the four ASCII separators, Unicode's), strangers, non-ASCII and data URIs."""

from __future__ import annotations

import string

from hypothesis import example, given, settings
from hypothesis import strategies as st

from lmcodec.wire._checks import base64_payload, check_base64

from ..budget import examples

_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_SIX = (" ", "\n", "\r", "\t", "\v", "\f")


def _oracle_payload(data: str) -> str:
    """base64_payload as it was before red team 47 F02."""
    if data.startswith("data:") and ";base64," in data:
        data = data.split(";base64,", 1)[1]
    stripped = data.strip()
    if stripped != data or any(ws in stripped for ws in _SIX):
        return "".join(stripped.split())
    return data


def _oracle_check(owner: str, data: str) -> None:
    """check_base64 as it was before red team 47 F02."""
    if data == "":
        raise ValueError(f"{owner}.data cannot be empty")
    payload = _oracle_payload(data)
    body = payload.rstrip("=")
    shaped = (
        payload.isascii()
        and len(payload) - len(body) <= 2
        and not body.encode("ascii").translate(None, _ALPHABET)
    )
    if len(payload) % 4 != 0 or not shaped:
        raise ValueError(f"{owner}.data must be a valid base64 string")


def _outcome(check: object, data: str) -> str | None:
    try:
        check("AudioPart", data)  # type: ignore[operator]
    except ValueError as error:
        return str(error)
    return None


_WHITESPACE = " \t\n\r\v\f\x1c\x1d\x1e\x1f\x85\xa0\u2028\u3000"
_NEAR = string.ascii_letters[:6] + "09+/=" + _WHITESPACE + "-_.:;,\x00\x7féΩ\U0001f600"
_BASE = st.text(alphabet="AQgw09+/", min_size=0, max_size=12)
_PAYLOADS = st.one_of(
    st.text(alphabet=_NEAR, max_size=20),
    st.text(max_size=8),
    st.builds(
        lambda head, body, pad, tail: head + body + "=" * pad + tail,
        st.text(alphabet=_WHITESPACE, max_size=2),
        st.lists(_BASE, max_size=4).map(lambda runs: "\n".join(runs)),
        st.integers(0, 3),
        st.text(alphabet=_WHITESPACE + "=A", max_size=3),
    ),
    st.builds(
        lambda body, ws, at: body[:at] + ws + body[at:],
        _BASE,
        st.text(alphabet=_WHITESPACE, min_size=1, max_size=3),
        st.integers(0, 12),
    ),
)
_URIS = st.builds(
    lambda head, sep, payload: "data:" + head + sep + payload,
    st.sampled_from(["", "image/png", "a;b", "x;base64,y", "data:", " "]),
    st.sampled_from([";base64,", ";base64", ",", ";BASE64,", ";base64,;base64,"]),
    _PAYLOADS,
)


@settings(max_examples=examples(3000), deadline=None)
@given(_PAYLOADS | _URIS)
@example("")
@example("data:")
@example("data:image/png;base64,")
@example("data:;base64,AAAA")
@example("data:x;base64,data:y;base64,AAAA")
@example(" AAAA\x1cAAAA")  # a separator is removed only when whitespace surrounds the payload
@example("AAAA\x1cAAAA")
@example("\x1cAAAA")
@example("AAAA\x1f")
@example("AA\x1cAA\n")
@example("AA\xa0AA")  # Unicode whitespace is removed only beside the ASCII kinds
@example("AA\xa0AA ")
@example("AA=\n=")
@example("A=\nA=")
@example("AA==\n")
@example("AAA=\t=")
@example("A===")
@example("=")
@example("\n")
def test_check_is_the_earlier_check(data: str) -> None:
    assert _outcome(check_base64, data) == _outcome(_oracle_check, data)


@settings(max_examples=examples(1000), deadline=None)
@given(_PAYLOADS | _URIS)
def test_payload_is_the_earlier_payload(data: str) -> None:
    assert base64_payload(data) == _oracle_payload(data)
