#!/usr/bin/env python3
"""The idle cost of one app instance: start-up of `windowd --app ID` to READY=1,
and the resident memory of 1 and of N idle instances (VmRSS from /proc/PID/status, PSS from
/proc/PID/smaps_rollup), their threads and the size of the binary.

    bench/app-instances.py [--windowd .build/release/windowd] [--instances 10] [--runs 5] [--breakdown]

APPS_ENV='NAME=value ...' adds variables to every instance's environment (MALLOC_ARENA_MAX=1).

Each instance gets its own manifest (one group) in a temporary XDG_CONFIG_HOME, its socket in a
temporary XDG_RUNTIME_DIR and its state in a temporary XDG_STATE_HOME, and its own NOTIFY_SOCKET
(a datagram socket bound here, as the service manager's), so READY=1 is seen as systemd sees it.
"""
import argparse
import bisect
import collections
import os
import re
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import tempfile
import time

EXTRA = dict(item.split("=", 1) for item in os.environ.get("APPS_ENV", "").split() if "=" in item)
MANIFEST = '[app]\nminimum_loading_ms = 0\n\n[groups.main]\nvalue = "none"\n\n[groups.detail]\nvalue = "int"\n'


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def threads(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return 0


def pss_kib(pid):
    """The proportional set size: shared pages (the binary's text) divided among their users."""
    try:
        with open("/proc/%d/smaps_rollup" % pid) as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


PAGE = 4096


def elf_sections(path):
    """(name, address, size) of each section of the ELF file `path` that is loaded."""
    with open(path, "rb") as f:
        data = f.read(64)
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
        f.seek(shoff)
        table = f.read(shentsize * shnum)
        headers = [struct.unpack_from("<IIQQQQIIQQ", table, i * shentsize) for i in range(shnum)]
        f.seek(headers[shstrndx][4])
        names = f.read(headers[shstrndx][5])
    out = []
    for name, kind, flags, addr, offset, size, *_ in headers:
        if flags & 2 and size:  # SHF_ALLOC
            out.append((names[name:names.index(b"\0", name)].decode(), addr, size))
    return out


def smaps(pid):
    """/proc/PID/smaps: each mapping with its fields (Rss, Pss, Private_Dirty, ...) in KiB."""
    maps, current = [], None
    with open("/proc/%d/smaps" % pid) as f:
        for line in f:
            head = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                start, end = (int(x, 16) for x in head[0].split("-"))
                current = {"start": start, "end": end, "perms": head[1], "offset": int(head[2], 16),
                           "name": head[5] if len(head) > 5 else "[anon]"}
                maps.append(current)
            elif head and head[0].endswith(":") and len(head) >= 2 and head[1].isdigit():
                current[head[0][:-1]] = int(head[1])
    return maps


def pages(pid, start, end):
    """(present, pss share, private) for each page of [start, end)."""
    result = []
    with open("/proc/%d/pagemap" % pid, "rb") as pm, open("/proc/kpagecount", "rb") as kc:
        pm.seek(start // PAGE * 8)
        raw = pm.read((end - start) // PAGE * 8)
        for i in range(len(raw) // 8):
            entry, = struct.unpack_from("<Q", raw, i * 8)
            if not entry >> 63 & 1:
                result.append((0, 0.0, 0))
                continue
            pfn = entry & ((1 << 55) - 1)
            count = 1
            if pfn:
                kc.seek(pfn * 8)
                count = max(1, struct.unpack("<Q", kc.read(8))[0])
            anonymous = not (entry >> 61 & 1)
            result.append((1, 1.0 / count, 1 if anonymous or count == 1 else 0))
    return result


MODULE = re.compile(r"^_?\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)")


def module_of(symbol):
    """The module a symbol belongs to: a Swift symbol's first name, else its library by prefix."""
    m = MODULE.match(symbol)
    if m:
        n = int(m.group(1)); name = m.group(2)[:n]
        return {"s": "Swift"}.get(name, name)
    if symbol.startswith("$s"): return "Swift"
    for prefix, module in (("sqlite3", "sqlite"), ("swift_", "Swift runtime"), ("_ZN5swift", "Swift runtime"),
                           ("_ZN6icu_", "ICU"), ("u_", "ICU"), ("ucol", "ICU"), ("ubrk", "ICU"), ("_ZN7", "C++"),
                           ("_ZNSt", "C++"), ("_ZN", "C++"), ("dispatch_", "libdispatch"), ("_dispatch", "libdispatch"),
                           ("_swift", "Swift runtime"), ("c_nio", "NIO C"), ("CNIO", "NIO C")):
        if symbol.startswith(prefix): return module
    return "other C"


def text_symbols(binary):
    """Addresses and names of the functions of `binary`, in address order."""
    out = subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout
    addrs, names = [], []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            addrs.append(int(parts[0], 16)); names.append(parts[2])
    return addrs, names


def report(pid, binary, symbols=True):
    """Prints where the memory of process `pid` (running `binary`) is."""
    binary = os.path.realpath(binary)
    maps = smaps(pid)
    groups = collections.OrderedDict()
    for m in maps:
        name = m["name"]
        if name == binary: key = "windowd " + m["perms"]
        elif name.startswith("/"): key = os.path.basename(name)
        else: key = name
        g = groups.setdefault(key, collections.Counter())
        for field in ("Rss", "Pss", "Private_Dirty", "Private_Clean", "Shared_Clean"):
            g[field] += m.get(field, 0)
    names = sorted(open("/proc/%d/task/%s/comm" % (pid, task)).read().strip() for task in os.listdir("/proc/%d/task" % pid))
    print("threads: %s" % ", ".join(names))
    print("per mapping (KiB): Rss Pss Private_Dirty Private_Clean")
    total = collections.Counter()
    for key, g in sorted(groups.items(), key=lambda kv: -kv[1]["Rss"]):
        if g["Rss"] == 0: continue
        total.update(g)
        print("  %-28s %7d %7d %7d %7d" % (key, g["Rss"], g["Pss"], g["Private_Dirty"], g["Private_Clean"]))
    print("  %-28s %7d %7d %7d %7d" % ("total", total["Rss"], total["Pss"], total["Private_Dirty"], total["Private_Clean"]))
    base = min(m["start"] for m in maps if m["name"] == binary and m["offset"] == 0)
    print("binary sections (KiB): resident, pss, private")
    sections = elf_sections(binary)
    text = None
    agg = collections.OrderedDict()
    for name, addr, size in sections:
        start = (base + addr) // PAGE * PAGE
        end = (base + addr + size + PAGE - 1) // PAGE * PAGE
        info = pages(pid, start, end)
        key = name if not name.startswith("swift5_") else "swift5_* metadata"
        a = agg.setdefault(key, [0, 0.0, 0])
        a[0] += sum(p[0] for p in info) * 4; a[1] += sum(p[1] for p in info) * 4; a[2] += sum(p[2] for p in info) * 4
        if name == ".text": text = (start, info)
    for key, (r, p, priv) in agg.items():
        if r: print("  %-28s %7d %7.0f %7d" % (key, r, p, priv))
    if symbols and text:
        addrs, names = text_symbols(binary)
        per = collections.Counter()
        start, info = text
        for i, (present, _, _) in enumerate(info):
            if not present: continue
            addr = start + i * PAGE - base
            j = bisect.bisect_right(addrs, addr) - 1
            per[module_of(names[j]) if j >= 0 else "?"] += 4
        print(".text resident by module of the first symbol in the page (KiB):")
        print("  " + ", ".join("%s %d" % kv for kv in per.most_common(25)))


class Instance:
    def __init__(self, windowd, root, app, extra=None):
        self.notify_path = os.path.join(root, "n-" + app)
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(self.notify_path)
        environment = {k: v for k, v in os.environ.items()
                       if k not in ("LISTEN_FDS", "LISTEN_PID", "WATCHDOG_USEC", "JOURNAL_STREAM", "WINDOWD_SOCKET", "WINDOWD_APP")}
        environment.update(EXTRA)
        environment.update(extra or {})
        environment.update({"XDG_CONFIG_HOME": os.path.join(root, "config"), "XDG_RUNTIME_DIR": root,
                            "XDG_STATE_HOME": os.path.join(root, "state"), "NOTIFY_SOCKET": self.notify_path})
        self.started = time.monotonic()
        self.process = subprocess.Popen([windowd, "--app", app, "--log-level", "warning"], env=environment,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_ready(self, timeout=30):
        self.notify.settimeout(timeout)
        while True:
            message = self.notify.recv(65536).decode(errors="replace")
            if "READY=1" in message.split("\n"):
                return time.monotonic() - self.started

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(10)
        self.notify.close()
        os.unlink(self.notify_path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--windowd", default=".build/release/windowd")
    parser.add_argument("--instances", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--idle", type=float, default=1.0, help="seconds idle before RSS is read")
    parser.add_argument("--breakdown", action="store_true",
                        help="where the first of the N instances' memory is: per mapping, per section, per module")
    arguments = parser.parse_args()
    # A binary just linked is dirty in the page cache, and smaps counts its pages as dirty.
    os.sync()
    root = tempfile.mkdtemp(prefix="wdapps-", dir="/tmp")
    try:
        os.makedirs(os.path.join(root, "config", "windowd", "apps"))
        for index in range(max(arguments.instances, arguments.runs)):
            with open(os.path.join(root, "config", "windowd", "apps", "app%d.toml" % index), "w") as file:
                file.write(MANIFEST)
        startups = []
        for run in range(arguments.runs):
            instance = Instance(arguments.windowd, root, "app%d" % run)
            startups.append(instance.wait_ready() * 1000)
            instance.stop()
        one = Instance(arguments.windowd, root, "app0")
        one.wait_ready()
        time.sleep(arguments.idle)
        one_rss = rss_kib(one.process.pid)
        one_threads = threads(one.process.pid)
        one.stop()
        many = [Instance(arguments.windowd, root, "app%d" % index) for index in range(arguments.instances)]
        for instance in many:
            instance.wait_ready()
        time.sleep(arguments.idle)
        many_rss = [rss_kib(instance.process.pid) for instance in many]
        many_pss = [pss_kib(instance.process.pid) for instance in many]
        if arguments.breakdown:
            print("the first of %d idle instances:" % arguments.instances)
            report(many[0].process.pid, arguments.windowd)
        for instance in many:
            instance.stop()
        print("windowd: %s" % arguments.windowd)
        print("start-up of one app instance to READY=1: median %.1f ms of %d (min %.1f, max %.1f)"
              % (statistics.median(startups), arguments.runs, min(startups), max(startups)))
        print("binary: %.1f MiB" % (os.path.getsize(arguments.windowd) / 1048576))
        print("RSS of one idle instance: %.1f MiB, %d threads" % (one_rss / 1024, one_threads))
        print("RSS of %d idle instances: %.1f MiB in all (%.1f MiB each on average)"
              % (arguments.instances, sum(many_rss) / 1024, sum(many_rss) / 1024 / len(many_rss)))
        if any(many_pss):
            print("PSS of %d idle instances (shared pages divided): %.1f MiB in all (%.1f MiB each)"
                  % (arguments.instances, sum(many_pss) / 1024, sum(many_pss) / 1024 / len(many_pss)))
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
