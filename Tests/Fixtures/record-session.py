#!/usr/bin/env python3
"""Records one session with a real windowd as a transcript, for the version tests.

    python3 Tests/Fixtures/record-session.py PATH/TO/windowd > Tests/Fixtures/windowd-0.1.0.transcript

Three connections (1 asks, 2 subscribes, 3 presents) send every method of protocol 1, a few
refusals among them; the transcript holds each line sent (``N> ``) and the reply (``N< ``),
then the events each connection received. A window id in a later request is the one an
earlier reply gave: a replay maps it to the id its own daemon gives
(Tests/EndToEndTests/Protocol/VersionsMeetTests.swift, clients/python/test_windowd.py).
"""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time

CONFIG = """
[app]
minimum_loading_ms = 0

[groups.main]
value = "none"

[groups.detail]
value = "int"

[groups.notes]
value = "string"

[groups.orders]
value = "uuid"
requires_auth = true
"""

ORDER = "7d8e3a4c-4f1e-4c1e-9f3b-1a2b3c4d5e6f"


class Connection:
    def __init__(self, number, path):
        self.number = number
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.buffer = b""
        self.events = []
        self.next_id = 1

    def line(self, timeout):
        self.socket.settimeout(timeout)
        while b"\n" not in self.buffer:
            try:
                data = self.socket.recv(65536)
            except socket.timeout:
                return None
            if not data:
                return None
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()


def main():
    windowd = sys.argv[1]
    directory = tempfile.mkdtemp(prefix="record-")
    config = os.path.join(directory, "windowd.toml")
    with open(config, "w") as file:
        file.write(CONFIG)
    path = os.path.join(directory, "s.sock")
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": directory,
                   "XDG_STATE_HOME": os.path.join(directory, "state"), "XDG_RUNTIME_DIR": directory}
    daemon = subprocess.Popen([windowd, "--config", config, "--socket", path], env=environment,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            if os.path.exists(path):
                break
            time.sleep(0.05)
        time.sleep(0.3)
        record(path)
    finally:
        daemon.terminate()
        daemon.wait()


def record(path):
    connections = {number: Connection(number, path) for number in (1, 2, 3)}
    transcript = []

    def send(number, method, params=None):
        connection = connections[number]
        request = {"jsonrpc": "2.0", "id": connection.next_id, "method": method}
        connection.next_id += 1
        if params is not None:
            request["params"] = params
        text = json.dumps(request, separators=(",", ":"))
        connection.socket.sendall(text.encode() + b"\n")
        transcript.append("%d> %s" % (number, text))
        while True:
            line = connection.line(10)
            message = json.loads(line)
            if "id" in message:
                transcript.append("%d< %s" % (number, line))
                return message.get("result")
            connection.events.append(line)

    for number in (1, 2, 3):
        send(number, "hello", {"client": "record-session", "protocol": 1})
    send(2, "events.subscribe")
    detail = send(1, "window.open", {"group": "detail", "value": 1})["window"]["id"]
    send(1, "window.open", {"group": "detail", "value": 1})
    notes = send(1, "window.open", {"group": "notes", "value": "n"})["window"]["id"]
    send(1, "window.open", {"group": "main"})
    send(1, "window.list")
    send(1, "window.list", {"group": "detail"})
    send(3, "window.attach", {"id": detail, "phase": "active"})
    send(3, "storage.set", {"id": detail, "key": "k", "value": {"a": [1, 2.5, None, "s"]}})
    send(3, "storage.get", {"id": detail})
    send(3, "storage.get", {"id": detail, "key": "k"})
    send(1, "window.focus", {"id": detail})
    send(3, "scene.setPhase", {"id": detail, "phase": "inactive"})
    send(1, "scene.phase")
    send(3, "storage.remove", {"id": detail, "key": "k"})
    send(1, "app.state")
    send(1, "app.transition", {"to": {"state": "authenticated", "user": "alice"}})
    send(1, "daemon.status")
    send(1, "daemon.groups")
    send(1, "window.open", {"group": "orders", "value": ORDER})
    send(3, "window.detach")
    shown = send(3, "window.attach", {"group": "notes", "value": "m", "phase": "background"})["window"]["id"]
    send(1, "app.transition", {"to": {"state": "unauthenticated"}})
    send(1, "window.close", {"id": notes})
    send(1, "window.close", {"id": shown})
    send(1, "daemon.reload")
    send(1, "window.open", {"group": "detail", "value": "x"})
    send(1, "window.focus", {"id": "00000000-0000-4000-8000-000000000000"})
    send(1, "no.such.method")
    time.sleep(0.5)
    for number, connection in connections.items():
        while True:
            line = connection.line(0.3)
            if line is None:
                break
            connection.events.append(line)
        transcript.extend("%d< %s" % (number, line) for line in connection.events)
    print("# windowd's replies and events, recorded from a real daemon by Tests/Fixtures/record-session.py")
    print("\n".join(transcript))


if __name__ == "__main__":
    main()
