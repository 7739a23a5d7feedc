"""The C API of fix (src/api/fix.h) through ctypes: the library found and its prototypes.

The library is, in order: the path in the environment variable FIX_LIBRARY; libfix.so as the
system finds it (``make install`` puts it in PREFIX/lib); libfix.so beside this package's
repository build (``build/libfix.so``, for a checkout)."""

import ctypes
import ctypes.util
import os

_P = ctypes.c_void_p
_S = ctypes.c_char_p
_Z = ctypes.c_size_t

EVENT_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)

# name: (result type, argument types)
_PROTOTYPES = {
    "fix_session_new": (_P, []),
    "fix_session_free": (None, [_P]),
    "fix_add_search_dir": (ctypes.c_int, [_P, _S]),
    "fix_set_timeout": (None, [_P, ctypes.c_double]),
    "fix_set_max_steps": (None, [_P, ctypes.c_uint64]),
    "fix_cancel": (None, [_P]),
    "fix_set_event_callback": (None, [_P, EVENT_FN, _P]),
    "fix_load_file": (ctypes.c_int, [_P, _S]),
    "fix_load_string": (ctypes.c_int, [_P, _S, _S]),
    "fix_reset": (None, [_P]),
    "fix_loaded_count": (_Z, [_P]),
    "fix_loaded_result": (_P, [_P, _Z]),
    "fix_declaration_count": (_Z, [_P]),
    "fix_declaration_name": (_S, [_P, _Z]),
    "fix_declaration_kind": (_S, [_P, _Z]),
    "fix_query": (_P, [_P, _S]),
    "fix_eval": (_P, [_P, _S]),
    "fix_result_free": (None, [_P]),
    "fix_repl_input": (ctypes.c_int, [_P, _S]),
    "fix_repl_run_file": (ctypes.c_int, [_P, _S]),
    "fix_repl_output": (_S, [_P]),
    "fix_repl_html": (_S, [_P]),
    "fix_error_count": (_Z, [_P]),
    "fix_error_message": (_S, [_P, _Z]),
    "fix_error_file": (_S, [_P, _Z]),
    "fix_error_line": (ctypes.c_uint, [_P, _Z]),
    "fix_error_col": (ctypes.c_uint, [_P, _Z]),
    "fix_was_interrupted": (ctypes.c_int, [_P]),
    "fix_result_kind": (_S, [_P]),
    "fix_result_status": (ctypes.c_int, [_P]),
    "fix_result_target": (_S, [_P]),
    "fix_result_verdict": (_S, [_P]),
    "fix_result_message": (_S, [_P]),
    "fix_result_stopped_by": (_S, [_P]),
    "fix_result_json": (_S, [_P]),
    "fix_result_typed_json": (_S, [_P]),
}


def _candidates():
    env = os.environ.get("FIX_LIBRARY")
    if env:
        yield env
        return
    found = ctypes.util.find_library("fix")
    if found:
        yield found
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, "..", "..", "build", "libfix.so")
    yield "libfix.so"


def load_library():
    """The C library with its prototypes set; OSError naming every place tried."""
    tried = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
            continue
        for name, (res, args) in _PROTOTYPES.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args
        return lib
    raise OSError("fix: cannot load libfix.so (set FIX_LIBRARY to its path); tried: " + "; ".join(tried))
