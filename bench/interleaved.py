#!/usr/bin/env python3
"""Wall and CPU time of whole command runs, several commands interleaved in one run (A B C A B C
...), so that the machine's load hits each alike: the p50, mean and p90 of the wall time and the
p50 of the CPU time (user + system, wait4's rusage: what the load changes least), in milliseconds.

    bench/interleaved.py [--runs 300] [--warmup 10] -- 'label=cmd args' 'label=cmd args' ...

Each run is posix_spawn + waitpid with standard output and error on /dev/null; the order of the
commands rotates every round.
"""
import argparse
import os
import shlex
import statistics
import time


def spawn_wait(argv, devnull):
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    started = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter_ns() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("%s exited with %d" % (" ".join(argv), os.waitstatus_to_exitcode(status)))
    return elapsed, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("commands", nargs="+", help="label=command line")
    arguments = parser.parse_args()
    commands = []
    for entry in arguments.commands:
        label, _, line = entry.partition("=")
        commands.append((label, shlex.split(line)))
    devnull = os.open("/dev/null", os.O_WRONLY)
    samples = {label: [] for label, _ in commands}
    cpu = {label: [] for label, _ in commands}
    for round_ in range(arguments.warmup + arguments.runs):
        shift = round_ % len(commands)
        for label, argv in commands[shift:] + commands[:shift]:
            elapsed, seconds = spawn_wait(argv, devnull)
            if round_ >= arguments.warmup:
                samples[label].append(elapsed / 1e6)
                cpu[label].append(seconds * 1e3)
    print("%-32s %8s %8s %8s %8s  (ms, %d runs each, interleaved; load %s)" % (
        "command", "p50", "mean", "p90", "CPU p50", arguments.runs, " ".join("%.2f" % x for x in os.getloadavg())))
    for label, _ in commands:
        values = sorted(samples[label])
        print("%-32s %8.3f %8.3f %8.3f %8.3f" % (label, statistics.median(values), statistics.fmean(values), values[int(len(values) * 0.9)],
                                                statistics.median(cpu[label])))


if __name__ == "__main__":
    main()
