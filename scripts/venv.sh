# Sourced by the run and test scripts: creates .venv on first use and installs the project into it,
# every dependency at the exact version its lock file names (see scripts/lock).
# The caller sets PROJECT_EXTRAS: empty for running the bot (no test tools), "dev" for the tests.
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
# shellcheck disable=SC1091
source .venv/bin/activate
lock="requirements/${PROJECT_EXTRAS:-bot}.lock"
stamp=.venv/.installed-$( (cat pyproject.toml "$lock"; echo "$lock") | sha1sum | cut -c1-12)
if [ ! -f "$stamp" ]; then
    python -m pip install --quiet --upgrade pip
    python -m pip install --quiet -r "$lock"
    python -m pip install --quiet --no-deps -e .
    touch "$stamp"
fi
