# Sourced by the run and test scripts: creates .venv on first use and installs the project into it.
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
# shellcheck disable=SC1091
source .venv/bin/activate
stamp=.venv/.installed-$(cat pyproject.toml | sha1sum | cut -c1-12)
if [ ! -f "$stamp" ]; then
    python -m pip install --quiet --upgrade pip
    python -m pip install --quiet -e ".[dev]"
    touch "$stamp"
fi
