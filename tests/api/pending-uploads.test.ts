import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventData } from "#server/contracts/event-shape";
import { PENDING_GONE } from "#server/contracts/constants";
import { PENDING_RATE_LIMIT, PENDING_TTL_MS } from "#server/services/uploads/pending-uploads";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";
import { PROFILE } from "#tests/helpers/profile";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures", name));
const png = (name = "logo.png") => new File([fixture("logo.png")], name, { type: "image/png" });
const pdf = () => new File([fixture("brochure.pdf")], "brochure.pdf", { type: "application/pdf" });

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const step1 = (over: Record<string, string | File> = {}) =>
  form({
    eventType: "Quizzes",
    eventName: "Brain Bowl",
    organisationName: "IIT Delhi",
    modeOfEvent: "Online",
    ...over,
  });

const profile = (over: Record<string, string | File> = {}) => form({ ...PROFILE, ...over });

describe.each(engines)("pending uploads (a file kept from a refused form) on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; user: { id: string } };
  let other: { cookie: string; user: { id: string } };
  let number = 40000;
  const nextNumber = () => String(++number);

  const post = (p: string, cookie: string, body: FormData) =>
    t.request(p, { method: "POST", body, cookie });
  async function keep(cookie: string, kind: string, file: File) {
    const res = await post("/uploads/pending", cookie, form({ kind, file }));
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; fileName: string; kind: string };
  }
  const pendingRows = () => t.db.selectFrom("pendingUploads").selectAll().execute();

  beforeAll(async () => {
    t = await createTestApi(engine, { config: { rateLimit: false } });
    owner = await createUserWithSession(t.deps);
    other = await createUserWithSession(t.deps, { firstName: "Mallory" });
  });
  afterAll(() => t.close());

  it("keeps a valid file for its user, with its name, and needs a session", async () => {
    const kept = await keep(owner.cookie, "logo", png("my logo.png"));
    expect(kept).toMatchObject({ fileName: "my logo.png", kind: "logo" });
    expect(kept.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const row = (await pendingRows()).find((r) => r.id === kept.id);
    expect(row).toMatchObject({ userId: owner.user.id, kind: "logo" });
    expect(row?.key).toMatch(/^[a-f0-9]+\.webp$/);
    const anon = await t.request("/uploads/pending", {
      method: "POST",
      body: form({ kind: "logo", file: png() }),
    });
    expect(anon.status).toBe(401);
  });

  it("refuses what a save would refuse: a PDF as a logo, a PNG as a brochure, an unknown kind", async () => {
    const before = (await pendingRows()).length;
    const asLogo = await post(
      "/uploads/pending",
      owner.cookie,
      form({ kind: "logo", file: pdf() }),
    );
    expect(asLogo.status).toBe(415);
    const asBrochure = await post(
      "/uploads/pending",
      owner.cookie,
      form({ kind: "brochure", file: png() }),
    );
    expect(asBrochure.status).toBe(415);
    const odd = await post("/uploads/pending", owner.cookie, form({ kind: "x", file: png() }));
    expect(odd.status).toBe(400);
    expect((await pendingRows()).length).toBe(before);
  });

  it("step 1 takes a kept logo in place of the file", async () => {
    const kept = await keep(owner.cookie, "logo", png());
    const n = nextNumber();
    const res = await post(
      `/event/create/${n}/step1`,
      owner.cookie,
      step1({ eventLogoPending: kept.id }),
    );
    expect(res.status).toBe(200);
    const event = (await res.json()) as EventData;
    const row = (await pendingRows()).find((r) => r.id === kept.id)!;
    expect(event.eventLogo).toBe(`/api/v1/files/${row.key}`);
    // Without a file or a kept one the logo is still required.
    const none = await post(`/event/create/${nextNumber()}/step1`, owner.cookie, step1());
    expect((await none.json()).errors.eventLogo).toEqual(["Event Logo is required"]);
  });

  it("a newly picked file replaces the kept one", async () => {
    const kept = await keep(owner.cookie, "logo", png());
    const other = new File([fixture("banner.png")], "banner.png", { type: "image/png" });
    const res = await post(
      `/event/create/${nextNumber()}/step1`,
      owner.cookie,
      step1({ eventLogo: other, eventLogoPending: kept.id }),
    );
    expect(res.status).toBe(200);
    const row = (await pendingRows()).find((r) => r.id === kept.id)!;
    expect(((await res.json()) as EventData).eventLogo).not.toBe(`/api/v1/files/${row.key}`);
  });

  it("refuses another user's id, a wrong kind, an expired one and garbage, and changes nothing", async () => {
    const mine = await keep(owner.cookie, "logo", png());
    const brochure = await keep(owner.cookie, "brochure", pdf());
    const theirs = await keep(other.cookie, "logo", png());
    const cases: [string, string][] = [
      ["another user's", theirs.id],
      ["a brochure as the logo", brochure.id],
      ["garbage", "../../etc/passwd"],
      ["unknown", "AAAAAAAAAAAAAAAAAAAAAA"],
    ];
    for (const [, id] of cases) {
      const n = nextNumber();
      const res = await post(
        `/event/create/${n}/step1`,
        owner.cookie,
        step1({ eventLogoPending: id }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ eventLogo: [PENDING_GONE] });
      const row = await t.db
        .selectFrom("events")
        .select("id")
        .where("eventNumber", "=", n)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
    // Expired: an hour later the id is refused, and the next keep sweeps the row.
    t.clock.advance(PENDING_TTL_MS + 1000);
    try {
      const res = await post(
        `/event/create/${nextNumber()}/step1`,
        owner.cookie,
        step1({ eventLogoPending: mine.id }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ eventLogo: [PENDING_GONE] });
      await keep(owner.cookie, "avatar", png());
      const ids = (await pendingRows()).map((r) => r.id);
      expect(ids).not.toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
    } finally {
      t.clock.advance(-(PENDING_TTL_MS + 1000));
    }
  });

  it("the dates panel takes a kept brochure, refusing a kept logo", async () => {
    const n = nextNumber();
    const logo = await keep(owner.cookie, "logo", png());
    expect(
      (await post(`/event/create/${n}/step1`, owner.cookie, step1({ eventLogoPending: logo.id })))
        .status,
    ).toBe(200);
    const brochure = await keep(owner.cookie, "brochure", pdf());
    const wrong = await post(
      `/event/create/${n}/step3/importantDate`,
      owner.cookie,
      form({ eventBrochurePending: logo.id, version: "1" }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ eventBrochure: [PENDING_GONE] });
    const res = await post(
      `/event/create/${n}/step3/importantDate`,
      owner.cookie,
      form({ eventBrochurePending: brochure.id, eventBrochureTitle: "Rules", version: "1" }),
    );
    expect(res.status).toBe(200);
    const key = (await pendingRows()).find((r) => r.id === brochure.id)!.key;
    expect(((await res.json()) as EventData).eventBrochure).toBe(`/api/v1/files/${key}`);
  });

  it("the banner panel takes a kept banner in place of the required file", async () => {
    const n = nextNumber();
    const logo = await keep(owner.cookie, "logo", png());
    await post(`/event/create/${n}/step1`, owner.cookie, step1({ eventLogoPending: logo.id }));
    const none = await post(`/event/create/${n}/step3/eventBanner`, owner.cookie, form({}));
    expect((await none.json()).errors.eventBanner).toEqual(["Event Banner is Required"]);
    const asLogo = await post(
      `/event/create/${n}/step3/eventBanner`,
      owner.cookie,
      form({ eventBannerPending: logo.id }),
    );
    expect((await asLogo.json()).errors).toEqual({ eventBanner: [PENDING_GONE] });
    const banner = await keep(owner.cookie, "banner", png("banner.png"));
    const res = await post(
      `/event/create/${n}/step3/eventBanner`,
      owner.cookie,
      form({ eventBannerPending: banner.id }),
    );
    expect(res.status).toBe(200);
    const key = (await pendingRows()).find((r) => r.id === banner.id)!.key;
    expect(((await res.json()) as EventData).eventBanner).toBe(`/api/v1/files/${key}`);
  });

  it("the profile takes a kept avatar of its user only", async () => {
    const theirs = await keep(other.cookie, "avatar", png());
    const refused = await post(
      "/user/profile",
      owner.cookie,
      profile({ profileImgPending: theirs.id }),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ profileImg: [PENDING_GONE] });
    const mine = await keep(owner.cookie, "avatar", png("me.png"));
    const res = await post("/user/profile", owner.cookie, profile({ profileImgPending: mine.id }));
    expect(res.status).toBe(200);
    const key = (await pendingRows()).find((r) => r.id === mine.id)!.key;
    expect((await res.json()).profileImg).toBe(`/api/v1/files/${key}`);
  });

  it("keeps at most an hour's allowance of files per user", async () => {
    const limited = await createTestApi(engine);
    try {
      const who = await createUserWithSession(limited.deps);
      const keepOne = () =>
        limited.request("/uploads/pending", {
          method: "POST",
          body: form({ kind: "brochure", file: pdf() }),
          cookie: who.cookie,
        });
      for (let i = 0; i < PENDING_RATE_LIMIT.limit; i++) expect((await keepOne()).status).toBe(201);
      expect((await keepOne()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
