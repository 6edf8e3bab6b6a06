import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "#server/contracts/constants";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { systemClock } from "#server/lib/clock";
import { startApiProcess, type ApiProcess, rawPost } from "#tests/helpers/processes";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Hostile multipart bodies against the backend as its own process, so its memory (RSS) and its
 * temporary directory can be watched: a file one byte over the limit, 1,000 fields, 200 files,
 * and a body five times the limit, declared or streamed. Each gets a 4xx with a clear message,
 * the process keeps serving, its memory stays flat and it leaves no file behind.
 */
describe("multipart limits in a separate API process", () => {
  let dataDir: string;
  let tmpDir: string;
  let db: Db;
  let api: ApiProcess;
  let cookie: string;
  let userId: string;

  const rssBytes = () =>
    Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.child.pid}/status`, "utf8"))![1]) *
    1024;
  const filesUnder = (dir: string): string[] => {
    try {
      return readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name));
    } catch {
      return [];
    }
  };
  // tsx (which runs the TypeScript sources in tests) keeps its compile cache in tsx-*/: not ours.
  const leftovers = () => [
    ...filesUnder(tmpDir).filter((f) => !/\/tsx-[^/]*\//.test(f)),
    ...filesUnder(path.join(dataDir, "uploads")).filter((f) => f.endsWith(".tmp")),
  ];

  const profileFields = () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      firstName: "Meera",
      gender: "female",
      course: "B.Tech",
      courseSpecialisation: "Physics",
      collegeName: "St Xaviers College",
      location: "Mumbai",
    }))
      form.append(k, v);
    return form;
  };
  const postProfile = (form: FormData) =>
    fetch(`${api.url}/api/v1/user/profile`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie },
    });
  const userRow = () =>
    db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const expectServing = async () => {
    expect((await fetch(`${api.url}/api/v1/health`)).status).toBe(200);
    expect(
      (await fetch(`${api.url}/api/v1/user/profile`, { headers: { Cookie: cookie } })).status,
    ).toBe(200);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-multipart-"));
    // The child's own temporary directory (os.tmpdir() reads TMPDIR), so other work on this
    // machine cannot make a file appear there.
    tmpDir = mkdtempSync(path.join(os.tmpdir(), "utsav-multipart-tmp-"));
    db = connectDb({ sqlitePath: path.join(dataDir, "utsav.db") });
    await migrateToLatest(db);
    const config = readConfig({ NODE_ENV: "test" });
    const made = await createUserWithSession({ db, clock: systemClock, config });
    cookie = made.cookie;
    userId = made.user.id;
    api = await startApiProcess({
      DATA_DIR: dataDir,
      TMPDIR: tmpDir,
      RATE_LIMIT: "off",
      MAIL_WORKER: "off",
      APP_URL: "http://localhost:3000",
    });
    // Warm up: one real upload, so the baseline memory already holds sharp and the parsers.
    const warm = profileFields();
    const png = await import("sharp").then((s) =>
      s
        .default({ create: { width: 64, height: 64, channels: 3, background: "#c33" } })
        .png()
        .toBuffer(),
    );
    warm.append("profileImg", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
    expect((await postProfile(warm)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(tmpDir, { recursive: true, force: true });
  });

  // 280 MB sent through a second process: minutes on a busy machine (issue 31), hence the timeout.
  it("a file of 10 MB + 1 byte gets 413 'File size should not exceed 10MB', 28 times, without memory growing", async () => {
    const before = await userRow();
    const bytes = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const send = async () => {
      const form = profileFields();
      form.append("profileImg", new File([bytes], "big.png", { type: "image/png" }));
      const res = await postProfile(form);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ message: FILE_TOO_LARGE });
    };
    // Memory goes up and down with garbage collection: take the highest of a few rounds, then
    // send 24 more. Were each body kept, that would add 240 MB; flat stays within a GC cycle.
    let settled = 0;
    for (let i = 0; i < 4; i++) {
      await send();
      settled = Math.max(settled, rssBytes());
    }
    for (let i = 0; i < 24; i++) await send();
    expect(rssBytes() - settled).toBeLessThan(100 * 1024 * 1024);
    expect(await userRow()).toEqual(before);
    expect(leftovers()).toEqual([]);
    await expectServing();
  }, 300_000);

  it("1,000 fields get a clear 4xx and change nothing", async () => {
    const before = await userRow();
    const form = profileFields();
    for (let i = 0; i < 1000; i++) form.append(`field${i}`, "x");
    const res = await postProfile(form);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await res.json()).message).toMatch(/too many fields/i);
    expect(await userRow()).toEqual(before);
    await expectServing();
  });

  it("200 small files get a clear 4xx, store nothing and leave no file", async () => {
    const before = await userRow();
    const uploads = await db.selectFrom("uploads").select("key").execute();
    const form = profileFields();
    for (let i = 0; i < 200; i++)
      form.append(
        "profileImg",
        new File([new Uint8Array(100).fill(i)], `f${i}.png`, { type: "image/png" }),
      );
    const res = await postProfile(form);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await res.json()).message).toMatch(/too many files/i);
    expect(await userRow()).toEqual(before);
    expect(await db.selectFrom("uploads").select("key").execute()).toEqual(uploads);
    expect(leftovers()).toEqual([]);
    await expectServing();
  });

  /** Sends `total` bytes of a multipart body in 64 KB chunks, stopping when the server answers. */
  function sendHuge(
    total: number,
    declareLength: boolean,
  ): Promise<{ status: number; body: string; sent: number }> {
    const boundary = "----utsavhuge";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profileImg"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const url = `${api.url}/api/v1/user/profile`;
    return new Promise((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = rawPost(
        url,
        {
          Cookie: cookie,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          ...(declareLength
            ? { "Content-Length": String(total) }
            : { "Transfer-Encoding": "chunked" }),
        },
        (res) => {
          answered = true;
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, body, sent }));
        },
      );
      // The server may close the connection once it has answered: that is not a failure here.
      req.on("error", (err) => (answered ? undefined : reject(err)));
      req.write(head);
      sent += head.length;
      const pump = () => {
        while (!answered && sent < total) {
          const ok = req.write(chunk);
          sent += chunk.length;
          if (!ok) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
  }

  for (const declareLength of [true, false]) {
    it(`a 50 MB body (${declareLength ? "Content-Length" : "streamed, chunked"}) is refused with 413 before it is all read`, async () => {
      const { status, body, sent } = await sendHuge(50 * 1024 * 1024, declareLength);
      expect(status).toBe(413);
      expect(JSON.parse(body)).toEqual({ message: FILE_TOO_LARGE });
      // Counted while streaming: the answer comes at about the limit, not after 50 MB. (Memory is
      // checked by the 28 sends above: the process's RSS after one body follows what it read until
      // the GC runs, 0–14 MB here and 43 MB once on a loaded CI machine, so it proves nothing.)
      expect(sent).toBeLessThan(30 * 1024 * 1024);
      expect(leftovers()).toEqual([]);
      await expectServing();
    });
  }
});
