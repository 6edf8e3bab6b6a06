import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";

/** Where uploaded files live. Keys are content hashes plus an extension, never user input. */
export interface Storage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  /** The file as a stream of small chunks, where the store can (local disk); else read with `get`. */
  stream?(key: string): Readable;
}

export function contentKey(bytes: Uint8Array, ext: string): string {
  return `${createHash("sha256").update(bytes).digest("hex").slice(0, 40)}.${ext}`;
}

const KEY_PATTERN = /^[a-f0-9]{16,64}(-[a-z0-9]{1,16})?\.[a-z0-9]{2,5}$/;
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Temporary files of uploads cut short (a process killed mid-write) are removed at start; only
 * old ones, so another process's upload in progress is left alone.
 */
export async function sweepTempFiles(dir: string, olderThanMs = 3_600_000): Promise<number> {
  let removed = 0;
  const cutoff = Date.now() - olderThanMs;
  for (const sub of await fs.readdir(dir).catch(() => [] as string[])) {
    const folder = path.join(dir, sub);
    for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
      if (!name.endsWith(".tmp")) continue;
      const file = path.join(folder, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) {
        await fs.rm(file, { force: true });
        removed++;
      }
    }
  }
  return removed;
}

/** Local disk: written to a temporary name, then renamed, so a reader never sees half a file. */
export function localStorage(dir: string): Storage {
  const full = (key: string) => {
    if (!isValidKey(key)) throw new Error("invalid storage key");
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(key, bytes) {
      const target = full(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Unique per write: identical uploads in parallel share the target, and within one
      // millisecond a pid+time name collided (one rename won, the others answered 507).
      const tmp = `${target}.${process.pid}.${randomBytes(8).toString("hex")}.tmp`;
      try {
        await fs.writeFile(tmp, bytes);
        await fs.rename(tmp, target);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(full(key)));
      } catch {
        return null;
      }
    },
    stream(key) {
      return createReadStream(full(key), { highWaterMark: 64 * 1024 });
    },
    async exists(key) {
      try {
        await fs.access(full(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** In-memory storage for tests. */
export function memoryStorage(): Storage {
  const files = new Map<string, Uint8Array>();
  return {
    async put(key, bytes) {
      files.set(key, bytes);
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async exists(key) {
      return files.has(key);
    },
  };
}
