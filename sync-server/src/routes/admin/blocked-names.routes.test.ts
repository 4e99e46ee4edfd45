import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { blockedNameSchema, type BlockedName } from "@car-rental/shared/schemas/blocked-name";
import { startTestServer, type TestServer } from "../../test-server";

describe.each(testEngines())("admin blocked names on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
  });
  afterAll(async () => {
    await server?.close();
  });

  const block = (body: unknown, headers?: Record<string, string>) =>
    server.request("POST", "/api/admin/blocked-names", { cookie, body, headers });
  const list = async (): Promise<BlockedName[]> => {
    const res = await server.request("GET", "/api/admin/blocked-names", { cookie });
    expect(res.status).toBe(200);
    return blockedNameSchema.array().parse(await res.json());
  };
  const isBlocked = async (name: string): Promise<boolean> => {
    const res = await server.request("GET", `/api/blocked-names/check?name=${encodeURIComponent(name)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { isBlocked: boolean }).isBlocked;
  };

  it("blocks a name: trimmed, a blank reason as null, blocked by admin by default", async () => {
    const res = await block({ fullName: "  Juan  Dela Cruz ", reason: "   " });
    expect(res.status).toBe(201);
    const entry = blockedNameSchema.parse(await res.json());
    expect(entry).toMatchObject({
      fullName: "Juan  Dela Cruz",
      reason: null,
      blockedBy: "admin",
      version: 1,
      deletedAt: null,
    });
  });

  it("keeps a reason and who blocked, trimmed", async () => {
    const res = await block({ fullName: "Maria Clara", reason: "  Unpaid damages ", blockedBy: "Manager" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      fullName: "Maria Clara",
      reason: "Unpaid damages",
      blockedBy: "Manager",
    });
  });

  it("refuses a missing or blank name with 'Full name is required'", async () => {
    for (const body of [{ fullName: "   ", reason: null, blockedBy: "admin" }, { reason: "x" }]) {
      const res = await block(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Full name is required",
      );
    }
  });

  it("answers the existing entry (200) when the name is already blocked", async () => {
    const [first] = (await list()).filter((entry) => entry.fullName === "Juan  Dela Cruz");
    const res = await block({ fullName: "juan dela   CRUZ", reason: "again" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(first);
    expect((await list()).filter((entry) => entry.fullName.toLowerCase().startsWith("juan"))).toHaveLength(1);
  });

  it("lists the blocklist newest first", async () => {
    expect((await list()).map((entry) => entry.fullName)).toEqual(["Maria Clara", "Juan  Dela Cruz"]);
  });

  it("is reflected by the public check", async () => {
    expect(await isBlocked("JUAN DELA CRUZ")).toBe(true);
    expect(await isBlocked("Juan Luna")).toBe(false);
  });

  it("unblocks as a tombstone; a replay succeeds; an unknown id is 404", async () => {
    const [maria] = await list();
    const id = maria?.id ?? "";
    const res = await server.request("DELETE", `/api/admin/blocked-names/${id}`, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await list()).map((entry) => entry.fullName)).toEqual(["Juan  Dela Cruz"]);
    expect(await isBlocked("maria clara")).toBe(false);
    const row: { deleted_at: Date | null } | undefined = await server.db
      .knex("blocked_names")
      .where({ id })
      .first();
    expect(row?.deleted_at).toBeInstanceOf(Date);

    expect((await server.request("DELETE", `/api/admin/blocked-names/${id}`, { cookie })).status).toBe(200);
    const unknown = await server.request("DELETE", `/api/admin/blocked-names/${randomUUID()}`, { cookie });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");

    // The name can be blocked again: a new entry.
    const again = await block({ fullName: "Maria Clara" });
    expect(again.status).toBe(201);
    expect(((await again.json()) as { id: string }).id).not.toBe(id);
  });

  it("applies a replayed request with the same Idempotency-Key once", async () => {
    const headers = { "Idempotency-Key": `block-${randomUUID()}` };
    const first = await block({ fullName: "Replay Only Once" }, headers);
    expect(first.status).toBe(201);
    const replay = await block({ fullName: "Replay Only Once" }, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(await first.json());
    expect((await list()).filter((entry) => entry.fullName === "Replay Only Once")).toHaveLength(1);
  });
});
