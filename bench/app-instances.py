#!/usr/bin/env python3
"""The idle cost of one app instance: start-up of `windowd --app ID` to READY=1,
and the resident memory of 1 and of N idle instances (VmRSS from /proc/PID/status, PSS from
/proc/PID/smaps_rollup), their threads and the size of the binary.

    bench/app-instances.py [--windowd .build/release/windowd] [--instances 10] [--runs 5]

APPS_ENV='NAME=value ...' adds variables to every instance's environment (MALLOC_ARENA_MAX=1).

Each instance gets its own manifest (one group) in a temporary XDG_CONFIG_HOME, its socket in a
temporary XDG_RUNTIME_DIR and its state in a temporary XDG_STATE_HOME, and its own NOTIFY_SOCKET
(a datagram socket bound here, as the service manager's), so READY=1 is seen as systemd sees it.
"""
import argparse
import os
import shutil
import signal
import socket
import statistics
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


class Instance:
    def __init__(self, windowd, root, app):
        self.notify_path = os.path.join(root, "n-" + app)
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(self.notify_path)
        environment = {k: v for k, v in os.environ.items()
                       if k not in ("LISTEN_FDS", "LISTEN_PID", "WATCHDOG_USEC", "JOURNAL_STREAM", "WINDOWD_SOCKET", "WINDOWD_APP")}
        environment.update(EXTRA)
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
    arguments = parser.parse_args()
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
