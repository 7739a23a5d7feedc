#!/bin/sh
# run-notebook.sh [FIX]: the Jupyter kernel (python/fix/kernel.py; docs/python.md).  Picks a
# Python that has ipykernel, jupyter_client, nbformat and nbclient (Debian's python3-ipykernel,
# python3-jupyter-client, python3-nbformat, python3-nbclient are for /usr/bin/python3; a
# python3 earlier on PATH may lack them), installs the kernelspec "fix" into the scratch
# directory (`python3 -m fix.kernel install --prefix`, with the python3 on PATH: the kernel
# runs with a Python that has ipykernel, that one or another), and runs tests/notebook/run_notebooks.py:
# docs/tutorial.md as a notebook, each cell's output equal to the command line's;
# tests/notebook/session.ipynb, equal to `fix repl` on the same lines, errors marked, the
# --html views inline; an interrupt during a long bnb.  Uses build/fix and build/libfix.so.
# Skipped, saying why, only when no Python has those modules (scripts/deps.sh installs them).
set -u
suite=notebook
. "$(dirname "$0")/scratch.sh"
fix=${1:-build/fix}
case $fix in /*) ;; *) fix="$(pwd)/$fix" ;; esac
py=""
for cand in python3 /usr/bin/python3; do
    if command -v "$cand" >/dev/null 2>&1 &&
        "$cand" -c 'import ipykernel, jupyter_client, nbformat, nbclient' >/dev/null 2>&1; then
        py=$cand; break
    fi
done
if [ -z "$py" ]; then
    echo "notebook: skipped: no Python with ipykernel, jupyter_client, nbformat and nbclient" \
         "(Debian packages python3-ipykernel python3-jupyter-client python3-nbformat python3-nbclient)"
    echo "notebook: 0 passed, 0 failed"; exit 0
fi
# everything Jupyter writes stays in the scratch directory
JUPYTER_PATH=$tmp/jupyter/share/jupyter JUPYTER_DATA_DIR=$tmp/data JUPYTER_RUNTIME_DIR=$tmp/runtime \
    JUPYTER_CONFIG_DIR=$tmp/config IPYTHONDIR=$tmp/ipython PYDEVD_DISABLE_FILE_VALIDATION=1 \
    FIX_LIBRARY=$(pwd)/build/libfix.so PYTHONPATH=$(pwd)/python PYTHONDONTWRITEBYTECODE=1
export JUPYTER_PATH JUPYTER_DATA_DIR JUPYTER_RUNTIME_DIR JUPYTER_CONFIG_DIR IPYTHONDIR \
    PYDEVD_DISABLE_FILE_VALIDATION FIX_LIBRARY PYTHONPATH PYTHONDONTWRITEBYTECODE
# installed by the python3 on PATH, as a user would; the kernel then runs with a Python that
# has ipykernel, that one or another
python3 -m fix.kernel install --prefix "$tmp/jupyter" > "$tmp/install.log" 2>&1
check "python3 -m fix.kernel install (see $tmp/install.log)" [ -f "$tmp/jupyter/share/jupyter/kernels/fix/kernel.json" ]
sed -n 's/.*(the kernel runs with \(.*\))$/notebook: the kernel runs with \1/p' "$tmp/install.log"
mkdir "$tmp/work"
"$py" -Xfrozen_modules=off tests/notebook/run_notebooks.py "$fix" docs/tutorial.md \
    tests/notebook/session.ipynb "$tmp/work" > "$tmp/nb.log" 2>&1
rc=$?
grep -v '^PASS' "$tmp/nb.log" | grep -v '^notebook: '
check "the notebooks (tutorial, session, interrupt) through the kernel" [ $rc -eq 0 ]
echo "notebook: $pass passed, $fail failed"
[ $fail -eq 0 ]
