#!/usr/bin/env bash
# Load check of payform sandbox's Server API: the release build on a free loopback port, then
# `wrk` creating payments (POST /v2/MERCHANT/payments, each with its own encryptedCustomerInput,
# a valid Visa test card: decrypted, validated, authorised) over 32 keep-alive connections from 2
# threads until LOAD_PAYMENTS (default 100,000) are used: payments/s and latency percentiles, then
# the sandbox's resident memory (VmRSS now, VmHWM peak) after them, against before. What the
# sandbox keeps is bounded (10,000 payments, used tokens, idempotence keys, sessions), so memory
# must level off. Stops the sandbox with SIGTERM and checks it exits 0.
#
#   Scripts/bench/server-api-load.sh                          build (release) and run
#   LOAD_PAYMENTS=20000 Scripts/bench/server-api-load.sh      fewer payments
#
# Needs wrk (Debian: apt-get install -y wrk) and python3 with cryptography (python3-cryptography)
# to make the tokens. Timing figures depend on the machine: run it alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk > /dev/null || { echo "server-api-load: wrk is missing (apt-get install -y wrk)"; exit 2; }
python3 -c "import cryptography" 2> /dev/null || { echo "server-api-load: python3's cryptography is missing"; exit 2; }
payments=${LOAD_PAYMENTS:-100000}

swift build -c release --product payform 2>&1 | tail -n 1
payform=.build/release/payform
out=$(mktemp -d)
"$payform" sandbox > "$out/stdout" 2> "$out/stderr" &
pid=$!
trap 'kill -TERM $pid 2> /dev/null || true; rm -rf "$out"' EXIT
for _ in $(seq 1 100); do [[ -s "$out/stdout" ]] && break; sleep 0.05; done
line=$(head -n 1 "$out/stdout")
field() { python3 -c 'import json,sys; v=json.loads(sys.argv[1]); [v := v[k] for k in sys.argv[2:]]; print(v)' "$line" "$@"; }
endpoint=$(field serverApi apiEndpoint)
merchant=$(field serverApi merchantId)
path="/v2/$merchant/payments"
date=$(date -u '+%a, %d %b %Y %H:%M:%S GMT')
sign() {  # METHOD CONTENT_TYPE PATH -> the Authorization value
  python3 - "$1" "$2" "$date" "$3" "$(field serverApi apiKeyId)" "$(field serverApi secretApiKey)" <<'PY'
import base64, hashlib, hmac, sys
method, content_type, date, path, key, secret = sys.argv[1:]
text = f"{method}\n{content_type}\n{date}\n{path}\n"
print(f"GCS v1HMAC:{key}:" + base64.b64encode(hmac.new(secret.encode(), text.encode(), hashlib.sha256).digest()).decode())
PY
}
authorization=$(sign POST application/json "$path")
curl -s -H "Authorization: GCS v1Client:$(field clientSessionId)" "$(field clientApiUrl)/v1/$(field customerId)/crypto/publickey" > "$out/key.json"
echo "== making tokens for $payments payments (5 % more: the first thread out of tokens ends the run)"
python3 Scripts/bench/server-api-load.py "$out/key.json" "$(field clientSessionId)" "$((payments + payments / 20 + 64))" > "$out/tokens.txt"
echo "== sandbox $endpoint, memory before: $(grep -E 'VmRSS' /proc/$pid/status | tr -s ' \t' ' ')"
wrk -t 2 -c 32 -d 3600s --latency --timeout 10s -s Scripts/bench/server-api-load.lua "$endpoint$path" -- \
  "$out/tokens.txt" "$path" "$date" "$authorization" 2
echo "== memory after $payments payments: $(grep -E 'VmRSS|VmHWM' /proc/$pid/status | tr -s ' \t' ' ' | tr '\n' ' ')"
curl -s -o /dev/null -w "== still serving: GET of an unknown payment id -> %{http_code}\n" \
  -H "Date: $date" -H "Authorization: $(sign GET '' "$path/unknown")" "$endpoint$path/unknown" || true
kill -TERM $pid
wait $pid && echo "== sandbox exited 0"
