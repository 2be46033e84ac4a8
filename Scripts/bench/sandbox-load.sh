#!/usr/bin/env bash
# Load check for `payform sandbox`: starts the release build on a free loopback port, runs
# Scripts/bench/sandbox-load.py against it (20,000 requests over 32 keep-alive connections, 1,000
# malformed requests, 80 slow clients, then 200 requests and a socket count), then measures
# throughput with `wrk` when it is installed (GET one product, 32 connections, 2 threads: requests/s
# and p99), beside nginx serving the same JSON as a static file on loopback in the same run when
# nginx is installed (Debian: apt-get install -y nginx wrk), the two alternated; stops the sandbox
# with SIGTERM and checks it exits 0. Without wrk or nginx the figures it cannot take are skipped
# with a note saying so.
#
#   Scripts/bench/sandbox-load.sh                       build (release) and run
#   LOAD_REQUESTS=5000 Scripts/bench/sandbox-load.sh    fewer requests
#   LOAD_SECONDS=10 Scripts/bench/sandbox-load.sh       wrk runs of 10 s (default 5), each done twice
#
# Exits 1 when a request failed, a malformed request got no 4xx, a connection stayed open, the
# server stopped serving, or it did not exit 0. Timing figures depend on the machine; run it
# alone (on the project's shared machine: under the build lock).
set -euo pipefail
cd "$(dirname "$0")/../.."

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
python3 Scripts/bench/sandbox-load.py "$line" "$pid" || status=$?

seconds=${LOAD_SECONDS:-5}
if command -v wrk > /dev/null; then
  url=$(python3 -c 'import json,sys; i=json.loads(sys.argv[1]); print(i["clientApiUrl"] + "/v1/" + i["customerId"] + "/products/1?countryCode=NL&currencyCode=EUR&amount=1000")' "$line")
  list=$(python3 -c 'import json,sys; i=json.loads(sys.argv[1]); print(i["clientApiUrl"] + "/v1/" + i["customerId"] + "/products?countryCode=NL&currencyCode=EUR&hide=fields")' "$line")
  session=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["clientSessionId"])' "$line")
  auth="Authorization: GCS v1Client:$session"
  # nginx serving the same product JSON as a file, two workers (one per core here), no access log.
  nginx_url=""
  if command -v nginx > /dev/null || [[ -x /usr/sbin/nginx ]]; then
    nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
    web="$out/nginx"
    mkdir -p "$web/logs"
    chmod 755 "$out" "$web"
    python3 - "$url" "$session" "$web/product.json" <<'PY'
import sys, urllib.request
request = urllib.request.Request(sys.argv[1], headers={"Authorization": "GCS v1Client:" + sys.argv[2]})
open(sys.argv[3], "wb").write(urllib.request.urlopen(request).read())
PY
    chmod 644 "$web/product.json"
    nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    cat > "$web/nginx.conf" <<CONF
worker_processes auto;
pid $web/nginx.pid;
error_log $web/logs/error.log;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$nginx_port;
    location / { root $web; try_files /product.json =404; }
  }
}
CONF
    "$nginx_bin" -e "$web/logs/error.log" -p "$web" -c "$web/nginx.conf" &
    nginx_pid=$!
    trap 'kill -TERM $pid 2>/dev/null || true; kill -TERM $nginx_pid 2>/dev/null || true' EXIT
    for _ in $(seq 1 100); do
      curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/product" 2>/dev/null && { nginx_url="http://127.0.0.1:$nginx_port/product"; break; }
      sleep 0.05
    done
    [[ -n "$nginx_url" ]] || echo "== NO NGINX BASELINE: nginx did not start (see $web/logs/error.log)"
  else
    echo "== NO NGINX BASELINE: nginx is not installed (Debian: apt-get install -y nginx); sandbox figures only"
  fi
  # "requests/s p99" of one wrk run.
  measure() {
    wrk -t2 -c32 -d"${seconds}s" --latency "$@" | awk '/Requests\/sec/ {rps=$2} / 99%/ {p99=$2} /Non-2xx/ {bad=$NF} END {print rps, p99, (bad == "" ? 0 : bad)}'
  }
  echo "== wrk: GET one product, 32 connections, 2 threads, ${seconds} s per run, runs alternated"
  best_sandbox=0; best_nginx=0
  for round in 1 2; do
    read -r rps p99 bad < <(measure -H "$auth" "$url")
    echo "   sandbox  run $round: $rps requests/s, p99 $p99, non-2xx $bad"
    [[ "$bad" == "0" ]] || status=1
    best_sandbox=$(python3 -c "print(max($best_sandbox, $rps))")
    if [[ -n "$nginx_url" ]]; then
      read -r rps p99 bad < <(measure "$nginx_url")
      echo "   nginx    run $round: $rps requests/s, p99 $p99"
      best_nginx=$(python3 -c "print(max($best_nginx, $rps))")
    fi
  done
  if [[ -n "$nginx_url" ]]; then
    echo "== best sandbox / best nginx: $(python3 -c "print(f'{$best_sandbox / $best_nginx:.2f}')")x"
    kill -TERM "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
    trap 'kill -TERM $pid 2>/dev/null || true' EXIT
  fi
  echo "== wrk: GET the product list (hide=fields), 32 connections, 2 threads, ${seconds} s"
  read -r rps p99 bad < <(measure -H "$auth" "$list")
  echo "   sandbox: $rps requests/s, p99 $p99, non-2xx $bad"
  [[ "$bad" == "0" ]] || status=1
else
  echo "== NO THROUGHPUT FIGURES: wrk is not installed (Debian: apt-get install -y wrk)"
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
