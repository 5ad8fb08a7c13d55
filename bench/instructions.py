#!/usr/bin/env python3
"""Instructions per de-duplicated window.open of a windowd binary, under callgrind.

usage: bench/instructions.py WINDOWD OUTDIR [REQUESTS [IN_FLIGHT]]

Load-independent (no hardware counters needed): windowd runs under valgrind's callgrind with
instrumentation off; one window.open of detail 42 makes the window; then instrumentation is on
for exactly REQUESTS (24,000) opens of that value from 50 connections with IN_FLIGHT (16) in
flight each, a batch of IN_FLIGHT lines written per connection when its previous replies are in
(each read of the daemon carries 16 lines, as windowbench's 50x16 load; with 1, one line a read,
the latency-bound case of 50x1 and 1x1). Prints the instructions per request;
OUTDIR keeps callgrind.out and its inclusive annotation (callgrind_annotate --inclusive=yes)."""
import os, socket, subprocess, sys, time, selectors, shutil

windowd, out = sys.argv[1], sys.argv[2]
total = int(sys.argv[3]) if len(sys.argv) > 3 else 24000
in_flight = int(sys.argv[4]) if len(sys.argv) > 4 else 16
os.makedirs(out, exist_ok=True)
d = f"/tmp/cg{os.getpid()}"
os.makedirs(d, exist_ok=True)
sock = f"{d}/w.sock"
open(f"{d}/c.toml", "w").write(f'''[daemon]
socket = "{sock}"
max_clients = 4096
[state]
directory = "{d}/state"
[app]
minimum_loading_ms = 0
[groups.detail]
value = "int"
''')
stripped = f"{d}/windowd"
subprocess.run(["objcopy", "--strip-debug", windowd, stripped], check=True)
cgout = f"{out}/callgrind.out"
p = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={cgout}",
                      stripped, "--config", f"{d}/c.toml", "--log-level", "warning"],
                     stdout=subprocess.DEVNULL, stderr=open(f"{out}/valgrind.log", "w"))
for _ in range(600):
    if os.path.exists(sock):
        try:
            s = socket.socket(socket.AF_UNIX); s.connect(sock); s.close(); break
        except OSError:
            pass
    time.sleep(0.1)
line = b'{"jsonrpc":"2.0","id":1,"method":"window.open","params":{"group":"detail","value":42}}\n'
s = socket.socket(socket.AF_UNIX); s.connect(sock); s.sendall(line); s.recv(65536); s.close()
conns = []
for _ in range(50):
    c = socket.socket(socket.AF_UNIX); c.connect(sock); c.setblocking(False); conns.append(c)
subprocess.run(["callgrind_control", "-i", "on", str(p.pid)], check=True, stdout=subprocess.DEVNULL)
batch = line * in_flight
sel = selectors.DefaultSelector()
left = {}
sent = 0
for c in conns:
    if sent < total:
        c.sendall(batch); sent += in_flight; left[c] = in_flight
    sel.register(c, selectors.EVENT_READ)
got = 0
buf = {c: b"" for c in conns}
while got < total:
    for key, _ in sel.select():
        c = key.fileobj
        data = c.recv(1 << 20)
        n = data.count(b"\n")
        got += n; left[c] -= n
        if left[c] == 0 and sent < total:
            c.sendall(batch); sent += in_flight; left[c] = in_flight
subprocess.run(["callgrind_control", "-i", "off", str(p.pid)], check=True, stdout=subprocess.DEVNULL)
p.terminate(); p.wait()
print(f"replies {got}")
ann = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", cgout], capture_output=True, text=True).stdout
open(f"{out}/annotate.txt", "w").write(ann)
for l in ann.splitlines():
    if "PROGRAM TOTALS" in l or l.strip().endswith("PROGRAM TOTALS"):
        n = int(l.split()[0].replace(",", ""))
        print(f"total {n:,} instructions, {n/got:,.0f} per request")
shutil.rmtree(d, ignore_errors=True)
