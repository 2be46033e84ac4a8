#!/usr/bin/env python3
"""Load check for `payform sandbox` (run by Scripts/bench/sandbox-load.sh, which starts the sandbox).

Phases, each bounded:
  1. throughput: N requests (default 20,000) over C keep-alive connections (default 32), a mix of
     the product list, one product, an IIN lookup and the public key; requests/s, p50/p99 latency,
     errors;
  2. malformed: 1,000 malformed requests, each on its own connection: every one must get an error
     answer (4xx, or 501/505 for an unsupported transfer coding or version) and a closed connection;
  3. slow clients: 80 connections that dribble a request head a byte per second (slow loris), while
     normal requests keep coming: slow ones are cut at the read deadline (408) or turned away (503);
  4. still serving: 200 normal requests all succeed, and the server's open sockets are back to
     what they were before (no leaked connection).
Prints one JSON object with the figures. Card data is never sent (IIN lookups send 8 digits).
"""
import http.client
import json
import os
import socket
import sys
import threading
import time


def sockets_of(pid):
    try:
        return sum(1 for fd in os.listdir(f"/proc/{pid}/fd") if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"))
    except OSError:
        return -1


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    info = json.loads(sys.argv[1])
    pid = int(sys.argv[2])
    total = int(os.environ.get("LOAD_REQUESTS", "20000"))
    connections = int(os.environ.get("LOAD_CONNECTIONS", "32"))
    api = info["clientApiUrl"]
    host, port = api.split("//")[1].split("/")[0].split(":")
    port = int(port)
    base = "/client/v1/" + info["customerId"]
    headers = {"Authorization": "GCS v1Client:" + info["clientSessionId"], "Accept": "application/json"}
    context = "countryCode=NL&currencyCode=EUR&amount=1000"
    iin = json.dumps({"bin": "41111111", "paymentContext": {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}, "countryCode": "NL"}})
    mix = [
        ("GET", f"{base}/products?{context}&hide=fields", None),
        ("GET", f"{base}/products/1?{context}", None),
        ("POST", f"{base}/services/getIINdetails", iin),
        ("GET", f"{base}/crypto/publickey", None),
    ]
    baseline_sockets = sockets_of(pid)

    # 1. Throughput.
    latencies = []
    errors = [0]
    lock = threading.Lock()
    counter = [0]

    def worker():
        connection = http.client.HTTPConnection(host, port, timeout=30)
        local = []
        failures = 0
        while True:
            with lock:
                if counter[0] >= total:
                    break
                index = counter[0]
                counter[0] += 1
            method, path, body = mix[index % len(mix)]
            start = time.perf_counter()
            try:
                request_headers = dict(headers)
                if body:
                    request_headers["Content-Type"] = "application/json"
                connection.request(method, path, body=body, headers=request_headers)
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    failures += 1
            except Exception:
                failures += 1
                connection.close()
                connection = http.client.HTTPConnection(host, port, timeout=30)
            local.append(time.perf_counter() - start)
        connection.close()
        with lock:
            latencies.extend(local)
            errors[0] += failures

    started = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    throughput = {
        "requests": len(latencies), "connections": connections, "seconds": round(elapsed, 2),
        "requestsPerSecond": round(len(latencies) / elapsed), "p50ms": round(percentile(latencies, 0.5) * 1000, 2),
        "p99ms": round(percentile(latencies, 0.99) * 1000, 2), "maxms": round(max(latencies) * 1000, 2), "errors": errors[0],
    }

    # 2. Malformed requests.
    malformed = [
        b"GET / HTTP/1.1\nHost: x\r\n\r\n", b"GET / HTTP/9.9\r\nHost: x\r\n\r\n", b"\x00\x01\x02garbage\r\n\r\n",
        b"GET / HTTP/1.1\r\n\r\n", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n",
        b"GET /" + b"a" * 17000 + b" HTTP/1.1\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", b"GET / HTTP/1.1\r\nHost: \xff\r\n\r\n",
        b"POST " + base.encode() + b"/services/getIINdetails HTTP/1.1\r\nHost: x\r\nAuthorization: GCS v1Client:" + info["clientSessionId"].encode()
        + b"\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{bad}",
    ]
    statuses = {}
    not_closed = 0
    for index in range(1000):
        with socket.create_connection((host, port), timeout=10) as raw:
            try:
                raw.sendall(malformed[index % len(malformed)])
            except OSError:
                pass
            answer = b""
            try:
                while True:
                    chunk = raw.recv(65536)
                    if not chunk:
                        break
                    answer += chunk
            except socket.timeout:
                not_closed += 1
            status = answer[9:12].decode("ascii", "replace") or "none"
            statuses[status] = statuses.get(status, 0) + 1

    # 3. Slow clients while normal requests go on.
    slow_results = {}
    slow_lock = threading.Lock()

    def slow_client():
        try:
            raw = socket.create_connection((host, port), timeout=30)
            head = b"GET " + base.encode() + b"/products HTTP/1.1\r\nHost: x\r\n"
            answer = b""
            for byte in head:
                raw.sendall(bytes([byte]))
                time.sleep(1)
                raw.setblocking(False)
                try:
                    answer = raw.recv(65536)
                except BlockingIOError:
                    answer = b""
                except OSError:
                    answer = b"closed"
                raw.setblocking(True)
                if answer:
                    break
            if not answer:
                answer = raw.recv(65536)
            raw.close()
            key = answer[9:12].decode("ascii", "replace") if answer.startswith(b"HTTP/") else "closed"
        except OSError:
            key = "error"
        with slow_lock:
            slow_results[key] = slow_results.get(key, 0) + 1

    slow_threads = [threading.Thread(target=slow_client) for _ in range(80)]
    slow_started = time.perf_counter()
    for thread in slow_threads:
        thread.start()
    time.sleep(2)
    during = {"ok": 0, "busy": 0, "other": 0}
    for _ in range(20):
        try:
            connection = http.client.HTTPConnection(host, port, timeout=15)
            connection.request("GET", f"{base}/crypto/publickey", headers=headers)
            status = connection.getresponse().status
            connection.close()
            during["ok" if status == 200 else "busy" if status == 503 else "other"] += 1
        except Exception:
            during["other"] += 1
        time.sleep(0.25)
    for thread in slow_threads:
        thread.join()
    slow_seconds = round(time.perf_counter() - slow_started, 1)

    # 4. Still serving, and no connection left open.
    time.sleep(0.5)
    after_ok = 0
    connection = http.client.HTTPConnection(host, port, timeout=10)
    for index in range(200):
        method, path, body = mix[index % len(mix)]
        request_headers = dict(headers)
        if body:
            request_headers["Content-Type"] = "application/json"
        connection.request(method, path, body=body, headers=request_headers)
        response = connection.getresponse()
        response.read()
        after_ok += response.status == 200
    connection.close()
    time.sleep(0.5)
    result = {
        "throughput": throughput,
        "malformed": {"requests": 1000, "statuses": statuses, "leftOpen": not_closed},
        "slowClients": {"clients": 80, "seconds": slow_seconds, "answers": slow_results, "normalRequestsMeanwhile": during},
        "afterwards": {"requests": 200, "ok": after_ok, "serverSocketsBefore": baseline_sockets, "serverSocketsAfter": sockets_of(pid)},
    }
    print(json.dumps(result, indent=2))
    healthy = (throughput["errors"] == 0 and after_ok == 200 and not_closed == 0
               and all(status.startswith("4") or status in ("501", "505") for status in statuses)
               and sockets_of(pid) == baseline_sockets)
    sys.exit(0 if healthy else 1)


main()
