import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "#server/lib/errors";
import { storeDocument } from "#server/services/uploads/uploads";
import { isValidKey, localStorage } from "#server/storage/storage";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";
import { PROFILE } from "#tests/helpers/profile";

/**
 * Hostile files: markup dressed as a picture, programs dressed as a PDF, a zip bomb dressed as a
 * spreadsheet, names that try to climb directories or break headers. Each is refused or stored
 * under a name we make; whatever is stored, fetched directly, can never run as a page.
 */

async function png(): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width: 40, height: 40, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer(),
  );
}

/** A zip whose one entry, `[Content_Types].xml` (what marks an xlsx), inflates to `size` bytes. */
function zipBomb(size: number): Uint8Array<ArrayBuffer> {
  const name = Buffer.from("[Content_Types].xml");
  const data = zlib.deflateRawSync(Buffer.alloc(size), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(0, 14); // crc (not checked by a sniffer)
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}

describe.each(engines)("hostile files on %s", (engine) => {
  let t: TestApi;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApi(engine);
    ({
      cookie,
      user: { id: userId },
    } = await createUserWithSession(t.deps));
  });
  afterAll(() => t.close());

  const uploadAvatar = (file: File | Blob, filename?: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(PROFILE)) form.append(k, v);
    form.append("profileImg", file, filename);
    return t.request("/user/profile", { method: "POST", body: form, cookie });
  };
  const uploadRows = () => t.db.selectFrom("uploads").selectAll().orderBy("key").execute();
  const avatar = async () =>
    (
      await t.db
        .selectFrom("users")
        .select("profileImg")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow()
    ).profileImg;

  const markup: [string, string][] = [
    [
      "SVG with a script, named .png",
      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`,
    ],
    [
      "SVG with an XML prolog, named .png",
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>`,
    ],
    ["HTML, named .png", "<html><body><img src=x onerror=alert(1)></body></html>"],
    ["a GIF header followed by HTML (a polyglot)", "GIF89a/*<script>alert(1)</script>*/=1;"],
  ];
  for (const [label, text] of markup) {
    it(`refuses ${label} as a picture and stores nothing`, async () => {
      const before = await uploadRows();
      const res = await uploadAvatar(new File([text], "photo.png", { type: "image/png" }));
      expect(res.status).toBe(415);
      expect((await res.json()).message).toMatch(/upload an image|could not be read/i);
      expect(await uploadRows()).toEqual(before);
      expect(await avatar()).toBeNull();
    });
  }

  const programs: [string, Uint8Array<ArrayBuffer>][] = [
    [
      "an ELF executable",
      new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(120).fill(0)]),
    ],
    [
      "a Windows executable (MZ)",
      new Uint8Array([
        0x4d,
        0x5a,
        0x90,
        0,
        3,
        0,
        0,
        0,
        4,
        0,
        0,
        0,
        0xff,
        0xff,
        ...new Array(120).fill(0),
      ]),
    ],
    [
      "an HTML page",
      new TextEncoder().encode("<!DOCTYPE html><script>alert(document.cookie)</script>"),
    ],
    ["a shell script", new TextEncoder().encode("#!/bin/sh\nrm -rf /\n")],
  ];
  for (const [label, bytes] of programs) {
    it(`refuses ${label} named brochure.pdf`, async () => {
      const before = await uploadRows();
      const err = await storeDocument(
        t.deps,
        new File([bytes], "brochure.pdf", { type: "application/pdf" }),
        "brochure",
      ).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(415);
      expect(err.message).toMatch(/PDF or a spreadsheet/);
      expect(await uploadRows()).toEqual(before);
    });
  }

  // Memory shows it was never inflated (64 MB would be); how long it took depends on the machine.
  it("a zip bomb named .xlsx is only sniffed, never inflated: bounded memory, refused", async () => {
    const bomb = zipBomb(64 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(200_000);
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const result = await storeDocument(t.deps, new File([bomb], "results.xlsx"), "brochure").catch(
      (e) => e,
    );
    const grown = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore;
    expect(grown).toBeLessThan(32 * 1024 * 1024);
    // Not a spreadsheet by its bytes (no workbook inside): refused like any other zip.
    expect(result).toBeInstanceOf(ApiError);
    expect(result.status).toBe(415);
  });

  const names = [
    "../../../../etc/passwd.png",
    "..\\..\\windows\\win.ini.png",
    'a"; filename="evil.html',
    "line\r\nContent-Type: text/html\r\n\r\n<script>.png",
    "%2e%2e%2f%2e%2e%2fx.png",
    "\u0000.png",
    `${"x".repeat(2000)}.png`,
  ];
  for (const name of names) {
    it(`a real picture named ${JSON.stringify(name.slice(0, 40))} is stored under a generated name`, async () => {
      const res = await uploadAvatar(new File([await png()], name, { type: "image/png" }));
      expect(res.status).toBe(200);
      const { profileImg } = await res.json();
      const key = profileImg.replace("/api/v1/files/", "");
      expect(key).toMatch(/^[a-f0-9]{40}\.webp$/);
      for (const row of await uploadRows()) expect(isValidKey(row.key)).toBe(true);
    });
  }

  it("identical files uploaded in parallel (local disk) are all stored: no 507 from colliding temporary names", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-parallel-"));
    const memory = t.deps.storage;
    t.deps.storage = localStorage(dir);
    try {
      const bytes = new Uint8Array(readFileSync("tests/fixtures/brochure.pdf"));
      const uploads = await Promise.allSettled(
        Array.from({ length: 12 }, () =>
          storeDocument(t.deps, new File([bytes], "brochure.pdf"), "brochure"),
        ),
      );
      const failed = uploads.filter((u) => u.status === "rejected");
      expect(failed.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
      const keys = new Set(uploads.map((u) => (u as PromiseFulfilledResult<string>).value));
      expect(keys.size).toBe(1);
      // One file, no temporary leftovers.
      const [key] = keys;
      expect(readdirSync(path.join(dir, key.slice(0, 2)))).toEqual([key]);
      const avatars = await Promise.all(
        Array.from({ length: 6 }, async () =>
          uploadAvatar(new File([await png()], "me.png", { type: "image/png" })),
        ),
      );
      expect(avatars.map((r) => r.status)).toEqual(avatars.map(() => 200));
    } finally {
      t.deps.storage = memory;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a hand-made multipart part with raw traversal and quote tricks in its filename is handled the same", async () => {
    const boundary = "----hostile";
    const bytes = Buffer.from(await png());
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(
        Object.entries(PROFILE)
          .map(([k, v]) => part(k, v))
          .join(""),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profileImg"; filename="../../x\\".html"; filename*=UTF-8''..%2F..%2Fevil.html\r\nContent-Type: text/html\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.request("/user/profile", {
      method: "POST",
      body,
      cookie,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBeLessThan(500);
    if (res.status === 200)
      expect((await res.json()).profileImg).toMatch(/^\/api\/v1\/files\/[a-f0-9]{40}\.webp$/);
    for (const row of await uploadRows()) expect(isValidKey(row.key)).toBe(true);
  });

  it("a stored picture, fetched directly, is an image that cannot run: sandbox CSP, nosniff, inline", async () => {
    const res = await uploadAvatar(new File([await png()], "me.png", { type: "image/png" }));
    const { profileImg } = await res.json();
    const file = await t.request(profileImg.replace("/api/v1", ""));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toBeNull();
  });

  const documents: [string, Uint8Array<ArrayBuffer>, string, string][] = [
    [
      "a PDF",
      new TextEncoder().encode(
        "%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
      ),
      "application/pdf",
      "pdf",
    ],
    [
      "a CSV holding markup",
      new TextEncoder().encode("name,score\n<img src=x onerror=alert(1)>,1\n"),
      "text/csv",
      "csv",
    ],
  ];
  for (const [label, bytes, type, ext] of documents) {
    it(`${label}, fetched directly, comes as an attachment with sandbox CSP and nosniff`, async () => {
      const key = await storeDocument(
        t.deps,
        new File([bytes], "x.html", { type: "text/html" }),
        "brochure",
      );
      expect(key).toMatch(new RegExp(`^[a-f0-9]{40}\\.${ext}$`));
      const file = await t.request(`/files/${key}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe(type);
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="brochure.${ext}"`,
      );
      expect(file.headers.get("content-security-policy")).toMatch(/sandbox/);
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    });
  }

  it("keys that are not ours are 404 with the message shape, never a path on disk", async () => {
    for (const key of [
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e",
      "a.png",
      `${"a".repeat(40)}.html%00.png`,
      `${"A".repeat(40)}.png`,
    ]) {
      const res = await t.request(`/files/${key}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Not Found" });
    }
  });
});
