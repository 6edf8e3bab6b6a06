import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserRow } from "#server/db/schema";
import { runOneJob } from "#server/jobs/jobs";
import { jobHandlers } from "#server/jobs/handlers";
import {
  DIGEST_JOB,
  digestMoment,
  scheduleDigests,
  sendDigest,
} from "#server/services/orgs/digest";
import { createTestApi, engines, linksIn, outbox, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { as } from "#tests/helpers/registration";
import { PROFILE } from "#tests/helpers/profile";
import { createUserWithSession } from "#tests/helpers/users";

type Person = { user: UserRow; cookie: string };
const DAY = "2026-11-21";
const HOUR = 3_600_000;

/** SPEC-4 §4: the followers' daily digest at DIGEST_TIME (18:00 India time by default). */
describe.each(engines)("followers' digest (%s)", (engine) => {
  let t: TestApi;
  let owner: Person;
  const fans: Record<string, Person> = {};
  const orgIds: Record<string, number> = {};
  // 18:00 India time on DAY is 12:30 UTC.
  const moment = digestMoment(DAY, "18:00");

  beforeAll(async () => {
    t = await createTestApi(engine, { now: "2026-11-21T06:30:00.000Z" });
    owner = await createUserWithSession(t.deps, { firstName: "Orla" });
    for (const [handle, name] of [
      ["robotics", "Robotics Club"],
      ["dramatics", "Dramatics Society"],
      ["quiet", "Quiet Club"],
    ]) {
      const res = await as(t, owner.cookie).post("/orgs", {
        handle,
        name,
        college: "IIT Delhi",
        city: "New Delhi",
      });
      expect(res.status).toBe(201);
      const row = await t.db
        .selectFrom("organisations")
        .select("id")
        .where("handle", "=", handle)
        .executeTakeFirstOrThrow();
      orgIds[handle] = row.id;
    }
    const follows: Record<string, string[]> = {
      one: ["robotics"],
      both: ["robotics", "dramatics"],
      off: ["robotics"],
      drama: ["dramatics"],
      quiet: ["quiet"],
    };
    for (const [name, handles] of Object.entries(follows)) {
      fans[name] = await createUserWithSession(t.deps, {
        firstName: name,
        email: `${name}@example.com`,
      });
      for (const h of handles)
        expect((await as(t, fans[name]!.cookie).post(`/org/${h}/follow`)).status).toBe(200);
    }
    // 'E-mails from organisations I follow' off, through the profile API.
    await t.db
      .updateTable("users")
      .set({ emailFollowing: 0 })
      .where("id", "=", fans.off!.user.id)
      .execute();
    const at = (ms: number) => new Date(moment.getTime() + ms).toISOString();
    const publish = (n: string, org: string | null, publishedAt: string, status = "active") =>
      insertEvent(t.deps, owner.user.id, {
        eventNumber: n,
        eventName: `Event ${n}`,
        orgId: org ? orgIds[org]! : null,
        publishedAt,
        status: status as "active",
      });
    await publish("64001", "robotics", at(-2 * HOUR));
    await publish("64002", "robotics", at(-20 * HOUR));
    await publish("64003", "dramatics", at(-5 * HOUR));
    await publish("64004", "robotics", at(-25 * HOUR)); // the day before: not listed
    await publish("64005", "robotics", at(10 * 60_000)); // after the moment: tomorrow's
    await publish("64006", "quiet", at(-3 * HOUR), "draft"); // not published
    await publish("64007", null, at(-1 * HOUR)); // no organisation
  });
  afterAll(() => t.close());

  const digests = async () =>
    (await outbox(t.db)).filter((m) => /^New events from/.test(m.subject));

  it("one mail per follower with emailFollowing on, listing the past day's events of the organisations they follow", async () => {
    t.clock.set(moment.toISOString());
    expect(await sendDigest(t.deps, DAY)).toBe(3);
    const mails = await digests();
    const byTo = Object.fromEntries(mails.map((m) => [m.to, m]));
    expect(Object.keys(byTo).sort()).toEqual([
      "both@example.com",
      "drama@example.com",
      "one@example.com",
    ]);
    expect(byTo["one@example.com"]!.subject).toBe("New events from Robotics Club");
    expect(byTo["drama@example.com"]!.subject).toBe("New events from Dramatics Society");
    expect(byTo["both@example.com"]!.subject).toBe("New events from clubs you follow");
    const text = byTo["both@example.com"]!.text;
    for (const n of ["64001", "64002", "64003"]) expect(text).toContain(`/event/${n}`);
    for (const n of ["64004", "64005", "64006", "64007"]) expect(text).not.toContain(n);
    expect(byTo["one@example.com"]!.text).not.toContain("64003");
    expect(JSON.parse(byTo["one@example.com"]!.headers!)).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("exactly once per person and day: again, and several at once, queue nothing more", async () => {
    expect(await sendDigest(t.deps, DAY)).toBe(0);
    const again = await Promise.all([1, 2, 3].map(() => sendDigest(t.deps, DAY)));
    expect(again).toEqual([0, 0, 0]);
    expect(await digests()).toHaveLength(3);
    // The next day, three runs at once: each follower of Robotics once (64005), nobody else.
    const next = "2026-11-22";
    t.clock.set(digestMoment(next, "18:00").toISOString());
    const runs = await Promise.all([1, 2, 3].map(() => sendDigest(t.deps, next)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    const day2 = (await digests()).slice(3);
    expect(day2.map((m) => m.to).sort()).toEqual(["both@example.com", "one@example.com"]);
    expect(day2[0]!.subject).toBe("New events from Robotics Club");
  });

  it("a day with nothing new sends nothing", async () => {
    const quiet = "2026-11-25";
    t.clock.set(digestMoment(quiet, "18:00").toISOString());
    expect(await sendDigest(t.deps, quiet)).toBe(0);
  });

  it("the unsubscribe link turns emailFollowing off; the profile API turns it back on", async () => {
    const mail = (await digests()).find((m) => m.to === "one@example.com")!;
    const link = linksIn(mail.text).find((l) => l.includes("/unsubscribe/"))!;
    expect(link).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]{43}\?list=following$/);
    const token = link.split("/unsubscribe/")[1]!.split("?")[0]!;
    const res = await t.request(`/user/unsubscribe/${token}/following`, { method: "POST" });
    expect(await res.json()).toEqual({
      message: "You will no longer receive e-mails from organisations you follow.",
    });
    const me = await (await as(t, fans.one!.cookie).get("/user/profile")).json();
    expect(me.emailFollowing).toBe(false);
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...PROFILE, emailFollowing: "true" })) form.append(k, v);
    const on = await t.request("/user/profile", {
      method: "POST",
      body: form,
      cookie: fans.one!.cookie,
    });
    expect(on.status).toBe(200);
    expect((await (await as(t, fans.one!.cookie).get("/user/profile")).json()).emailFollowing).toBe(
      true,
    );
    expect((await t.request("/user/unsubscribe/nope/following", { method: "POST" })).status).toBe(
      404,
    );
  });

  it("scheduling: today's digest unless its moment plus grace passed (never late), and tomorrow's", async () => {
    await t.db.deleteFrom("jobs").where("kind", "=", DIGEST_JOB).execute();
    const keys = async () =>
      (
        await t.db
          .selectFrom("jobs")
          .select(["key", "nextAttemptAt"])
          .where("kind", "=", DIGEST_JOB)
          .orderBy("key")
          .execute()
      ).map((j) => j.key);
    // 17:00 India time on 2026-11-26: today's and tomorrow's.
    t.clock.set("2026-11-26T11:30:00.000Z");
    await scheduleDigests(t.deps);
    await scheduleDigests(t.deps); // a second process: nothing more
    expect(await keys()).toEqual(["orgs-digest:2026-11-26", "orgs-digest:2026-11-27"]);
    // The server was down from before 18:00 until 21:00: that day is skipped, not sent late.
    await t.db.deleteFrom("jobs").where("kind", "=", DIGEST_JOB).execute();
    t.clock.set("2026-11-27T15:30:00.000Z");
    await scheduleDigests(t.deps);
    expect(await keys()).toEqual(["orgs-digest:2026-11-28"]);
    // A job found due only past its grace is skipped by the worker; one on time runs and
    // schedules the next day's.
    await t.db.deleteFrom("jobs").where("kind", "=", DIGEST_JOB).execute();
    t.clock.set("2026-11-26T11:30:00.000Z");
    await scheduleDigests(t.deps);
    t.clock.set("2026-11-26T15:00:00.000Z");
    const handlers = jobHandlers(t.deps);
    while (await runOneJob(t.db, t.clock, handlers));
    const rows = await t.db
      .selectFrom("jobs")
      .select(["key", "doneAt", "lastError"])
      .where("kind", "=", DIGEST_JOB)
      .orderBy("key")
      .execute();
    expect(rows[0]).toMatchObject({ key: "orgs-digest:2026-11-26" });
    expect(rows[0]!.lastError).toMatch(/skipped/);
    t.clock.set("2026-11-27T12:31:00.000Z");
    while (await runOneJob(t.db, t.clock, handlers));
    expect(await keys()).toEqual([
      "orgs-digest:2026-11-26",
      "orgs-digest:2026-11-27",
      "orgs-digest:2026-11-28",
    ]);
  });
});
