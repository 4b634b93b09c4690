#!/usr/bin/env python3
"""Independent checks of heapline-report's output.

  check_report.py text REPORT.txt RECORD|DIR...
      recomputes, from the records themselves, the figures the text report
      must show (counts, max with rank and time, median, min, imbalance,
      node sums, the top row, the largest VmHWM) and compares.
  check_report.py json REPORT.json REPORT.txt
      checks that every figure of the JSON equals the text's.

Prints TAP lines (numbered from $TAP_START, default 1) and exits 1 on a
mismatch."""

import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
from sizes import text as fmt_size  # noqa: E402

n = int(os.environ.get("TAP_START", "1")) - 1
failed = False


def check(what, cond, detail=""):
    global n, failed
    n += 1
    print(("ok" if cond else "not ok") + f" {n} - {what}")
    if not cond:
        failed = True
        for line in str(detail).splitlines():
            print("# " + line)


def fmt_name(rank, program, pid):
    """Who a process is, as the report names it: "rank 3", or a process of
    no rank by program and pid, never "rank -1"."""
    if int(rank) >= 0:
        return f"rank {rank}"
    return f"{program} (pid {pid})" if program else f"pid {pid}"


def fmt_tenths(seconds):
    ms = round(seconds * 1000)
    t = (ms + 50) // 100
    return f"{t // 10}.{t % 10}"


def read_records(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, f) for f in names]
        else:
            files.append(p)
    procs = []
    for f in files:
        lines = open(f).read().splitlines()
        cols = lines[1].split(",")
        for line in lines[2:]:
            procs.append(dict(zip(cols, line.split(","))))
    return procs


def section(text, title):
    out, on = [], False
    for line in text.splitlines():
        if line.startswith(title):
            on = True
        elif on and not line:
            break
        elif on:
            out.append(line)
    return out


