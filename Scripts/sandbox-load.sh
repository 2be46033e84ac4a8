#!/usr/bin/env bash
# Load check for `payform sandbox`: starts the release build on a free loopback port, runs
# Scripts/sandbox-load.py against it (20,000 requests over 32 keep-alive connections, 1,000
# malformed requests, 80 slow clients, then 200 requests and a socket count), runs `wrk` for 10 s
# too when it is installed, stops the sandbox with SIGTERM and checks it exits 0.
#
#   Scripts/sandbox-load.sh                       build (release) and run
#   LOAD_REQUESTS=5000 Scripts/sandbox-load.sh    fewer requests
#
# Exits 1 when a request failed, a malformed request got no 4xx, a connection stayed open, the
# server stopped serving, or it did not exit 0. Timing figures depend on the machine; run it
# alone (on the project's shared machine: under the build lock).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product payform 2>&1 | tail -n 1
payform=.build/release/payform
out=$(mktemp -d)
"$payform" sandbox > "$out/stdout" 2> "$out/stderr" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do [[ -s "$out/stdout" ]] && break; sleep 0.05; done
line=$(head -n 1 "$out/stdout")
echo "== sandbox: $line"
echo "== memory before: $(grep VmRSS /proc/$pid/status)"

status=0
python3 Scripts/sandbox-load.py "$line" "$pid" || status=$?

if command -v wrk > /dev/null; then
  url=$(python3 -c 'import json,sys; i=json.loads(sys.argv[1]); print(i["clientApiUrl"] + "/v1/" + i["customerId"] + "/products?countryCode=NL&currencyCode=EUR&hide=fields")' "$line")
  session=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["clientSessionId"])' "$line")
  echo "== wrk: 32 connections, 2 threads, 10 s, GET products"
  wrk -t2 -c32 -d10s --latency -H "Authorization: GCS v1Client:$session" "$url" | grep -E 'Latency|Req/Sec|requests in|Requests/sec|Non-2xx|Socket errors|50%|99%'
fi
echo "== memory after: $(grep VmRSS /proc/$pid/status)"

kill -TERM "$pid"
trap - EXIT
exit_code=0
wait "$pid" || exit_code=$?
echo "== sandbox exit status after SIGTERM: $exit_code ($(wc -l < "$out/stderr") stderr lines)"
[[ $exit_code -eq 0 ]] || status=1
if grep -qE '4111111111111111|41111111' "$out/stderr"; then
  echo "sandbox-load: the log holds card digits" >&2
  status=1
fi
exit $status
