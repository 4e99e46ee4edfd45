/**
 * A bad mobile signal between the browser and the server, as a TCP proxy
 * (node `net`): it forwards bytes both ways, delays the answers a little,
 * loses a share of the answers to admin changes after the server has
 * applied them (the server's answer starts, the proxy cuts both
 * connections instead of passing it on), and has short outages in which
 * every connection is cut and new ones are refused.
 *
 * It reads only the request line of each HTTP/1.1 request (browsers do not
 * pipeline, so the next answer on a connection is the one to that request).
 */
import net from "node:net";
import { once } from "node:events";

export type FlakyProxyOptions = {
  /** Where the real server listens. */
  targetPort: number;
  /** The port to listen on. */
  port: number;
  /**
   * Share of the answers to admin changes (non-GET /api/admin/…, not the
   * sign-in) that are lost. Spread evenly, not drawn at random: with 0.3 the
   * 2nd, 5th, 8th… change loses its answer, so a run that makes a few
   * changes always loses some (a random draw lost none in one CI run).
   */
  dropShare: number;
  /** Each answer chunk waits up to this long. */
  maxDelayMs: number;
  /** Draws the delays. */
  random?: () => number;
};

export type FlakyProxy = {
  url: string;
  /** Whether answers are lost now (off while the test sets up). */
  dropping: boolean;
  /** Admin changes sent through while answers were being lost. */
  readonly changes: number;
  /** Answers lost so far (each after the server applied the request). */
  readonly dropped: number;
  /** Outages so far. */
  readonly outages: number;
  /** Cuts every connection and refuses new ones for `ms`. */
  outage(ms: number): Promise<void>;
  close(): Promise<void>;
};

const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether an answer to this request may be lost: an admin change, not the sign-in itself. */
function isAdminChange(method: string, path: string): boolean {
  return method !== "GET" && path.startsWith("/api/admin/") && !path.startsWith("/api/admin/session");
}

export async function startFlakyProxy(options: FlakyProxyOptions): Promise<FlakyProxy> {
  const random = options.random ?? Math.random;
  const sockets = new Set<net.Socket>();
  let down = false;
  let dropped = 0;
  let outages = 0;
  let changes = 0;
  // Accumulates dropShare per admin change; each whole unit is one lost answer.
  // It starts at a half so that the first loss comes early.
  let dropCredit = 0.5;
  const loseThisAnswer = () => {
    changes += 1;
    dropCredit += options.dropShare;
    if (dropCredit < 1) return false;
    dropCredit -= 1;
    return true;
  };

  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(options.targetPort, "127.0.0.1");
    sockets.add(client);
    sockets.add(upstream);
    let loseNextAnswer = false;
    // Answer chunks keep their order while each waits its delay.
    let forwarding = Promise.resolve();
    const cut = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("data", (chunk: Buffer) => {
      const line = REQUEST_LINE.exec(chunk.toString("latin1", 0, Math.min(chunk.length, 4096)));
      if (line && proxy.dropping && isAdminChange(line[1] ?? "", line[2] ?? "")) {
        loseNextAnswer = loseThisAnswer();
      } else if (line) {
        loseNextAnswer = false;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (loseNextAnswer) {
        // The server answered: the change is applied. The browser never hears of it.
        dropped += 1;
        cut();
        return;
      }
      const delay = random() * options.maxDelayMs;
      forwarding = forwarding
        .then(() => sleep(delay))
        .then(() => {
          if (!client.destroyed) client.write(chunk);
        });
    });
    for (const socket of [client, upstream]) {
      socket.on("error", cut);
      socket.on("close", () => {
        // Let the delayed chunks out before the other side closes.
        void forwarding.then(cut);
      });
    }
  });
  server.listen(options.port, "127.0.0.1");
  await once(server, "listening");

  const proxy: FlakyProxy = {
    url: `http://127.0.0.1:${options.port}`,
    dropping: false,
    get changes() {
      return changes;
    },
    get dropped() {
      return dropped;
    },
    get outages() {
      return outages;
    },
    async outage(ms) {
      outages += 1;
      down = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await sleep(ms);
      down = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
