import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { copyFile, mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { detectFileType } from "./file-type";
import { assertObjectKey } from "./object-key";
import type { ObjectInfo, Storage } from "./storage";

const isMissing = (err: unknown) => err instanceof Error && "code" in err && err.code === "ENOENT";

/**
 * Files under `<dataDir>/objects/<key>`. Keys are validated against a strict
 * pattern before any path is built, so nothing outside the folder is reachable.
 */
export async function createLocalStorage(dataDir: string): Promise<Storage> {
  const root = path.resolve(dataDir, "objects");
  await mkdir(root, { recursive: true });

  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(root, ...key.split("/"));
  };

  /** The stored type is what the bytes are; only checked files are ever put here. */
  async function sniff(file: string): Promise<string | undefined> {
    const handle = await open(file, "r");
    try {
      const head = Buffer.alloc(16);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      return detectFileType(head.subarray(0, bytesRead)) ?? undefined;
    } finally {
      await handle.close();
    }
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    const file = fileOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { size: info.size, contentType: await sniff(file) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Writes through a temporary file and renames it into place, so a reader never sees half a file. */
  async function writeAtomically(key: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    try {
      await write(temporary);
      await rename(temporary, file);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  return {
    kind: "local",
    async putStream(key: string, body: Readable) {
      await writeAtomically(key, async (temporary) => {
        await pipeline(body, createWriteStream(temporary, { flags: "wx" }));
        const handle = await open(temporary, "r");
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      });
    },
    async readStart(key, length) {
      const file = fileOf(key);
      try {
        const handle = await open(file, "r");
        try {
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, 0);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async copy(from, to) {
      const source = fileOf(from);
      await writeAtomically(to, (temporary) => copyFile(source, temporary));
    },
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}.part`;
      try {
        const handle = await open(temporary, "wx");
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key) {
      const info = await head(key);
      if (!info) return null;
      return { ...info, body: createReadStream(fileOf(key)) };
    },
    head,
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    publicOrigins: () => [],
  };
}
