"""check_base64 against lm15's _validate_base64_data on random payloads."""
import random, sys, warnings; warnings.simplefilter("ignore")
from lmcodec.wire._checks import check_base64
from lm15.types import _validate_base64_data
ALPH = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
EXTRA = ["=", "=", " ", "\n", "\r", "\t", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u2028", "\u3000", "-", "_", "é", "\x00", ";base64,", "data:", "data:image/png;base64,", "\ud800"]
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
n = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
diff = 0
for i in range(n):
    k = rng.randint(0, 12)
    s = "".join(rng.choice(ALPH) if rng.random() < 0.7 else rng.choice(EXTRA) for _ in range(k))
    if rng.random() < 0.3:
        s = "data:image/png;base64," + s
    try:
        _validate_base64_data("ImagePart", s) if s != "" else (_ for _ in ()).throw(ValueError())
        a = True
    except (ValueError, TypeError):
        a = False
    try:
        check_base64("ImagePart", s); b = True
    except ValueError:
        b = False
    except Exception as e:
        b = type(e).__name__
    if a != b:
        diff += 1
        if diff < 10: print(repr(s), "lm15", a, "lmcodec", b)
print("n", n, "differ", diff)
