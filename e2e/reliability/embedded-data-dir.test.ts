/**
 * The embedded database's folder (release-2 §B1, §B2).
 *
 * Proves, with real server processes on one DATA_DIR: a second server stops
 * with `DATA_DIR is in use by another server (pid N)`, exits non-zero and
 * leaves the first one serving; a booking answered 201 survives SIGKILL, and
 * the killed server's lock does not block the next start; `npm run backup`
 * has the server holding the folder write the archive (and archives it itself
 * once the server stopped), `npm run restore` refuses a held folder;
 * `npm run restore` loads that archive into an empty PostgreSQL database
 * (the way from the embedded database to PostgreSQL), refuses a non-empty one
 * without `--force`, and a server on PostgreSQL then shows the same booking.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "@car-rental/shared/api";
import { childProcessEnv } from "../src/env";
import { bookingBody, daysFromToday, listCars, sendJson, uploadDocuments } from "./support/api";
import { startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres";
import { freePort, repoRoot, spawnServer, startServer, type ServerProcess } from "./support/server-process";

const execFileAsync = promisify(execFile);

let dataDir: string;
let postgres: PrivatePostgres | undefined;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-datadir-"));
});
afterAll(async () => {
  for (const server of running) await server.stop();
  await postgres?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run backup|restore -- <args>` with the server's environment; resolves with the exit code and output. */
async function npmRun(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await execFileAsync("npm", ["run", "--silent", script, "--", ...args], {
      cwd: repoRoot,
      env: childProcessEnv({ LOG_LEVEL: "warn", DATABASE_URL: "", ...env }),
      timeout: 120_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    // execFile rejects with the exit code and both outputs on the error.
    const field = (name: string): unknown =>
      typeof error === "object" && error !== null && name in error ? Reflect.get(error, name) : undefined;
    const code = field("code");
    return {
      code: typeof code === "number" ? code : -1,
      output: `${String(field("stdout") ?? "")}${String(field("stderr") ?? "")}`,
    };
  }
}

let bookedCarId = "";
let bookedPickup = "";

async function bookedStarts(url: string, carId: string): Promise<string[]> {
  const res = await fetch(url + routes.carBookedDates.path.replace(":id", carId));
  expect(res.status).toBe(200);
  const ranges: { start: string }[] = await res.json();
  return ranges.map((range) => range.start);
}

describe("one DATA_DIR, one server", () => {
  it("stops a second server on the same folder with the exact message, touching nothing", async () => {
    const first = await startServer({ port: await freePort(), dataDir });
    running.push(first);
    const lockPid = (await readFile(path.join(dataDir, "pglite.lock", "pid"), "utf8")).trim();
    expect(lockPid).toBe(String(first.child.pid));
    const pgliteBefore = await stat(path.join(dataDir, "pglite", "PG_VERSION"));

    const second = spawnServer({ port: await freePort(), dataDir });
    await second.exited();
    expect(second.exit()?.code).not.toBe(0);
    expect(second.output()).toContain(`DATA_DIR is in use by another server (pid ${first.child.pid})`);
    // The first server still owns the folder and serves.
    expect((await readFile(path.join(dataDir, "pglite.lock", "pid"), "utf8")).trim()).toBe(lockPid);
    expect((await stat(path.join(dataDir, "pglite", "PG_VERSION"))).mtimeMs).toBe(pgliteBefore.mtimeMs);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });

  it("keeps a booking answered 201 through SIGKILL, and the killed server's lock does not block the next start", async () => {
    const first = running.pop();
    if (!first) throw new Error("no server");
    const [car] = await listCars(first.url);
    if (!car) throw new Error("no car");
    bookedCarId = car.id;
    bookedPickup = daysFromToday(30);
    const res = await sendJson(
      first.url,
      "POST",
      routes.createBooking.path,
      bookingBody(
        car,
        bookedPickup,
        daysFromToday(33),
        { fullName: "Killed Right After", email: "kill@example.ph" },
        await uploadDocuments(first.url),
      ),
    );
    expect(res.status).toBe(201);
    await first.kill();

    const next = await startServer({ port: await freePort(), dataDir });
    running.push(next);
    expect(await bookedStarts(next.url, car.id)).toContain(bookedPickup);
  });
});

describe("npm run backup and npm run restore", () => {
  it("backs up a folder a server holds through that server, and directly once it stopped; refuses to restore into it", async () => {
    const server = running.pop();
    if (!server) throw new Error("no server");
    // The server holds DATA_DIR: it writes the archive on the command's request, and keeps serving.
    const file = path.join(dataDir, "manual.tar.gz");
    const asked = await npmRun("backup", [file], { DATA_DIR: dataDir });
    expect(asked.code, asked.output).toBe(0);
    expect(asked.output).toContain(
      `DATA_DIR is in use by another server (pid ${server.child.pid}): asking it`,
    );
    expect(asked.output).toMatch(/backed up \d+ rows in \d+ tables and \d+ objects/);
    expect((await stat(file)).size).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // A restore would replace the data under the running server: refused.
    const restore = await npmRun("restore", [file, "--force"], { DATA_DIR: dataDir });
    expect(restore.code).not.toBe(0);
    expect(restore.output).toContain(`DATA_DIR is in use by another server (pid ${server.child.pid})`);

    await server.stop();
    const direct = path.join(dataDir, "stopped.tar.gz");
    const done = await npmRun("backup", [direct], { DATA_DIR: dataDir });
    expect(done.code, done.output).toBe(0);
    expect(done.output).not.toContain("asking it");
    expect((await stat(direct)).size).toBeGreaterThan(0);
  });

  it("moves the embedded database into PostgreSQL (refusing a non-empty one without --force)", async () => {
    postgres = await startPrivatePostgres();
    const databaseUrl = await postgres.createDatabase("moved");
    const file = path.join(dataDir, "manual.tar.gz");
    const env = { DATA_DIR: path.join(dataDir, "pg-side"), DATABASE_URL: databaseUrl };
    const restored = await npmRun("restore", [file], env);
    expect(restored.code, restored.output).toBe(0);

    const again = await npmRun("restore", [file], env);
    expect(again.code).not.toBe(0);
    expect(again.output).toContain("the database is not empty");
    const forced = await npmRun("restore", [file, "--force"], env);
    expect(forced.code, forced.output).toBe(0);

    const server = await startServer({ port: await freePort(), dataDir: env.DATA_DIR, databaseUrl });
    running.push(server);
    expect(await bookedStarts(server.url, bookedCarId)).toContain(bookedPickup);
    // The fleet was restored, not seeded again.
    const cars = await (await fetch(`${server.url}/api/cars`)).json();
    expect(cars.length).toBeGreaterThan(0);
    expect(new Set(cars.map((c: { id: string }) => c.id)).size).toBe(cars.length);
  });
});
