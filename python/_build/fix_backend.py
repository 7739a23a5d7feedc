"""fix_backend.py: the package's build backend (PEP 517), standard library only, so that
``pip install ./python`` works offline: it needs nothing from a package index (setuptools'
backend would need the wheel package, which a fresh Debian machine may lack).  It writes
the one pure Python wheel of the package fix: fix/*.py and its metadata."""

import base64
import hashlib
import os
import zipfile

NAME = "fix"
VERSION = "0.1.0"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST_INFO = "%s-%s.dist-info" % (NAME, VERSION)

METADATA = """Metadata-Version: 2.1
Name: fix
Version: %s
Summary: Python bindings of fix (.fix model files: AFT, branch and bound) over libfix.so through ctypes
Requires-Python: >=3.8
""" % VERSION

WHEEL = """Wheel-Version: 1.0
Generator: fix_backend
Root-Is-Purelib: true
Tag: py3-none-any
"""


def _digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _files():
    pkg = os.path.join(HERE, NAME)
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            with open(os.path.join(pkg, name), "rb") as f:
                yield "%s/%s" % (NAME, name), f.read()
    yield DIST_INFO + "/METADATA", METADATA.encode()
    yield DIST_INFO + "/WHEEL", WHEEL.encode()


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = "%s-%s-py3-none-any.whl" % (NAME, VERSION)
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in _files():
            z.writestr(path, data)
            record.append("%s,%s,%d" % (path, _digest(data), len(data)))
        record.append(DIST_INFO + "/RECORD,,")
        z.writestr(DIST_INFO + "/RECORD", "\n".join(record) + "\n")
    return name


def build_sdist(sdist_directory, config_settings=None):
    import tarfile
    base = "%s-%s" % (NAME, VERSION)
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for sub in ("pyproject.toml", "README.md", "_build", NAME):
            t.add(os.path.join(HERE, sub), arcname="%s/%s" % (base, sub),
                  filter=lambda i: None if "__pycache__" in i.name else i)
        info = tarfile.TarInfo(base + "/PKG-INFO")
        data = METADATA.encode()
        info.size = len(data)
        import io
        t.addfile(info, io.BytesIO(data))
    return name
