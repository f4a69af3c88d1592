"""Times whole processes in alternation: R rounds, each running every command once, in order.

Prints, per command, the median wall time and the median over rounds of its time divided by the
first command's time in the same round (pairs measured moments apart share the machine's load,
which matters on a shared machine). Output is discarded; a failing command stops the benchmark.

Usage: alternate.py ROUNDS NAME1 CMD1 [NAME2 CMD2 ...]   (CMD: one shell-free command line)
"""
import shlex
import statistics
import subprocess
import sys
import time


def timed(argv):
    t = time.perf_counter()
    p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    dt = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit("command failed: %s\n%s" % (" ".join(argv), p.stderr.decode(errors="replace")))
    return dt


def main():
    rounds = int(sys.argv[1])
    pairs = sys.argv[2:]
    names, cmds = pairs[0::2], [shlex.split(c) for c in pairs[1::2]]
    for c in cmds:  # warm-up: page cache, binaries
        timed(c)
    times = [[] for _ in cmds]
    for _ in range(rounds):
        for i, c in enumerate(cmds):
            times[i].append(timed(c))
    base = names[0]
    print("| command | median wall (s) | median ratio to %s (per round) |" % base)
    print("|---|---:|---:|")
    for name, ts in zip(names, times):
        ratio = statistics.median(t / b for t, b in zip(ts, times[0]))
        print("| %s | %.3f | %.2f |" % (name, statistics.median(ts), ratio))
    print("(%d rounds, alternating)" % rounds)


if __name__ == "__main__":
    main()
