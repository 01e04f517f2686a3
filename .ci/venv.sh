# Sourced by .ci/run, .ci/soak and examples/run: make .venv hold assay (with the extra
# named in $1, if any) as pyproject.toml asks today.  It installs on the first run and
# again whenever pyproject.toml changed (a new dependency must reach an old .venv too),
# and does nothing otherwise.  An install with the `dev` extra serves a plain one too.
assay_venv() {
    local extra=${1:-} python=${PYTHON:-python3}
    local stamp=.venv/.assay-installed digest had=""
    digest=$(sha256sum pyproject.toml | cut -d' ' -f1)
    [ -f "$stamp" ] && had=$(cat "$stamp")
    if [ -x .venv/bin/python ] && { [ "$had" = "$digest $extra" ] ||
        { [ -z "$extra" ] && [ "${had%% *}" = "$digest" ]; }; }; then
        return 0
    fi
    [ -x .venv/bin/python ] || "$python" -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e ".${extra:+[$extra]}"
    echo "$digest $extra" > "$stamp"
}
