import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { systemClock } from "#server/lib/clock";
import { createSession } from "#server/services/accounts/sessions";
import { APP_URL, createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { startApiProcess, type ApiProcess, rawPost } from "#tests/helpers/processes";
import { snapshotTables, CORE_TABLES } from "#tests/helpers/snapshot";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Cross-site requests and forged hosts. Every mutating call, found in the app's own route table,
 * is refused when another site sends it; no GET changes anything except the two SPEC §7 makes
 * state-changing (logout, publish), which refuse another site; and mailed links come from APP_URL
 * whatever Host or X-Forwarded-* a request carries.
 */
describe.each(engines)("cross-site requests on %s", (engine) => {
  let t: TestApi;
  let userId: string;
  const draft = "60001";

  const everything = () => snapshotTables(t.db, [...CORE_TABLES, "feedback"]);
  const fill = (template: string) =>
    template
      .replace(/^\/api\/v1/, "")
      .replace(":eventNumber", draft)
      .replace(":section", "aboutEvent")
      .replace(":id", userId)
      .replace(":token", "x".repeat(43))
      .replace(":key", `${"0".repeat(40)}.webp`);

  beforeAll(async () => {
    t = await createTestApi(engine, { config: { rateLimit: false } });
    ({
      user: { id: userId },
    } = await createUserWithSession(t.deps));
    const now = t.clock.now().toISOString();
    await t.db
      .insertInto("events")
      .values({
        eventNumber: draft,
        madeBy: userId,
        status: "draft",
        version: 1,
        eventName: "Brain Bowl",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  });
  afterAll(() => t.close());

  it("every mutating call refuses a foreign Origin, an opaque Origin and Sec-Fetch-Site: cross-site, and changes nothing", async () => {
    const mutating = t.api.routes.filter(
      (r) => !["GET", "ALL", "HEAD", "OPTIONS"].includes(r.method),
    );
    expect(mutating.length).toBeGreaterThan(8);
    for (const route of mutating) {
      const foreign: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { Origin: "null" },
        { "Sec-Fetch-Site": "cross-site" },
        { Origin: "http://localhost:3000.evil.example" },
      ];
      for (const headers of foreign) {
        const cookie = `utsav_session=${await createSession(t.deps, userId)}`;
        const before = await everything();
        const res = await t.request(fill(route.path), {
          method: route.method,
          headers,
          cookie,
          json: {
            aboutEvent: "<p>forged</p>",
            message: "forged",
            email: "a@example.com",
            password: "a-long-password",
            firstName: "Eve",
          },
        });
        const context = `${route.method} ${route.path} ${JSON.stringify(headers)}`;
        expect(res.status, context).toBe(403);
        expect(await res.json(), context).toEqual({ message: "Cross-site request refused" });
        expect(await everything(), context).toEqual(before);
      }
    }
  });

  it("where Sec-Fetch-Site is missing (older browsers), a foreign Referer is refused on logout and publish", async () => {
    for (const p of [
      "/user/logout",
      `/event/create/${draft}/step3/activateEvent`,
      "/user/%6cogout",
      `/event/create/${draft}/step3/%61ctivateEvent`,
    ]) {
      const cookie = `utsav_session=${await createSession(t.deps, userId)}`;
      const before = await everything();
      for (const referer of [
        "https://evil.example/page",
        "http://localhost:3000.evil.example/",
        "not a url",
      ]) {
        const res = await t.request(p, { cookie, headers: { Referer: referer } });
        expect(res.status, `${p} from ${referer}`).toBe(403);
      }
      expect(await everything(), p).toEqual(before);
      // From our own pages it still works.
      const ours = await t.request(p, { cookie, headers: { Referer: `${APP_URL}/profile` } });
      expect(ours.status, `${p} from our page`).not.toBe(403);
    }
  });

  it("the same calls from this site are let through (the refusal is about the site, not the call)", async () => {
    const cookie = `utsav_session=${await createSession(t.deps, userId)}`;
    const res = await t.request(`/event/create/${draft}/step3/aboutEvent`, {
      method: "POST",
      headers: { Origin: APP_URL, "Sec-Fetch-Site": "same-origin" },
      cookie,
      json: { aboutEvent: "<p>ours</p>" },
    });
    expect(res.status).toBe(200);
  });

  it("no GET changes anything, signed in or not, except logout and publish", async () => {
    const gets = t.api.routes.filter(
      (r) => r.method === "GET" && !/logout|activateEvent/.test(r.path),
    );
    for (const route of gets) {
      for (const signedIn of [false, true]) {
        const cookie = signedIn
          ? `utsav_session=${await createSession(t.deps, userId)}`
          : undefined;
        // GET /user/calendar makes the person's feed link the first time it is asked for (the
        // answer, which another site cannot read, is the only way to learn it); after that it
        // changes nothing, which is what is checked here.
        if (route.path.endsWith("/user/calendar"))
          await (await t.request(fill(route.path), { cookie })).arrayBuffer();
        const before = await everything();
        await (await t.request(fill(route.path), { cookie })).arrayBuffer();
        expect(await everything(), `GET ${route.path}`).toEqual(before);
      }
    }
  });

  it("logout and publish GETs refuse another site (cross-site and same-site) and change nothing", async () => {
    for (const p of [
      "/user/logout",
      `/event/create/${draft}/step3/activateEvent`,
      // Percent-encoded variants the router decodes to the same routes.
      "/user/%6cogout",
      "/user/%6C%6F%67%6F%75%74",
      `/event/create/${draft}/step3/%61ctivateEvent`,
      `/event/create/%3${draft.slice(0, 1)}${draft.slice(1)}/step3/activateEven%74`,
    ]) {
      for (const site of ["cross-site", "same-site"]) {
        const cookie = `utsav_session=${await createSession(t.deps, userId)}`;
        const before = await everything();
        const res = await t.request(p, { cookie, headers: { "Sec-Fetch-Site": site } });
        expect(res.status, `${p} ${site}`).toBe(403);
        expect(await everything(), `${p} ${site}`).toEqual(before);
      }
    }
  });
});

describe("forged Host and X-Forwarded-* headers against a real server", () => {
  let dataDir: string;
  let db: Db;
  let api: ApiProcess;
  let email: string;

  function post(p: string, body: object, headers: Record<string, string>): Promise<number> {
    const url = `${api.url}/api/v1${p}`;
    const data = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = rawPost(
        url,
        {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(data)),
          ...headers,
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        },
      );
      req.on("error", reject);
      req.end(data);
    });
  }
  async function mailsTo(to: string): Promise<string[]> {
    const dir = path.join(dataDir, "mail");
    const deadline = Date.now() + 10_000;
    for (;;) {
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.includes(to.replace(/[^a-z0-9@._-]/gi, "_")));
      } catch {
        /* not yet */
      }
      // A mail file may exist before it is fully written: wait until it holds its link.
      const mails = files.map((f) =>
        readFileSync(path.join(dir, f), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "="),
      );
      if (mails.length && mails.every((m) => /reset-password|verify/.test(m))) return mails;
      if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-hosts-"));
    db = connectDb({ sqlitePath: path.join(dataDir, "utsav.db") });
    await migrateToLatest(db);
    ({
      user: { email },
    } = await createUserWithSession({
      db,
      clock: systemClock,
      config: readConfig({ NODE_ENV: "test" }),
    }));
    api = await startApiProcess({
      DATA_DIR: dataDir,
      APP_URL: "https://utsav.example.in",
      RATE_LIMIT: "off",
    });
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const forged = {
    Host: "evil.example",
    "X-Forwarded-Host": "evil.example",
    "X-Forwarded-Proto": "http",
    "X-Forwarded-Server": "evil.example",
    Forwarded: "host=evil.example;proto=http",
    "X-Original-URL": "http://evil.example/",
  };

  it("a forgot-password request with a forged Host and X-Forwarded-Host mails a link on APP_URL only", async () => {
    expect(await post("/user/forgot-password", { email }, forged)).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail).not.toContain("evil.example");
    const links = mail.match(/https?:\/\/[^\s"<>]+/g) ?? [];
    expect(
      links.some((l) => l.startsWith("https://utsav.example.in/") && /reset-password/.test(l)),
    ).toBe(true);
    for (const link of links.filter((l) => /reset-password/.test(l)))
      expect(link.startsWith("https://utsav.example.in/")).toBe(true);
  });

  it("a signup with the same forged headers mails its verification link on APP_URL only", async () => {
    const newcomer = `forged.host.${Date.now()}@example.com`;
    expect(
      await post(
        "/user/signup",
        { firstName: "Neha", email: newcomer, password: "a-long-password" },
        forged,
      ),
    ).toBe(200);
    const [mail] = await mailsTo(newcomer);
    expect(mail).not.toContain("evil.example");
    expect(mail).toMatch(/https:\/\/utsav\.example\.in\/[^\s]+\/verify\//);
  });
});
