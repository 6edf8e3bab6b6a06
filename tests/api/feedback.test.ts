import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedbackSchema } from "#server/contracts/feedback";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";

describe("feedbackSchema", () => {
  it("needs a message and takes an optional rating from 1 to 5", () => {
    expect(feedbackSchema.safeParse({ message: "  " }).error?.issues[0]?.message).toBe(
      "Message is required",
    );
    expect(feedbackSchema.safeParse({}).error?.issues[0]?.message).toBe("Message is required");
    expect(feedbackSchema.parse({ message: " Great ", rating: "" })).toEqual({ message: "Great" });
    expect(feedbackSchema.parse({ message: "ok", rating: "4" })).toEqual({
      message: "ok",
      rating: 4,
    });
    expect(feedbackSchema.safeParse({ message: "ok", rating: 6 }).error?.issues[0]?.message).toBe(
      "Rating must be from 1 to 5",
    );
    expect(feedbackSchema.safeParse({ message: "ok", rating: "x" }).success).toBe(false);
    expect(feedbackSchema.safeParse({ message: "a".repeat(2001) }).success).toBe(false);
  });
});

describe.each(engines)("POST /feedback on %s", (engine) => {
  let t: TestApi;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApi(engine);
    const u = await createUserWithSession(t.deps);
    cookie = u.cookie;
    userId = u.user.id;
  });
  afterAll(() => t.close());

  it("answers 401 without a session and stores nothing", async () => {
    const res = await t.request("/feedback", { json: { message: "hi" } });
    expect(res.status).toBe(401);
    expect(await t.db.selectFrom("feedback").selectAll().execute()).toEqual([]);
  });

  it("refuses an empty message with the field's error and stores nothing", async () => {
    const res = await t.request("/feedback", { json: { message: "", rating: 3 }, cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Message is required",
      errors: { message: ["Message is required"] },
    });
    expect(await t.db.selectFrom("feedback").selectAll().execute()).toEqual([]);
  });

  it("stores a JSON message with its rating, for the signed-in user", async () => {
    const res = await t.request("/feedback", {
      json: { message: "Search is quick", rating: 5 },
      cookie,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ message: "Thank you for your feedback" });
    const rows = await t.db.selectFrom("feedback").selectAll().execute();
    expect(rows).toMatchObject([{ userId, message: "Search is quick", rating: 5 }]);
  });

  it("stores a form-encoded message without a rating", async () => {
    const res = await t.request("/feedback", {
      method: "POST",
      body: new URLSearchParams({ message: "No rating from me", rating: "" }),
      cookie,
    });
    expect(res.status).toBe(201);
    const row = await t.db
      .selectFrom("feedback")
      .selectAll()
      .where("message", "=", "No rating from me")
      .executeTakeFirst();
    expect(row?.rating).toBeNull();
  });

  it("takes NUL characters out of a message sent as a form, multipart or JSON (PostgreSQL cannot store them)", async () => {
    const form = new FormData();
    form.append("message", "Multipart\u0000 works");
    const sent = [
      { method: "POST", body: new URLSearchParams({ message: "Form\u0000 works" }) },
      { method: "POST", body: form },
      { json: { message: "JSON\u0000 works", rating: 4 } },
    ];
    for (const init of sent) {
      const res = await t.request("/feedback", { ...init, cookie });
      expect(res.status).toBe(201);
    }
    const rows = await t.db
      .selectFrom("feedback")
      .select("message")
      .where("message", "like", "% works")
      .orderBy("message")
      .execute();
    expect(rows.map((r) => r.message)).toEqual(["Form works", "JSON works", "Multipart works"]);
    // Only NULs: nothing is left, so the message is missing.
    const empty = await t.request("/feedback", { json: { message: "\u0000\u0000" }, cookie });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: "Message is required" });
  });

  it("answers 400 for a malformed JSON body", async () => {
    const res = await t.request("/feedback", {
      method: "POST",
      body: "{nope",
      headers: { "Content-Type": "application/json" },
      cookie,
    });
    expect(res.status).toBe(400);
  });
});
