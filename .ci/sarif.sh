#!/usr/bin/env bash
# Install Microsoft's SARIF Multitool (the npm package ships the official SARIF 2.1.0
# JSON Schema beside its `validate` command) and print the schema's path.
#
#   bash .ci/sarif.sh [DIR]     DIR defaults to .ci/.sarif-tools (not tracked by git)
#
# Installs only when DIR does not hold it yet. The version is pinned so the schema and
# the validator's rules do not change under us; bump it on purpose.
# Everything but the path goes to stderr, so callers can read stdout as the path.
set -euo pipefail
package="@microsoft/sarif-multitool-linux"
version="5.7.0"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:-"$root/.ci/.sarif-tools"}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
home="$dir/node_modules/$package"

installed() {
    [ -f "$home/sarif-2.1.0.json" ] && [ -f "$home/Sarif.Multitool" ] &&
        grep -q "\"version\": \"$version\"" "$home/package.json"
}

if ! installed; then
    if ! command -v npm >/dev/null; then
        echo "sarif.sh: npm is not installed; it is needed to fetch $package" >&2
        exit 1
    fi
    echo "sarif.sh: installing $package@$version into $dir" >&2
    npm install --no-save --no-audit --no-fund --prefix "$dir" "$package@$version" >&2
    installed || { echo "sarif.sh: $package@$version did not install into $dir" >&2; exit 1; }
fi
# The package's postinstall does this; newer npm versions may skip install scripts.
chmod u+x "$home/Sarif.Multitool"
echo "$home/sarif-2.1.0.json"
