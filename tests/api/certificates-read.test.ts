import jsQR from "jsqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Certificate } from "#server/contracts/certificate";
import { certificatePdfsSettled } from "#server/services/certificates/certificate-pdf";
import { insertCertificate, insertEvent } from "#tests/helpers/certificates";
import { APP_URL, createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { pdfFontNames, pdfUnicodeCodePoints, qrBitmap } from "#tests/helpers/pdf";
import { createUserWithSession } from "#tests/helpers/users";

/** SPEC-2 §5: the certificate object, revoking, /my/certificates, the JSON and the PDF. */
describe.each(engines)("certificates: reading and revoking (%s)", (engine) => {
  let t: TestApi;
  let organiser: { id: string; cookie: string };
  let student: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let event: { id: number; eventNumber: string };
  let merit: { id: string };
  let participation: { id: string };

  beforeAll(async () => {
    t = await createTestApi(engine);
    const o = await createUserWithSession(t.deps, { firstName: "Org" });
    const s = await createUserWithSession(t.deps, { firstName: "आशा", lastName: "Verma" });
    const x = await createUserWithSession(t.deps, { firstName: "Other" });
    organiser = { id: o.user.id, cookie: o.cookie };
    student = { id: s.user.id, cookie: s.cookie };
    other = { id: x.user.id, cookie: x.cookie };
    event = await insertEvent(t.deps, organiser.id, { eventNumber: "41001" });
    const base = { eventId: event.id, eventNumber: "41001", userId: student.id };
    participation = await insertCertificate(t.deps, {
      ...base,
      recipientName: "आशा Verma",
      issuedAt: "2026-11-20T06:30:00.000Z",
    });
    merit = await insertCertificate(t.deps, {
      ...base,
      kind: "merit",
      rank: 2,
      recipientName: "आशा Verma",
      issuedAt: "2026-11-21T06:30:00.000Z",
    });
  });
  afterAll(async () => {
    await certificatePdfsSettled();
    await t.close();
  });

  it("GET /certificates/{id} answers the certificate object, to anyone", async () => {
    const res = await t.request(`/certificates/${merit.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      _id: merit.id,
      kind: "merit",
      rank: 2,
      rankLabel: "First Runner Up",
      recipientName: "आशा Verma",
      eventName: "HackIndia 2026",
      eventNumber: "41001",
      organisationName: "IIT Delhi Coding Club",
      issuedAt: "2026-11-21T06:30:00.000Z",
      revoked: false,
      // SPEC-4 §5: the holder's public profile, when they have turned it on (not here).
      profile: null,
    } satisfies Certificate);
    const p = (await (await t.request(`/certificates/${participation.id}`)).json()) as Certificate;
    expect(p).toMatchObject({ kind: "participation", rank: null, rankLabel: null });
  });

  it("ids are 128-bit random and URL-safe; unknown and malformed ids are 404", async () => {
    expect(merit.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(merit.id, "base64url")).toHaveLength(16);
    expect(merit.id).not.toBe(participation.id);
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "short", `${merit.id}x`, "..%2F..%2Fetc"]) {
      const res = await t.request(`/certificates/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Certificate not found" });
      expect((await t.request(`/certificates/${id}.pdf`)).status).toBe(404);
    }
  });

  it("GET /my/certificates: 401 signed out; the caller's own, newest first", async () => {
    expect((await t.request("/my/certificates")).status).toBe(401);
    const mine = (await (
      await t.request("/my/certificates", { cookie: student.cookie })
    ).json()) as Certificate[];
    expect(mine.map((c) => c._id)).toEqual([merit.id, participation.id]);
    const theirs = await t.request("/my/certificates", { cookie: other.cookie });
    expect(await theirs.json()).toEqual([]);
  });

  it("GET /certificates/{id}.pdf: an A4 landscape PDF with both scripts' fonts and a QR of the verification page", async () => {
    const res = await t.request(`/certificates/${merit.id}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = new Uint8Array(await res.arrayBuffer());
    const text = Buffer.from(pdf).toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect(pdfFontNames(pdf)).toEqual(
      expect.arrayContaining(["NotoSans-Bold", "NotoSansDevanagari-Bold"]),
    );
    // Every character of the name, the event, the organisation and the rank label is a real glyph
    // that text extraction maps back.
    const points = pdfUnicodeCodePoints(pdf);
    for (const s of ["आशा Verma", "HackIndia 2026", "IIT Delhi Coding Club", "First Runner Up"])
      for (const ch of s.replace(/\s/g, "")) expect(points).toContain(ch.codePointAt(0));
    const { data, width, height } = qrBitmap(pdf);
    expect(jsQR(data, width, height)?.data).toBe(`${APP_URL}/certificate/${merit.id}`);
  });

  it("the PDF is made once and kept in storage", async () => {
    const row = await t.db
      .selectFrom("certificates")
      .select("pdfKey")
      .where("id", "=", merit.id)
      .executeTakeFirstOrThrow();
    expect(row.pdfKey).toMatch(/\.pdf$/);
    expect(await t.storage.exists(row.pdfKey!)).toBe(true);
    const again = await t.request(`/certificates/${merit.id}.pdf`);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(
      Buffer.from((await t.storage.get(row.pdfKey!))!),
    );
  });

  it("revoke: 401 signed out, 403 for others, 404 for an id of another event", async () => {
    const path = `/event/41001/certificates/${participation.id}/revoke`;
    expect((await t.request(path, { method: "POST" })).status).toBe(401);
    expect((await t.request(path, { method: "POST", cookie: other.cookie })).status).toBe(403);
    expect((await t.request(path, { method: "POST", cookie: student.cookie })).status).toBe(403);
    const elsewhere = await insertEvent(t.deps, organiser.id, { eventNumber: "41002" });
    const wrong = `/event/${elsewhere.eventNumber}/certificates/${participation.id}/revoke`;
    expect((await t.request(wrong, { method: "POST", cookie: organiser.cookie })).status).toBe(404);
    expect(
      (
        await t.request("/event/99999/certificates/x/revoke", {
          method: "POST",
          cookie: organiser.cookie,
        })
      ).status,
    ).toBe(404);
    const json = (await (
      await t.request(`/certificates/${participation.id}`)
    ).json()) as Certificate;
    expect(json.revoked).toBe(false);
  });

  it("revoke: the creator revokes; the certificate says so everywhere and its PDF is gone (410)", async () => {
    const path = `/event/41001/certificates/${participation.id}/revoke`;
    const res = await t.request(path, { method: "POST", cookie: organiser.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: participation.id, revoked: true });
    // Again: still 200, still revoked.
    expect((await t.request(path, { method: "POST", cookie: organiser.cookie })).status).toBe(200);
    const json = (await (
      await t.request(`/certificates/${participation.id}`)
    ).json()) as Certificate;
    expect(json.revoked).toBe(true);
    const mine = (await (
      await t.request("/my/certificates", { cookie: student.cookie })
    ).json()) as Certificate[];
    expect(mine.find((c) => c._id === participation.id)?.revoked).toBe(true);
    const pdf = await t.request(`/certificates/${participation.id}.pdf`);
    expect(pdf.status).toBe(410);
    expect(await pdf.json()).toEqual({ message: "This certificate was revoked" });
  });

  it("GET /event/{n}/certificates lists an event's certificates for its creator only", async () => {
    expect((await t.request("/event/41001/certificates")).status).toBe(401);
    expect((await t.request("/event/41001/certificates", { cookie: other.cookie })).status).toBe(
      403,
    );
    const list = (await (
      await t.request("/event/41001/certificates", { cookie: organiser.cookie })
    ).json()) as Certificate[];
    expect(list.map((c) => [c.kind, c.revoked])).toEqual([
      ["merit", false],
      ["participation", true],
    ]);
  });
});
