# Sourced by the run and test scripts: creates .venv on first use and installs the project into it.
# The caller sets PROJECT_EXTRAS: empty for running the bot (no test tools), "dev" for the tests.
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
# shellcheck disable=SC1091
source .venv/bin/activate
target="."
if [ -n "${PROJECT_EXTRAS:-}" ]; then
    target=".[${PROJECT_EXTRAS}]"
fi
stamp=.venv/.installed-$( (cat pyproject.toml; echo "$target") | sha1sum | cut -c1-12)
if [ ! -f "$stamp" ]; then
    python -m pip install --quiet --upgrade pip
    python -m pip install --quiet -e "$target"
    touch "$stamp"
fi
