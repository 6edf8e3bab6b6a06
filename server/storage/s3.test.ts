import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#tests/helpers/api";
import { startLocalS3 } from "#tests/helpers/s3";
import { storeImage } from "#server/services/uploads/uploads";
import { s3Storage } from "./s3";

describe("S3-compatible storage", () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let t: TestApi;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApi("sqlite");
    t.deps.storage = s3Storage(s3.settings);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it("puts, gets and tells missing keys apart", async () => {
    const storage = s3Storage(s3.settings);
    const key = "0123456789abcdef0123.pdf";
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, new TextEncoder().encode("%PDF-1.4 hello"));
    expect(await storage.exists(key)).toBe(true);
    expect(new TextDecoder().decode((await storage.get(key))!)).toBe("%PDF-1.4 hello");
  });

  it("serves an uploaded image through the API with the same cache headers as local disk", async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: "#5b2bd6" },
    })
      .png()
      .toBuffer();
    const key = await storeImage(
      t.deps,
      new File([new Uint8Array(png)], "logo.png", { type: "image/png" }),
      "logo",
    );
    const res = await t.request(`/files/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(320);
  });
});

describe("local storage", () => {
  it("sweeps temporary files an interrupted upload left, but not fresh ones or real files", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, utimesSync, existsSync } = await import(
      "node:fs"
    );
    const os = await import("node:os");
    const path = await import("node:path");
    const { sweepTempFiles } = await import("./storage");
    const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-sweep-"));
    mkdirSync(path.join(dir, "ab"));
    const old = path.join(dir, "ab", "abcdef0123456789.webp.1.2.tmp");
    const fresh = path.join(dir, "ab", "abcdef0123456789.webp.3.4.tmp");
    const real = path.join(dir, "ab", "abcdef0123456789.webp");
    for (const f of [old, fresh, real]) writeFileSync(f, "x");
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await sweepTempFiles(dir)).toBe(1);
    expect([existsSync(old), existsSync(fresh), existsSync(real)]).toEqual([false, true, true]);
  });
});
