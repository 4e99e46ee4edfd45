/**
 * For tests of the browser's data layer against the real sync server: one
 * server (embedded database) per test file, started before its tests with
 * the admin signed in, and stopped after them together with the outbox's
 * cross-tab events. Call it at the top level of the test file.
 */
import { afterAll, beforeAll } from "vitest";
import { startTestServer, type TestServer } from "../../../sync-server/src/test-server";
import type { FetchLike } from "./api-client";
import { closeOutboxEvents } from "./outbox-events";

export type AdminTestServer = {
  /** The running server (its URL, `request`, and its database for checks). */
  readonly server: TestServer;
  /** The admin session's cookie. */
  readonly cookie: string;
  /** A fetch to the server carrying the admin cookie and the server's Origin, as the admin screens send. */
  readonly fetchWithCookie: FetchLike;
};

export function adminTestServerForThisFile(): AdminTestServer {
  let server: TestServer | undefined;
  let cookie: string | undefined;
  beforeAll(async () => {
    server = await startTestServer("pglite");
    cookie = await server.adminCookie();
  }, 120_000);
  afterAll(async () => {
    closeOutboxEvents();
    await server?.close();
  });
  const started = (): { server: TestServer; cookie: string } => {
    if (!server || cookie === undefined)
      throw new Error("the test server starts in beforeAll: use it inside a test");
    return { server, cookie };
  };
  return {
    get server() {
      return started().server;
    },
    get cookie() {
      return started().cookie;
    },
    fetchWithCookie: async (input, init) => {
      const { server, cookie } = started();
      const headers = new Headers(init.headers);
      headers.set("Cookie", cookie);
      headers.set("Origin", server.url);
      return fetch(input, { ...init, headers });
    },
  };
}
