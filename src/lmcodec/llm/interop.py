"""What needs the llm package itself: the model-dependent half of reading, live objects.

The format rules live in :mod:`lmcodec.llm.reading` and need no llm install.
What ``Response.from_dict`` additionally does depends on the *model* the record
names, so it needs llm and its plugins: :func:`apply_model` does exactly that
part. :func:`from_llm` / :func:`to_llm` convert between the Structs and llm's own
objects (``llm.Response``, ``llm.AsyncResponse``, ``llm.parts.Message``, the parts,
``llm.Attachment``) through llm's ``to_dict`` / ``from_dict``. llm is imported
lazily; importing this module does not require it.
"""

import json
import math
import typing
from typing import Any

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.llm.codec import from_builtins, to_builtins
from lmcodec.llm.types import Attachment, Message, Part, Response
from lmcodec.wire._types import NonFiniteFloat

_PART_CLASSES: tuple[type, ...] = typing.get_args(Part)


def from_llm(obj: Any) -> Any:
    """The Struct of a live llm object: ``llm.Response`` / ``llm.AsyncResponse`` (awaited) ->
    :class:`Response`, ``llm.parts.Message`` -> :class:`Message`, a part -> its part Struct,
    ``llm.Attachment`` -> :class:`Attachment`. Same JSON as the object's own ``to_dict()``
    (a sync Response is executed first, as ``to_dict()`` does).
    """
    import llm
    from llm import parts as lp

    if isinstance(obj, (llm.Response, llm.AsyncResponse)):
        return from_builtins(obj.to_dict(), Response)
    if isinstance(obj, lp.Message):
        return from_builtins(obj.to_dict(), Message)
    if isinstance(obj, lp.Part):
        return from_builtins(obj.to_dict(), Part)
    if isinstance(obj, llm.Attachment):
        return from_builtins(lp._attachment_to_dict(obj), Attachment)
    raise TypeError(
        f"from_llm() takes an llm Response, Message, Part or Attachment, not {type(obj).__name__}"
    )


def to_llm(obj: Any, *, model: Any = None, async_: bool = False) -> Any:
    """The live llm object of a Struct, built by llm's own ``from_dict``.

    A :class:`Response` becomes ``llm.Response.from_dict(d, model=model)``
    (``llm.AsyncResponse`` with ``async_=True``): without ``model``, llm resolves the model
    the record names, which needs its plugin installed. Message, parts and Attachment need
    no model.
    """
    import llm
    from llm import parts as lp

    if isinstance(obj, Response):
        cls = llm.AsyncResponse if async_ else llm.Response
        return cls.from_dict(to_builtins(obj), model=model)
    if isinstance(obj, Message):
        return lp.Message.from_dict(to_builtins(obj))
    if isinstance(obj, Attachment):
        return lp._attachment_from_dict(to_builtins(obj))
    if isinstance(obj, _PART_CLASSES):
        return lp.Part.from_dict(to_builtins(obj))
    raise TypeError(
        f"to_llm() takes an lc.llm Response, Message, part or Attachment, not {type(obj).__name__}"
    )


__all__ = ["apply_model", "from_llm", "to_llm"]


def apply_model(response: Response, *, model: Any = None, async_: bool = False) -> Response:
    """Check and normalize ``response`` against its llm model, as ``Response.from_dict`` does.

    - resolves the model with ``llm.get_model(response.model)``
      (``get_async_model`` when ``async_``) unless ``model`` is given; an unknown
      model, or one that is not a non-empty string, raises ValidationError at ``$.model``
      (llm would resolve an empty name to its default model);
    - validates ``prompt.options`` with ``model.Options`` (pydantic; unknown
      option names and bad values raise ValidationError at
      ``$.prompt.options.<name>``) and keeps what llm writes back: the coerced
      values, non-None only, in the Options class's field order (a NaN or infinite
      float written ``NaN`` / ``Infinity``, as llm's ``json.dumps`` writes it);
    - replaces ``model`` with ``model.model_id`` (aliases resolve to the id);
    - raises ValidationError when the model does not support conversations
      (``supports_conversation = False``) and the input chain holds an
      assistant or tool message (llm 0.36's ``ConversationNotSupported``).

    ``None``-valued options read from the payload are passed to ``Options`` too
    (so an unknown name is refused, as llm refuses it) and then dropped, as
    llm's ``to_dict`` drops them.
    """
    import pydantic

    import llm

    if model is None:
        if not isinstance(response.model, str) or not response.model:
            # llm.get_model("") and get_model(None) resolve to the default model: never
            # substitute a model the payload did not name.
            raise ValidationError(f"model must be a non-empty string, not {response.model!r:.80}", "$.model")
        getter = llm.get_async_model if async_ else llm.get_model
        try:
            model = getter(response.model)
        except llm.UnknownModelError as exc:
            raise ValidationError(str(exc.args[0] if exc.args else exc), "$.model") from None

    raw: dict[str, Any] = dict(response.prompt.options or {})
    for name in getattr(response.prompt, "_llm_none_options", ()):
        raw[name] = None  # dropped on reading, but llm's from_dict passes them on
    try:
        options = model.Options(**raw)
    except pydantic.ValidationError as exc:
        errors = exc.errors()
        loc = "".join(
            f".{p}" if isinstance(p, str) and p.isidentifier() else f"[{json.dumps(p)}]"
            for p in errors[0]["loc"]
        )
        text = f"{model}: {errors[0]['msg']}"
        raise ValidationError(text, f"$.prompt.options{loc}") from None
    except TypeError as exc:
        raise ValidationError(str(exc), "$.prompt.options") from None
    kept = {k: _nonfinite_marked(v) for k, v in dict(options).items() if v is not None}

    if not model.supports_conversation:
        for i, message in enumerate(response.prompt.messages):
            if message.role in ("assistant", "tool"):
                raise ValidationError(
                    f"{model} does not support conversations", f"$.prompt.messages[{i}].role"
                )

    prompt = msgspec.structs.replace(response.prompt, options=kept or None)
    return msgspec.structs.replace(response, model=model.model_id, prompt=prompt)


def _nonfinite_marked(value: Any) -> Any:
    """``value`` with each NaN or infinite float (pydantic's coercion gives plain floats, which
    ``encode`` writes as null) made a NonFiniteFloat, which it writes as ``json.dumps`` does."""
    if type(value) is float:
        return value if math.isfinite(value) else NonFiniteFloat(value)
    if isinstance(value, dict):
        return {k: _nonfinite_marked(v) for k, v in value.items()}
    if type(value) in (list, tuple):
        return type(value)(map(_nonfinite_marked, value))
    return value
