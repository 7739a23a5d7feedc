"""Values of fix as Python objects.

A lattice element becomes:

* an element of ``Bool``: ``bool``;
* a range's element (and an integer): ``int``;
* a real's element (and a real number): ``float``, the exact double fix computed with (use
  ``fractions.Fraction(x)`` for its exact rational value); NaN and infinities do not occur
  in lattices;
* a chain's or finite lattice's element, an atom: ``str`` (its name);
* a powerset's element: ``frozenset`` of atom names;
* a product's element: ``tuple``;
* a map's element: ``dict`` from key names to values;
* a dual lattice's element: as its base's.

A collection (``fixpoints(f)``, ``elements(L)``, a comprehension) is a ``list``; an interval
an :class:`Interval`; a ``bnb(f)`` value a ``dict`` with ``"fixpoints"``, ``"final"`` and
``"complete"``; a stable model a ``frozenset`` of atom names."""

import json
from typing import Any, NamedTuple


class Interval(NamedTuple):
    """An interval [lo, hi] of a lattice (a bound of refine, a member of bnb's Final)."""
    lo: Any
    hi: Any


def _decode(obj):
    """The object_hook of the tagged JSON of fix_result_typed_json (src/api/fix.h)."""
    if len(obj) == 1:
        (tag, v), = obj.items()
        if tag == "set":
            return frozenset(v)
        if tag == "tuple":
            return tuple(v)
        if tag == "map":
            return {k: x for k, x in v}
        if tag == "real":
            return float("nan") if v is None else float(v)
    if len(obj) == 2 and "lo" in obj and "hi" in obj:
        return Interval(obj["lo"], obj["hi"])
    return obj


def decode_typed(text):
    """The values of a result (its tagged JSON) as a dict of Python values."""
    return json.loads(text, object_hook=_decode)
