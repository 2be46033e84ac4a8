#!/usr/bin/env bash
# The example checkout in one command: `payform sandbox` (the platform: Client API and Server API)
# and the shop's server (the page, Web/dist at /web/, and the shop's /api calls), each on a free
# loopback port.
#
# Usage: Examples/web/run.sh PAYFORM_BINARY      (after Scripts/build/build-web.sh)
#
# The first stdout line is the page's URL (open it in a browser); nothing else goes to stdout.
# Logs (one line per request of each server) go to stderr. SIGINT (Ctrl-C) or SIGTERM stops both
# servers and exits 0; if one of them stops on its own, the other is stopped too and it exits 1.
# Exit 2: usage or setup problem (no binary, no node, Web/dist not built).
# SHOP_PORT=N picks the page's port (default 0: any free one).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

fail() { echo "run.sh: $1" >&2; exit "${2:-2}"; }

[[ $# -eq 1 && $1 != -h && $1 != --help ]] || fail "usage: Examples/web/run.sh PAYFORM_BINARY (for example .build/debug/payform)"
payform=$1
[[ -x $payform && ! -d $payform ]] || fail "$payform is not an executable payform binary (swift build --product payform)"
command -v node > /dev/null || fail "node (20 or later) is needed for the shop's server"
node_major=$(node -p 'process.versions.node.split(".")[0]' 2> /dev/null || echo 0)
[[ $node_major -ge 20 ]] || fail "node 20 or later is needed (this is $(node --version 2> /dev/null))"
[[ -f $root/Web/dist/payform-form.mjs && -f $root/Web/dist/payform-form-engine.wasm ]] \
  || fail "Web/dist/payform-form.mjs or payform-form-engine.wasm is missing: run Scripts/build/build-web.sh first"

work=$(mktemp -d "${TMPDIR:-/tmp}/payform-checkout.XXXXXX") || fail "cannot make a temporary folder"
chmod 700 "$work"
sandbox_pid=""
shop_pid=""
stopping=0

# Stops what was started (SIGTERM, then SIGKILL after 5 s), reaps it, removes the temporary folder.
stop_all() {
  local pid alive
  for pid in $shop_pid $sandbox_pid; do kill -TERM "$pid" 2> /dev/null || true; done
  for _ in $(seq 50); do
    alive=0
    for pid in $shop_pid $sandbox_pid; do kill -0 "$pid" 2> /dev/null && alive=1; done
    [[ $alive -eq 0 ]] && break
    sleep 0.1
  done
  for pid in $shop_pid $sandbox_pid; do kill -KILL "$pid" 2> /dev/null || true; done
  for pid in $shop_pid $sandbox_pid; do wait "$pid" 2> /dev/null || true; done
  rm -rf "$work"
}
trap 'stopping=1' TERM INT
trap stop_all EXIT

# Sets $line to the first line of file $1, written by process $2, within $3 seconds; fails when
# none came (the process stopped, or a signal arrived). No subshell: a signal is seen at once.
line=""
first_line() {
  local file=$1 pid=$2 tenths=$(($3 * 10))
  for _ in $(seq "$tenths"); do
    # A whole line only: the file may hold a part of it while the process writes.
    if [[ $(wc -l < "$file") -ge 1 ]] && IFS= read -r line < "$file"; then
      return 0
    fi
    [[ $stopping -eq 1 ]] && return 1
    kill -0 "$pid" 2> /dev/null || return 1
    sleep 0.1
  done
  return 1
}

# The platform: both APIs on one free loopback port. Its first line holds the test credentials
# (a public NOT-FOR-PRODUCTION secret); it stays in the private temporary folder.
"$payform" sandbox --port 0 --host 127.0.0.1 > "$work/sandbox.out" < /dev/null &
sandbox_pid=$!
first_line "$work/sandbox.out" "$sandbox_pid" 60 || {
  [[ $stopping -eq 1 ]] && exit 0
  fail "payform sandbox printed no first line within 60 s" 1
}

# The shop: the page, /web/ (Web/dist) and /api, on another free loopback port.
node "$here/shop-server.mjs" --port "${SHOP_PORT:-0}" --host 127.0.0.1 --sandbox-info "$work/sandbox.out" \
  > "$work/shop.out" < /dev/null &
shop_pid=$!
first_line "$work/shop.out" "$shop_pid" 30 || {
  [[ $stopping -eq 1 ]] && exit 0
  fail "the shop server did not start (its messages are above)" 1
}
url=$line

printf '%s\n' "$url"
echo "run.sh: checkout at $url (sandbox and shop running; Ctrl-C stops both)" >&2

# Serve until a signal comes (wait returns early for a trapped signal) or a server stops.
while [[ $stopping -eq 0 ]]; do
  wait -n "$sandbox_pid" "$shop_pid" 2> /dev/null
  [[ $stopping -eq 1 ]] && break
  if ! kill -0 "$sandbox_pid" 2> /dev/null || ! kill -0 "$shop_pid" 2> /dev/null; then
    echo "run.sh: a server stopped on its own; stopping the other" >&2
    exit 1
  fi
done
exit 0
