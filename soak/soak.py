#!/usr/bin/env python3
"""Soak and churn for windowd: a real daemon on a private loopback Unix socket.

Concurrently, for --seconds:
  * 1,000 presenters attached (window.attach detail/<n>), their events drained;
  * 50 clients opening, closing and setting scene storage on notes/<n> windows;
  * 1 client setting presenters' phases (aggregate changes reach every presenter);
  * 1 subscriber that never reads (the daemon must drop it, not slow down);
  * --cycles connect/disconnect cycles from 2 threads (run to the end even past --seconds).
Reports requests served, errors, the slowest request, and the daemon's RSS and open file
descriptors at start, middle and end. Exits 1 if the daemon failed, a request went
unanswered, or the fds did not come back to the baseline.
"""
import argparse
import json
import os
import random
import resource
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

CONFIG = """
[daemon]
max_clients = 4096

[app]
minimum_loading_ms = 0

[groups.detail]
value = "int"

[groups.notes]
value = "string"
"""


class Client:
    """One connection speaking newline-delimited JSON-RPC; skips events while awaiting a response."""

    def __init__(self, path, timeout=30.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buffer = b""
        self.next_id = 1

    def send(self, method, params=None):
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            request["params"] = params
        self.next_id += 1
        self.sock.sendall(json.dumps(request, separators=(",", ":")).encode() + b"\n")
        return request["id"]

    def read_line(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("windowd closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def call(self, method, params=None):
        wanted = self.send(method, params)
        while True:
            message = self.read_line()
            if message.get("id") == wanted:
                return message

    def close(self):
        self.sock.close()


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.errors = {}
        self.failures = []
        self.slowest = (0.0, "")
        self.latencies = []

    def record(self, method, seconds, response):
        with self.lock:
            self.requests += 1
            if len(self.latencies) < 2_000_000:
                self.latencies.append(seconds)
            if seconds > self.slowest[0]:
                self.slowest = (seconds, method)
            if "error" in response:
                reason = response["error"].get("data", {}).get("reason") or str(response["error"].get("code"))
                key = f"{method}: {reason}"
                self.errors[key] = self.errors.get(key, 0) + 1

    def fail(self, what):
        with self.lock:
            if len(self.failures) < 20:
                self.failures.append(what)


def timed_call(client, stats, method, params=None):
    start = time.monotonic()
    response = client.call(method, params)
    stats.record(method, time.monotonic() - start, response)
    return response


def sample(pid):
    rss = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    return {"rss_kib": rss, "fds": len(os.listdir(f"/proc/{pid}/fd")), "threads": len(os.listdir(f"/proc/{pid}/task"))}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--windowd", required=True)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--cycles", type=int, default=100_000)
    parser.add_argument("--presenters", type=int, default=1_000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--report", default=".build/soak-report.json")
    args = parser.parse_args()
    if args.seconds > 600:
        parser.error("--seconds is at most 600 (10 minutes)")

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    workdir = tempfile.mkdtemp(prefix="wsoak-", dir="/tmp")
    path = os.path.join(workdir, "s.sock")
    with open(os.path.join(workdir, "windowd.toml"), "w") as config:
        config.write(CONFIG)
    env = {k: v for k, v in os.environ.items() if k not in ("NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "WATCHDOG_USEC", "WINDOWD_SOCKET", "STATE_DIRECTORY")}
    env["XDG_STATE_HOME"] = os.path.join(workdir, "state")
    log = open(os.path.join(workdir, "windowd.log"), "w")
    daemon = subprocess.Popen([args.windowd, "--config", os.path.join(workdir, "windowd.toml"), "--socket", path, "--log-level", "warning"],
                              env=env, stdout=log, stderr=log)
    stats = Stats()
    samples = {}
    ok = True
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                probe = Client(path)
                if probe.call("app.state")["result"]["state"]["state"] != "loading":
                    break
                probe.close()
            except (OSError, ConnectionError):
                pass
            if daemon.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"windowd did not start; log in {workdir}/windowd.log")
            time.sleep(0.01)
        samples["start"] = sample(daemon.pid)

        # 1,000 presenters, attached one after the other, then drained by one selector thread.
        presenters, windows = [], []
        for n in range(args.presenters):
            presenter = Client(path)
            response = timed_call(presenter, stats, "window.attach", {"group": "detail", "value": n, "phase": "background"})
            windows.append(response["result"]["window"]["id"])
            presenter.sock.setblocking(False)
            presenters.append(presenter)
        samples["attached"] = sample(daemon.pid)

        stop = threading.Event()
        events = {"count": 0, "dropped_presenters": 0}

        def drain():
            selector = selectors.DefaultSelector()
            for presenter in presenters:
                selector.register(presenter.sock, selectors.EVENT_READ)
            while not stop.is_set():
                for key, _ in selector.select(timeout=0.2):
                    try:
                        data = key.fileobj.recv(262144)
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if not data:
                        events["dropped_presenters"] += 1
                        selector.unregister(key.fileobj)
                        continue
                    events["count"] += data.count(b"\n")

        def churn(index):
            rng = random.Random(index)
            client = Client(path)
            try:
                while not stop.is_set():
                    value = str(rng.randrange(500))
                    opened = timed_call(client, stats, "window.open", {"group": "notes", "value": value})
                    if "result" not in opened:
                        continue
                    window = opened["result"]["window"]["id"]
                    timed_call(client, stats, "storage.set", {"id": window, "key": f"k{rng.randrange(8)}", "value": {"n": rng.random(), "by": index}})
                    if rng.random() < 0.1:
                        timed_call(client, stats, "storage.get", {"id": window})
                    if rng.random() < 0.3:
                        timed_call(client, stats, "window.close", {"id": window})
            except (OSError, ConnectionError, ValueError) as error:
                stats.fail(f"churn client {index}: {error!r}")
            finally:
                client.close()

        def phases():
            rng = random.Random(7)
            client = Client(path)
            try:
                while not stop.is_set():
                    timed_call(client, stats, "scene.setPhase", {"id": rng.choice(windows), "phase": rng.choice(["active", "inactive", "background"])})
                    time.sleep(0.005)
            except (OSError, ConnectionError, ValueError) as error:
                stats.fail(f"phase client: {error!r}")
            finally:
                client.close()

        cycles = {"done": 0, "errors": 0, "kinds": {}, "slowest_connect_ms": 0.0}
        cycle_lock = threading.Lock()

        def connect_cycles(count):
            for _ in range(count):
                try:
                    # Blocking, like winctl: a connect waits while the listen backlog is full
                    # (a non-blocking one would get EAGAIN); the wait is what is measured.
                    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    begun = time.monotonic()
                    sock.connect(path)
                    waited = time.monotonic() - begun
                    sock.close()
                    with cycle_lock:
                        cycles["done"] += 1
                        cycles["slowest_connect_ms"] = max(cycles["slowest_connect_ms"], round(waited * 1000, 2))
                except OSError as error:
                    with cycle_lock:
                        cycles["errors"] += 1
                        kind = type(error).__name__ + (f" errno {error.errno}" if error.errno else "")
                        cycles["kinds"][kind] = cycles["kinds"].get(kind, 0) + 1

        # The subscriber that never reads: the daemon must drop it once its queue is full.
        silent = Client(path)
        silent.call("events.subscribe")

        threads = [threading.Thread(target=drain)] + [threading.Thread(target=churn, args=(i,)) for i in range(args.clients)]
        threads.append(threading.Thread(target=phases))
        cyclers = [threading.Thread(target=connect_cycles, args=(args.cycles // 2 + (args.cycles % 2 if i == 0 else 0),)) for i in range(2)]
        started = time.monotonic()
        for thread in threads + cyclers:
            thread.start()
        middle_taken = False
        while time.monotonic() - started < args.seconds:
            time.sleep(0.5)
            if not middle_taken and time.monotonic() - started >= args.seconds / 2:
                samples["middle"] = sample(daemon.pid)
                middle_taken = True
            if daemon.poll() is not None:
                stats.fail(f"windowd exited ({daemon.returncode}) during the soak")
                break
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        for thread in cyclers:
            thread.join(timeout=600)
        elapsed = time.monotonic() - started
        if not middle_taken:
            samples["middle"] = sample(daemon.pid)

        # The silent subscriber: dropped by the daemon?
        silent.sock.setblocking(False)
        silent_dropped = False
        try:
            while True:
                chunk = silent.sock.recv(1 << 20)
                if not chunk:
                    silent_dropped = True
                    break
        except BlockingIOError:
            pass
        except OSError:
            silent_dropped = True
        silent.close()

        samples["end_loaded"] = sample(daemon.pid)
        status = Client(path).call("daemon.status")["result"]
        for presenter in presenters:
            presenter.close()
        time.sleep(1.0)
        samples["end"] = sample(daemon.pid)

        latencies = sorted(stats.latencies)
        pct = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else 0
        report = {
            "seconds": round(elapsed, 1),
            "requests_served": stats.requests,
            "requests_per_second": round(stats.requests / elapsed),
            "error_responses": stats.errors,
            "client_failures": stats.failures,
            "slowest_request_ms": round(stats.slowest[0] * 1000, 2),
            "slowest_method": stats.slowest[1],
            "p50_ms": round(pct(0.5), 3), "p99_ms": round(pct(0.99), 3), "p999_ms": round(pct(0.999), 3),
            "events_to_presenters": events["count"],
            "presenters_dropped": events["dropped_presenters"],
            "connect_cycles": cycles["done"], "connect_errors": cycles["errors"], "connect_error_kinds": cycles["kinds"], "slowest_connect_ms": cycles["slowest_connect_ms"],
            "silent_subscriber_dropped": silent_dropped,
            "daemon_status_under_load": status,
            "samples": samples,
        }
        print(json.dumps(report, indent=2))
        os.makedirs(os.path.dirname(args.report) or ".", exist_ok=True)
        with open(args.report, "w") as out:
            json.dump(report, out, indent=2)
        print(f"\n{'':12}{'RSS MiB':>10}{'fds':>8}{'threads':>9}")
        for name in ("start", "attached", "middle", "end_loaded", "end"):
            s = samples[name]
            print(f"{name:12}{s['rss_kib'] / 1024:>10.1f}{s['fds']:>8}{s['threads']:>9}")

        if stats.failures or events["dropped_presenters"] or cycles["errors"]:
            ok = False
        if samples["end"]["fds"] > samples["start"]["fds"] + 5:
            print(f"soak: open fds did not come back: {samples['start']['fds']} at start, {samples['end']['fds']} at the end")
            ok = False
    finally:
        if daemon.poll() is None:
            daemon.send_signal(signal.SIGTERM)
            try:
                code = daemon.wait(timeout=10)
                if code != 0:
                    print(f"soak: windowd exited {code} on SIGTERM")
                    ok = False
            except subprocess.TimeoutExpired:
                daemon.kill()
                daemon.wait()
                print("soak: windowd did not stop within 10 s of SIGTERM")
                ok = False
        else:
            ok = False
            print(f"soak: windowd died with {daemon.returncode}; log: {workdir}/windowd.log")
        log.close()
        if ok:
            shutil.rmtree(workdir, ignore_errors=True)
    print("soak: " + ("ok" if ok else "FAILED"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