def check_text(report, paths):
    text = open(report).read()
    procs = read_records(paths)
    ranks = {}
    for p in procs:
        key = (int(p["rank"]), p["host"])
        if key not in ranks or int(p["peak_heap_bytes"]) > int(
            ranks[key]["peak_heap_bytes"]
        ):
            ranks[key] = p
    peaks = sorted((int(p["peak_heap_bytes"]) for p in ranks.values()),
                   reverse=True)
    k = len(peaks)
    median = peaks[k // 2] if k % 2 else (peaks[k // 2 - 1] + peaks[k // 2] + 1) // 2
    top = min(ranks.values(),
              key=lambda p: (-int(p["peak_heap_bytes"]), int(p["rank"])))
    nodes = {}
    for p in procs:
        nodes[p["host"]] = nodes.get(p["host"], 0) + int(p["vmhwm_bytes"])
    lines = text.splitlines()
    rank_word = "rank" if k == 1 else "ranks"
    check("the header counts ranks and nodes",
          re.match(rf"heapline-report: {k} {rank_word}( \(\d+ processes\))? "
                   rf"on {len(nodes)} nodes?, longest process "
                   + re.escape(fmt_tenths(max(float(p["elapsed_s"]) for p in procs)))
                   + " s$", lines[0]), lines[0])
    name = fmt_name(top["rank"], top.get("program", ""), top["pid"])
    want = (f" max     {fmt_size(peaks[0])}, {name} at "
            f"{fmt_tenths(float(top['peak_heap_time_s']))} s")
    check("the max line: largest peak, its rank and time", want in lines,
          f"want {want!r}")
    check("the median line", f" median  {fmt_size(median)}" in lines,
          fmt_size(median))
    check("the min line", f" min     {fmt_size(peaks[-1])}" in lines,
          fmt_size(peaks[-1]))
    imb = peaks[0] / (sum(peaks) / k)
    check("the imbalance line", f" imbalance {imb:.2f} (max / mean)" in lines,
          f"{imb:.2f}")
    node_lines = section(text, "Per node")
    for host, total in nodes.items():
        check(f"node {host} sums VmHWM of every process ({fmt_size(total)})",
              any(re.match(rf" {re.escape(host)}\s+\d+ ranks?.*?  "
                           + re.escape(fmt_size(total)) + r"(  |$)", l)
                  for l in node_lines), "\n".join(node_lines))
    # Outside MPI (no record has a rank) the table lists the processes,
    # the largest peak heap first, as many as --top (10) says; under MPI
    # the ranks, with each rank's other processes under it.
    by_process = all(int(p["rank"]) == -1 for p in procs)
    if by_process:
        biggest = min(procs, key=lambda p: (-int(p["peak_heap_bytes"]),
                                            int(p["pid"])))
        rows = section(text, "Processes by peak heap")
        title = [l for l in lines if l.startswith("Processes by peak heap")]
        shown = min(10, len(procs))
        check("outside MPI the table lists the processes, as many as --top",
              title == [f"Processes by peak heap ({shown} of {len(procs)})"]
              and len(rows) == shown + 1, title)
        first = rows[1].split() if len(rows) > 1 else []
        who = [biggest["pid"], biggest.get("ppid") or "-", biggest["host"]]
        who += [biggest["program"]] if biggest.get("program") else []
        check("the first row is the largest process: pid, parent, program",
              first[:len(who)] == who
              and " ".join(first[len(who):len(who) + 2])
              == fmt_size(int(biggest["peak_heap_bytes"])), rows[:2])
    else:
        rows = section(text, "Ranks by peak heap")
        first = rows[1].split() if len(rows) > 1 else []
        pids = len(rows) > 0 and " pid " in rows[0]
        # Records that name their program have a column for it after the
        # host; a table with processes under ranks gives pid and parent.
        who = [top["rank"]]
        who += [top["pid"], top.get("ppid") or "-"] if pids else []
        who += [top["host"]] + ([top["program"]] if top.get("program") else [])
        check("the first row is the largest peak",
              first[:len(who)] == who
              and " ".join(first[len(who):len(who) + 2])
              == fmt_size(int(top["peak_heap_bytes"])), rows[:2])
    hwm = fmt_size(max(int(p["vmhwm_bytes"]) for p in procs))
    check("the Slurm note gives the largest VmHWM", f" {hwm}" in
          " ".join(l for l in lines if l and not l.startswith(" ")), hwm)


def check_json(report_json, report_text):
    j = json.load(open(report_json))
    text = open(report_text).read()
    lines = text.splitlines()
    pk = j["peak_heap"]
    check("max equals the text's",
          f" max     {fmt_size(pk['max_bytes'])}, "
          f"{fmt_name(pk['max_rank'], pk['max_program'], pk['max_pid'])} at "
          f"{fmt_tenths(pk['max_time_s'])} s" in lines)
    check("median equals the text's",
          f" median  {fmt_size(pk['median_bytes'])}" in lines)
    check("min equals the text's", f" min     {fmt_size(pk['min_bytes'])}" in lines)
    check("imbalance equals the text's",
          f" imbalance {pk['imbalance']:.2f} (max / mean)" in lines)
    rw = "rank" if j["ranks_total"] == 1 else "ranks"
    check("counts and longest process equal the text's",
          re.match(rf"heapline-report: {j['ranks_total']} {rw}( \({j['processes']}"
                   rf" processes\))? on {j['nodes_total']} nodes?, longest "
                   rf"process {re.escape(fmt_tenths(j['longest_process_s']))} s$",
                   lines[0]), lines[0])
    node_lines = section(text, "Per node")
    check("as many nodes as the text", len(node_lines) == len(j["nodes"]))
    for line, node in zip(node_lines, j["nodes"]):
        cells = re.split(r"  +", line.strip())
        ok = cells[0] == node["node"] and cells[2] == fmt_size(node["vmhwm_sum_bytes"])
        if "request_bytes" in node:
            ok = ok and cells[3] == (f"{node['percent_of_request']}% of "
                                     f"{fmt_size(node['request_bytes'])}")
            ok = ok and (len(cells) > 4) == node["over_request"]
        check(f"node {node['node']} equals the text's", ok, line)
    if j["listed_by"] == "process":
        rows = section(text, "Processes by peak heap")[1:]
        check("as many process rows as the text",
              len(rows) == len(j["listed_processes"]) == j["processes_shown"])
        for line, p in zip(rows, j["listed_processes"]):
            cells = re.split(r"  +", line.strip())
            want = [str(p["pid"]), "-" if p["ppid"] is None else str(p["ppid"]),
                    p["host"]] + ([p["program"]] if "program" in p else [])
            want += [fmt_size(p["peak_heap_bytes"]),
                     fmt_tenths(p["peak_heap_time_s"]),
                     fmt_size(p["vmhwm_bytes"]), f"{p['heap_per_vmhwm']:.2f}"]
            check(f"process {p['pid']} equals the text's",
                  cells[:len(want)] == want, f"{cells} != {want}")
    else:
        rows = section(text, "Ranks by peak heap")
        pids = len(rows) > 0 and " pid " in rows[0]
        # Each rank's row, then those of the processes under it, which
        # leave the rank's cell empty.
        want_rows = []
        for r in j["ranks"]:
            who = [str(r["rank"])]
            who += [str(r["pid"]), "-" if r["ppid"] is None else str(r["ppid"])] if pids else []
            want_rows.append(("rank", r, who))
            for p in r.get("processes", []):
                want_rows.append(("under", p, [
                    str(p["pid"]),
                    "-" if p["ppid"] is None else str(p["ppid"])]))
        rows = rows[1:]
        check("as many rank rows as the text", len(rows) == len(want_rows))
        for line, (kind, r, who) in zip(rows, want_rows):
            cells = re.split(r"  +", line.strip())
            want = who + [r["host"]] + ([r["program"]] if "program" in r else [])
            want += [fmt_size(r["peak_heap_bytes"]),
                     fmt_tenths(r["peak_heap_time_s"]),
                     fmt_size(r["vmhwm_bytes"]), f"{r['heap_per_vmhwm']:.2f}"]
            check(f"{kind} {r['rank']} pid {r['pid']} equals the text's",
                  cells[:len(want)] == want, f"{cells} != {want}")
    note = " ".join(l for l in lines if l and not l.startswith(" "))
    check("largest VmHWM equals the text's",
          fmt_size(j["largest_vmhwm"]["bytes"]) in note)
    if j["suggestion"] and j["request"] is None:
        check("the suggestion, with no request known, equals the text's",
              f"Under Slurm, request {j['suggestion']['option']} per node "
              in note)
    elif j["suggestion"]:
        check("the suggestion equals the text's",
              f"Suggested request: {j['suggestion']['option']} " in note)
    else:
        check("no suggestion, as in the text",
              "Suggested request" not in note and "Under Slurm" not in note)
    if j["sacct"]:
        check("sacct's MaxRSS equals the text's",
              f"is {fmt_size(j['sacct']['max_rss_bytes'])}" in note)


def main():
    if sys.argv[1] == "text":
        check_text(sys.argv[2], sys.argv[3:])
    else:
        check_json(sys.argv[2], sys.argv[3])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
