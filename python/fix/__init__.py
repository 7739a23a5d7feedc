"""fix for Python: sessions of the fix interpreter (.fix model files: lattices, non-monotone
functions, the AFT engine) over its C library libfix.so, through ctypes.

    import fix
    s = fix.Session()
    s.load_string("lattice P = powerset {a, b};\\n"
                  "fn f(x: P): P antitone = if b in x then {} else {a};")
    s.eval("f({})")              # frozenset({'a'})
    r = s.query("bnb f;")        # r.points == [frozenset({'a'})], r.complete
    for event in r: ...          # the engine's events

docs/python.md documents the values, errors, limits and cancelling."""

from .session import FixError, ReplOutput, Result, Session
from .values import Interval

__all__ = ["Session", "Result", "ReplOutput", "FixError", "Interval"]
__version__ = "0.1.0"
