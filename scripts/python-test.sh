#!/usr/bin/env bash
# The Python package's tests: builds the wheel into a virtual environment (target/python-venv,
# made on first use; everything from PyPI) and runs pytest on crates/python/tests. Needs only
# the Rust toolchain and a Python 3.9+ with venv and pip.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-venv
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
# Pinned below the next major versions whose APIs the environments use.
"$venv/bin/pip" install --quiet --disable-pip-version-check \
    "maturin>=1.7,<2" "numpy>=1.21" "pytest>=7" "gymnasium>=1.0,<2" "pettingzoo>=1.24,<2" "ray>=2.9,<3"
# The command-line binary, for the tests that compare records with it: the debug build, which
# .ci/run's other steps have built already (a record does not depend on the build's profile, and
# a release build of the server's dependencies would add minutes to CI).
# (As `cargo test --workspace` builds it: `cargo build --bin` would build it again with other
# features of its dependencies; scripts/browser-test.sh says the same.)
cargo test --workspace --no-run --quiet
export CARCASSONNE_BIN="$PWD/${CARGO_TARGET_DIR:-target}/debug/carcassonne"
# `pip install ./crates/python` as the README says (maturin builds in this workspace's target/),
# in the debug profile, whose engine and bots are optimized (Cargo.toml) and whose overflow checks
# stay on: a release build of the engine, the bots and pyo3 alone took minutes of CI. The
# release wheel is what `pip install` gives a user (PYTHON_TEST_PROFILE=release tests that one).
# maturin reads the profile from its PEP 517 environment variable, whatever pip's version.
MATURIN_PEP517_ARGS="--profile ${PYTHON_TEST_PROFILE:-dev}" \
    "$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps ./crates/python
# numpy's BLAS threads would spin on the same two cores as the batches' threads.
export OPENBLAS_NUM_THREADS=1
cd crates/python/tests
exec "../../../$venv/bin/python" -m pytest -q "$@"
