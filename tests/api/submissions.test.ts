import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventRow } from "#server/db/schema";
import { createTestApi, engines, outbox, type TestApi } from "#tests/helpers/api";
import { insertEvent, insertRegistration } from "#tests/helpers/events";
import { storedRound } from "#tests/helpers/rounds";
import { FILES, submissionForm } from "#tests/helpers/submissions";
import { addToTeam } from "#tests/helpers/team";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * SPEC-3 §2's submission calls: GET and POST /submission, the organiser's list and ZIP, files
 * served only to those allowed, the one submission per registration and round under parallel saves.
 * Rounds: 0 a submission round open now, 1 one that requires a file and a link, 2 offline,
 * 3 a submission round that closed.
 */
const NOW = new Date("2026-11-21T06:30:00.000Z");
type Who = { cookie: string; user: { id: string } };

describe.each(engines)("submissions on %s", (engine) => {
  let t: TestApi;
  let event: EventRow;
  let owner: Who;
  let [m1, m2, n1, n2, stranger]: Who[] = [];
  let n: string;

  async function call(who: Who | null, path: string, body?: FormData | object) {
    const init =
      body instanceof FormData
        ? { method: "POST", body }
        : body
          ? { method: "POST", json: body }
          : { method: "GET" };
    const res = await t.request(`/event/${n}${path}`, { ...init, cookie: who?.cookie });
    const type = res.headers.get("content-type") ?? "";
    return {
      status: res.status,
      headers: res.headers,
      body: type.includes("json") ? await res.json() : new Uint8Array(await res.arrayBuffer()),
    };
  }
  const GOOD = { title: "Smart bins", description: "Bins that tell when they are full." };

  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW.toISOString(), config: { rateLimit: false } });
    owner = await createUserWithSession(t.deps, { firstName: "Olga", lastName: "Owner" });
    event = await insertEvent(t.deps, owner.user.id, {
      participationType: "team",
      minTeam: 2,
      maxTeam: 3,
      rounds: JSON.stringify([
        storedRound(NOW, "open", { kind: "submission" }),
        storedRound(NOW, "strict", { kind: "submission", requireFile: true, requireLink: true }),
        storedRound(NOW, "offline"),
        storedRound(NOW, "closed", { kind: "submission", hours: -50, length: 2 }),
      ]),
    });
    n = event.eventNumber;
    [m1, m2, n1, n2, stranger] = await Promise.all(
      ["Meera", "Mohan", "Nina", "Neel", "Sam"].map((firstName) =>
        createUserWithSession(t.deps, { firstName, lastName: "Rao" }),
      ),
    );
    await insertRegistration(t.deps, event, [m1.user.id, m2.user.id]);
    await insertRegistration(t.deps, event, [n1.user.id, n2.user.id]);
    for (const [leader, teamName] of [
      [m1, "Team Meera"],
      [n1, "Team Nina"],
    ] as const)
      await t.db
        .updateTable("registrations")
        .set({ teamName })
        .where("leaderId", "=", leader.user.id)
        .execute();
  });
  afterAll(() => t.close());

  it("GET answers whether the caller may submit now, and why not", async () => {
    expect((await call(m1, "/rounds/0/submission")).body).toEqual({
      open: true,
      reason: null,
      message: null,
      submission: null,
    });
    expect((await call(stranger, "/rounds/0/submission")).body).toEqual({
      open: false,
      reason: "not-registered",
      message: "Only registered participants can take part",
      submission: null,
    });
    expect((await call(m1, "/rounds/3/submission")).body).toMatchObject({
      open: false,
      reason: "closed",
      message: "This round is closed",
    });
    // A team one short of its minimum hears how many more it needs, as a save would answer.
    const alone = await createUserWithSession(t.deps, { firstName: "Alone" });
    await insertRegistration(t.deps, event, [alone.user.id], "team");
    expect((await call(alone, "/rounds/0/submission")).body).toMatchObject({
      open: false,
      reason: "incomplete-team",
      message: "Your team needs 1 more to take part",
    });
    expect(await call(alone, "/rounds/0/submission", GOOD)).toMatchObject({
      status: 409,
      body: { message: "Your team needs 1 more to take part" },
    });
    expect((await call(null, "/rounds/0/submission")).status).toBe(401);
  });

  it("refuses with the exact messages: not registered, closed, another kind, an unknown round", async () => {
    expect(await call(stranger, "/rounds/0/submission", GOOD)).toMatchObject({
      status: 403,
      body: { message: "Only registered participants can take part" },
    });
    expect(await call(m1, "/rounds/3/submission", GOOD)).toMatchObject({
      status: 409,
      body: { message: "This round is closed" },
    });
    expect(await call(m1, "/rounds/2/submission", GOOD)).toMatchObject({
      status: 409,
      body: { message: "This round does not take submissions" },
    });
    expect((await call(m1, "/rounds/9/submission", GOOD)).status).toBe(404);
  });

  it("validates every field with SPEC-3's messages", async () => {
    const empty = await call(m1, "/rounds/1/submission", {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      title: ["Title is required"],
      description: ["Description is required"],
      links: ["A link is required"],
      file: ["A file is required"],
    });
    const short = await call(m1, "/rounds/0/submission", {
      title: "ab",
      description: "too short",
      links: ["ftp://example.com/x"],
    });
    expect(short.body.errors).toEqual({
      title: ["Minimum 3 characters required"],
      description: ["Minimum 10 characters required"],
      links: ["Invalid link"],
    });
    const long = await call(m1, "/rounds/0/submission", {
      title: "x".repeat(101),
      description: "y".repeat(5001),
      links: ["https://a.example", "https://b.example", "https://c.example", "https://d.example"],
    });
    expect(long.body.errors).toEqual({
      title: ["Maximum 100 characters"],
      description: ["Maximum 5000 characters"],
      links: ["At most 3 links"],
    });
    for (const [name, bytes] of [
      ["idea.docx", FILES.docx()],
      ["idea.png", FILES.png()],
    ] as const) {
      const wrong = await call(
        m1,
        "/rounds/0/submission",
        submissionForm(GOOD, [], { bytes, name: name.replace(/\.\w+$/, ".pdf") }),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ file: ["Only PDF, PPTX or ZIP files"] });
    }
    const big = await call(
      m1,
      "/rounds/0/submission",
      submissionForm(GOOD, [], { bytes: new Uint8Array(10_485_761), name: "big.pdf" }),
    );
    expect(big.body.message).toBe("File size should not exceed 10MB");
    expect((await call(m1, "/rounds/0/submission")).body.submission).toBeNull();
  });

  it("saves: 201 first, then 200; the last save wins, version counts them; the first mails every member", async () => {
    const before = (await outbox(t.db)).length;
    const first = await call(m1, "/rounds/0/submission", {
      ...GOOD,
      links: ["https://bins.example"],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      registrationId: expect.any(String),
      name: "Team Meera",
      ...GOOD,
      links: ["https://bins.example"],
      file: null,
      version: 1,
      submittedAt: NOW.toISOString(),
      updatedBy: { firstName: "Meera", lastName: "Rao" },
    });
    const second = await call(
      m2,
      "/rounds/0/submission",
      submissionForm({ title: "Smarter bins", description: GOOD.description }, [
        "https://a.example",
        "http://b.example/x",
      ]),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({
      _id: first.body._id,
      title: "Smarter bins",
      links: ["https://a.example", "http://b.example/x"],
      version: 2,
      updatedBy: { firstName: "Mohan", lastName: "Rao" },
    });
    const mails = (await outbox(t.db)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      "Submission received: Smart bins",
      "Submission received: Smart bins",
    ]);
    expect(new Set(mails.map((m) => m.to))).toEqual(
      new Set([`user.${m1.user.id}@example.com`, `user.${m2.user.id}@example.com`]),
    );
    expect((await call(m2, "/rounds/0/submission")).body.submission).toEqual(second.body);
  });

  it("keeps one submission whose version counts every parallel save, on this engine too", async () => {
    t.clock.set(new Date(NOW.getTime() + 60_000).toISOString());
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(i % 2 ? n1 : n2, "/rounds/0/submission", {
          title: `Parallel ${i}`,
          description: "Saved at the same moment by two members.",
        }),
      ),
    );
    expect(saves.map((s) => s.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await t.db
      .selectFrom("submissions")
      .selectAll()
      .where("eventId", "=", event.id)
      .where("registrationId", "=", saves[0]!.body.registrationId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.version).toBe(6);
    const mails = (await outbox(t.db)).filter((m) =>
      m.subject.startsWith("Submission received: Parallel"),
    );
    expect(mails).toHaveLength(2);
  });

  it("keeps the file unless a new one comes or removeFile; serves it only to those allowed", async () => {
    const pdf = FILES.pdf();
    const withFile = await call(
      m1,
      "/rounds/1/submission",
      submissionForm(GOOD, ["https://bins.example"], { bytes: pdf, name: "deck.pdf" }),
    );
    expect(withFile.status, JSON.stringify(withFile.body)).toBe(201);
    const file = withFile.body.file;
    expect(file).toEqual({
      name: "deck.pdf",
      size: pdf.byteLength,
      url: `/api/v1/event/${n}/rounds/1/submissions/${withFile.body._id}/file`,
    });
    // Saved again without a file: it stays (and satisfies the round's requirement).
    const again = await call(m2, "/rounds/1/submission", { ...GOOD, links: ["https://x.example"] });
    expect(again.status).toBe(200);
    expect(again.body.file).toEqual(file);

    const path = file.url.replace(`/api/v1/event/${n}`, "");
    const admin = await addToTeam(t.deps, event.id, "admin");
    const judge = await addToTeam(t.deps, event.id, "judge");
    for (const who of [m1, m2, owner, admin]) {
      const res = await call(who, path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(Buffer.from(res.body).equals(Buffer.from(pdf))).toBe(true);
    }
    for (const who of [n1, stranger, judge, null]) expect((await call(who, path)).status).toBe(404);
    const key = (
      await t.db
        .selectFrom("submissions")
        .select("fileKey")
        .where("id", "=", withFile.body._id)
        .executeTakeFirstOrThrow()
    ).fileKey;
    expect((await t.request(`/files/${key}`, { cookie: m1.cookie })).status).toBe(404);

    // The round requires a file: removing it alone is refused; a new file replaces it.
    const removed = await call(m1, "/rounds/1/submission", {
      ...GOOD,
      links: ["https://x.example"],
      removeFile: true,
    });
    expect(removed.body.errors).toEqual({ file: ["A file is required"] });
    const pptx = await call(
      m1,
      "/rounds/1/submission",
      submissionForm(GOOD, ["https://x.example"], { bytes: FILES.pptx(), name: "deck.pptx" }),
    );
    expect(pptx.body.file.name).toBe("deck.pptx");
    const zip = await call(
      m1,
      "/rounds/0/submission",
      submissionForm(GOOD, [], { bytes: FILES.zip(), name: "code.zip" }),
    );
    expect(zip.body.file.name).toBe("code.zip");
    const gone = await call(m1, "/rounds/0/submission", { ...GOOD, removeFile: true });
    expect(gone.body.file).toBeNull();
  });

  it("takes a kept file (a pending upload of kind submission) in place of a picked one", async () => {
    const form = new FormData();
    form.append("kind", "submission");
    form.append("file", new File([FILES.zip("kept") as Uint8Array<ArrayBuffer>], "kept.zip"));
    const kept = await t.request("/uploads/pending", {
      method: "POST",
      body: form,
      cookie: n1.cookie,
    });
    expect(kept.status).toBe(201);
    const { id } = await kept.json();
    const res = await call(n1, "/rounds/1/submission", {
      ...GOOD,
      links: ["https://n.example"],
      filePending: id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.file).toMatchObject({ name: "kept.zip" });
    expect(
      (
        await call(m1, "/rounds/1/submission", {
          ...GOOD,
          links: ["https://n.example"],
          filePending: id,
        })
      ).body.errors,
    ).toEqual({
      file: ["The kept file is no longer available. Please choose the file again."],
    });
  });

  it("lists a round's submissions to the owner and admins, with a search", async () => {
    const all = await call(owner, "/rounds/0/submissions");
    expect(all.status).toBe(200);
    expect(all.body.map((s: { name: string }) => s.name)).toEqual(["Team Meera", "Team Nina"]);
    const byTeam = await call(owner, "/rounds/0/submissions?q=nina");
    expect(byTeam.body.map((s: { name: string }) => s.name)).toEqual(["Team Nina"]);
    const byTitle = await call(owner, "/rounds/0/submissions?q=SMART");
    expect(byTitle.body.map((s: { name: string }) => s.name)).toEqual(["Team Meera"]);
    expect((await call(owner, "/rounds/0/submissions?q=50%25")).body).toEqual([]);
    const volunteer = await addToTeam(t.deps, event.id, "volunteer");
    for (const who of [m1, volunteer])
      expect((await call(who, "/rounds/0/submissions")).status).toBe(403);
    expect((await call(owner, "/rounds/2/submissions")).status).toBe(409);
  });

  it("streams the ZIP: submissions.csv guarded against formulas, and a folder per submission with its file", async () => {
    const pdf = FILES.pdf();
    await call(
      n2,
      "/rounds/0/submission",
      submissionForm(
        { title: '=HYPERLINK("http://evil.example")', description: GOOD.description },
        ["https://n.example"],
        { bytes: pdf, name: "nina.pdf" },
      ),
    );
    const res = await call(owner, "/rounds/0/submissions.zip");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="utsav-${n}-round-1-submissions.zip"`,
    );
    const files = unzipSync(res.body as Uint8Array);
    const csv = strFromU8(files["submissions.csv"]!);
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe(
      "Name,Title,Description,Links,File,Submitted at (UTC),Updated at (UTC),Version",
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(
      `Team Nina,"'=HYPERLINK(""http://evil.example"")",${GOOD.description},https://n.example,nina.pdf,`,
    );
    expect(Object.keys(files).sort()).toEqual([
      "001 Team Meera/",
      "002 Team Nina/nina.pdf",
      "submissions.csv",
    ]);
    expect(Buffer.from(files["002 Team Nina/nina.pdf"]!).equals(Buffer.from(pdf))).toBe(true);
    expect((await call(m1, "/rounds/0/submissions.zip")).status).toBe(403);
  });

  it("/my/registrations says, per open submission round, whether the registration submitted", async () => {
    const [p1, p2] = await Promise.all(
      ["Pia", "Pat"].map((firstName) => createUserWithSession(t.deps, { firstName })),
    );
    await insertRegistration(t.deps, event, [p1!.user.id, p2!.user.id]);
    const rounds = async (who: Who) => {
      const res = await t.request("/my/registrations", { cookie: who.cookie });
      const items = await res.json();
      return items.find((x: { event: { eventNumber: string } }) => x.event.eventNumber === n)
        .submissionRounds;
    };
    expect(await rounds(m1)).toEqual([
      { index: 0, title: "Round open", submitted: true },
      { index: 1, title: "Round strict", submitted: true },
    ]);
    expect(await rounds(p1!)).toEqual([
      { index: 0, title: "Round open", submitted: false },
      { index: 1, title: "Round strict", submitted: false },
    ]);
  });
});
