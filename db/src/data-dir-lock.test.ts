import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "./data-dir-lock";

describe("lockDataDir", () => {
  it("leaves no lock behind once released, so another live process can take the folder", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "car-rental-lock-"));
    const folder = path.join(parent, "data");
    try {
      const lock = await lockDataDir(folder);
      expect(existsSync(`${folder}.lock`)).toBe(true);
      await lock.release();
      expect(existsSync(`${folder}.lock`)).toBe(false);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
