import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Logger } from "#app/lib/logger";

/**
 * The channel every server process sharing one PostgreSQL listens on (with Redis, the
 * channel they subscribe to instead). A change made outside the site (plain SQL) reaches
 * every server with `NOTIFY studyzed_content_changed`, or with Redis
 * `PUBLISH studyzed_content_changed sql` (docs/decisions/0052-one-cache-for-all-servers.md).
 */
export const CONTENT_CHANGED_CHANNEL = "studyzed_content_changed";

/**
 * Carries "content changed" between the server processes that share one database, so each
 * drops its kept pages and answers within a second instead of after their time to live.
 */
export type ContentChangeBus = {
  /** Tells every other process; never throws. Sent once the connection is back if it is down. */
  publish(): Promise<void>;
  close(): Promise<void>;
};

export type ContentChangeBusOptions = {
  /** PostgreSQL's LISTEN/NOTIFY carries the changes unless `redisUrl` is given. */
  postgresUrl: string;
  redisUrl?: string;
  /** Called when another process changed content, and once after each reconnection. */
  onChange: () => void;
  logger: Logger;
  /** The connection's name as the database server lists it (tests find it by this name). */
  connectionName?: string;
  /** The first wait before reconnecting, doubled on each failure up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
};

/** Connects, and resolves once changes from other processes are being received. */
export function createContentChangeBus(
  options: ContentChangeBusOptions,
): Promise<ContentChangeBus> {
  return options.redisUrl
    ? redisContentChangeBus({ ...options, redisUrl: options.redisUrl })
    : postgresContentChangeBus(options);
}

/**
 * One dedicated connection (a pooled one would lose its LISTEN when given back). Lost, it is
 * made again with a growing wait; once back, the caches are cleared, since a change may have
 * been missed meanwhile.
 */
async function postgresContentChangeBus({
  postgresUrl,
  onChange,
  logger,
  connectionName = "studyzed content changes",
  firstDelayMs = 250,
  maxDelayMs = 10_000,
}: ContentChangeBusOptions): Promise<ContentChangeBus> {
  // Each process hears its own NOTIFY too; it has cleared its caches already.
  const sender = randomUUID();
  const { default: pg } = await import("pg");
  let client: pg.Client | null = null;
  let closed = false;
  let unsent = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({
      connectionString: postgresUrl,
      application_name: connectionName,
      connectionTimeoutMillis: 5_000,
      // A connection that vanishes without a word (a dropped network) is noticed.
      keepAlive: true,
    });
    next.on("notification", (message) => {
      if (message.channel === CONTENT_CHANGED_CHANNEL && message.payload !== sender) onChange();
    });
    next.on("error", (error) =>
      logger.warn({ err: error }, "content change notifications: connection error"),
    );
    next.on("end", () => {
      if (client !== next) return;
      client = null;
      if (!closed) reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  const reconnectLater = () => {
    const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** failures);
    failures++;
    logger.warn({ delayMs }, "content change notifications: connection lost, reconnecting");
    retry = setTimeout(() => void reconnect(), delayMs);
  };

  const reconnect = async () => {
    try {
      await connect();
    } catch (error) {
      logger.warn({ err: error }, "content change notifications: reconnecting failed");
      if (!closed) reconnectLater();
      return;
    }
    if (closed) return void (await client?.end());
    failures = 0;
    logger.info("content change notifications: reconnected; cached answers dropped");
    onChange();
    if (unsent) await publish();
  };

  const publish = async () => {
    unsent = false;
    const current = client;
    if (!current) return void (unsent = true);
    try {
      await current.query("select pg_notify($1, $2)", [CONTENT_CHANGED_CHANNEL, sender]);
    } catch (error) {
      unsent = true;
      logger.warn(
        { err: error },
        "content change notifications: could not send; sent on reconnect",
      );
    }
  };

  await connect();
  const sending = new Set<Promise<void>>();
  return {
    publish() {
      const sent = publish().finally(() => sending.delete(sent));
      sending.add(sent);
      return sent;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      // A change made just before stopping (content loaded at start) still reaches the others.
      await Promise.allSettled(sending);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * Redis pub/sub: a subscribed connection can send nothing else, so publishing has its own.
 * node-redis reconnects both with a growing wait and subscribes again; each "ready" after
 * the first clears the caches.
 */
async function redisContentChangeBus({
  redisUrl,
  onChange,
  logger,
  connectionName = "studyzed-content-changes",
}: ContentChangeBusOptions & { redisUrl: string }): Promise<ContentChangeBus> {
  const sender = randomUUID();
  const { createClient } = await import("redis");
  const publisher = createClient({
    url: redisUrl,
    name: `${connectionName}-publisher`,
    socket: { connectTimeout: 5_000 },
  });
  const subscriber = publisher.duplicate({ name: connectionName });
  for (const client of [publisher, subscriber])
    client.on("error", (error: unknown) =>
      logger.warn({ err: error }, "content change notifications: Redis connection error"),
    );
  let connectedOnce = false;
  subscriber.on("ready", () => {
    if (connectedOnce) {
      logger.info("content change notifications: reconnected; cached answers dropped");
      onChange();
    }
    connectedOnce = true;
  });
  await publisher.connect();
  await subscriber.connect();
  await subscriber.subscribe(CONTENT_CHANGED_CHANNEL, (message) => {
    if (message !== sender) onChange();
  });
  return {
    async publish() {
      try {
        // Queued by node-redis while the connection is down, and sent once it is back.
        await publisher.publish(CONTENT_CHANGED_CHANNEL, sender);
      } catch (error) {
        logger.warn({ err: error }, "content change notifications: could not send");
      }
    },
    async close() {
      await Promise.allSettled([subscriber.close(), publisher.close()]);
    },
  };
}
