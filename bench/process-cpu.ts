/**
 * CPU time of processes, read from /proc (Linux): what a request cost a server, its workers
 * and its database server, for the legacy bench (bench/legacy-api.ts).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** CPU milliseconds used so far by the processes `pids()` names and all their descendants. */
export function cpuOfProcesses(pids: () => number[]): () => number {
  const ticksPerSecond =
    Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;
  return () => {
    const stats = processStats();
    const counted = new Set<number>();
    const add = (pid: number) => {
      if (counted.has(pid)) return;
      counted.add(pid);
      for (const [child, stat] of stats) if (stat.parent === pid) add(child);
    };
    for (const pid of pids()) add(pid);
    let ticks = 0;
    for (const pid of counted) ticks += stats.get(pid)?.ticks ?? 0;
    return (ticks * 1000) / ticksPerSecond;
  };
}

/** Every process's parent, name and CPU ticks (user and system), from /proc. */
function processStats(): Map<number, { parent: number; name: string; ticks: number }> {
  const stats = new Map<number, { parent: number; name: string; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // "pid (name) state ppid ...": the name may hold spaces and parentheses.
    const name = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    stats.set(Number(entry), {
      parent: Number(fields[1]),
      name,
      ticks: Number(fields[11]) + Number(fields[12]),
    });
  }
  return stats;
}

/** The PostgreSQL server's processes (its postmaster and every backend). */
export function postgresProcesses(): number[] {
  return [...processStats()].filter(([, stat]) => stat.name === "postgres").map(([pid]) => pid);
}
