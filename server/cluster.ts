import cluster, { type Worker } from "node:cluster";
import type { Logger } from "#app/lib/logger";

/**
 * A process that keeps stopping (a bad deployment, a database that refuses it) is not started
 * again and again: after this many unplanned stops in a minute the whole server stops.
 */
const MAX_RESTARTS_PER_MINUTE = 5;
/** Longer than a server process's own grace for in-flight requests (server/shutdown.ts). */
const STOP_GRACE_MS = 35_000;

/**
 * WEB_CONCURRENCY server processes on one port (node:cluster shares the listening socket
 * and hands connections round in turn): the primary only watches them. One that stops is
 * replaced; on SIGTERM or SIGINT each is told to stop gracefully, and the primary exits once
 * they all have: 0 when every one stopped cleanly
 * (docs/decisions/0053-shared-limits-and-several-processes.md).
 */
export function runCluster({ workers, logger }: { workers: number; logger: Logger }) {
  const running = new Set<Worker>();
  const serving = new WeakSet<Worker>();
  const mayRestart = restartBudget();
  let stopping = false;
  let cleanStop = true;

  const fork = () => {
    const worker = cluster.fork();
    running.add(worker);
    logger.info({ workerPid: worker.process.pid }, "server process started");
  };

  const stop = (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    if (exitCode !== 0) cleanStop = false;
    logger.info({ reason, processes: running.size }, "stopping every server process");
    for (const worker of running) worker.process.kill("SIGTERM");
    const force = setTimeout(() => {
      logger.error("server processes did not stop in time; ending them");
      for (const worker of running) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_GRACE_MS);
    force.unref();
    if (running.size === 0) process.exit(cleanStop ? 0 : 1);
  };

  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    if (stopping) {
      // One still starting has no handler yet and ends by the signal, with nothing in flight.
      const stoppedWhileStarting = !serving.has(worker) && signal === "SIGTERM";
      if (code !== 0 && !stoppedWhileStarting) cleanStop = false;
      if (running.size === 0) {
        logger.info("stopped: every server process has");
        process.exit(cleanStop ? 0 : 1);
      }
      return;
    }
    if (!mayRestart(Date.now())) {
      logger.fatal(
        { workerPid: worker.process.pid, code, signal },
        `server processes stopped more than ${MAX_RESTARTS_PER_MINUTE} times in a minute; giving up`,
      );
      return stop("server processes keep stopping", 1);
    }
    logger.error(
      { workerPid: worker.process.pid, code, signal },
      "a server process stopped; starting another",
    );
    fork();
  });

  cluster.on("listening", (worker) => serving.add(worker));
  for (let index = 0; index < workers; index++) fork();
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** Whether one more unplanned stop at `now` may be followed by a restart. */
export function restartBudget(perMinute = MAX_RESTARTS_PER_MINUTE) {
  const stops: number[] = [];
  return (now: number) => {
    stops.push(now);
    while (stops[0]! <= now - 60_000) stops.shift();
    return stops.length <= perMinute;
  };
}
