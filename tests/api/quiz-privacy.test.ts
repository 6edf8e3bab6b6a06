import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { MINUTE, quizEvent, registered, start } from "#tests/helpers/quiz";
import { as } from "#tests/helpers/registration";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * SPEC-3 §4: no response to a participant holds a question's correct answer or tolerance, or
 * anyone else's answers, before the round's end. Every response a participant gets on the way
 * (status, start, every answer, submit, resuming, the result before the end, refusals) is kept
 * and scanned.
 */
describe.each(engines)("quiz privacy on %s", (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi(engine);
  });
  afterAll(() => t.close());

  /** Every key anywhere in a JSON value, with the value of each `answers` object. */
  function walk(value: unknown, keys: Set<string>, answers: unknown[]) {
    if (Array.isArray(value)) for (const v of value) walk(v, keys, answers);
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        // A refusal's field errors name fields (`answer`), not values: their messages are scanned as text.
        if (k === "errors") continue;
        keys.add(k);
        if (k === "answers") answers.push(v);
        else walk(v, keys, answers);
      }
    }
  }

  it("scans every participant response: no correct answer, no tolerance, no one else's answers", async () => {
    const w = await quizEvent(t);
    const [me, other] = await registered(t, w, 2);
    const seen: { call: string; status: number; text: string }[] = [];
    const call = async (name: string, res: Promise<Response>) => {
      const r = await res;
      seen.push({ call: name, status: r.status, text: await r.text() });
      return JSON.parse(seen.at(-1)!.text);
    };
    const mine = (path: string, body?: unknown) =>
      body === undefined
        ? as(t, me.cookie).get(`${w.path}${path}`)
        : as(t, me.cookie).post(`${w.path}${path}`, body);

    await call("status before", mine("/status"));
    await call("start too early", mine("/start", {}));
    t.clock.set(iso(w.roundStart + MINUTE));
    // The other person answers first, with values that must never reach me.
    const theirs = await start(t, w, other);
    const otherPune = theirs.questions
      .find((q) => q._id === "qs")!
      .options.find((o) => o.text === "Pune")!._id;
    await as(t, other.cookie).post(`${w.path}/answer`, { questionId: "qn", answer: 7.77777 });
    await as(t, other.cookie).post(`${w.path}/answer`, { questionId: "qz", answer: 123456.5 });
    await as(t, other.cookie).post(`${w.path}/answer`, { questionId: "qs", answer: otherPune });

    const attempt = await call("start", mine("/start", {}));
    const mumbai = attempt.questions
      .find((q: { _id: string }) => q._id === "qs")
      .options.find((o: { text: string }) => o.text === "Mumbai")._id;
    await call("answer single", mine("/answer", { questionId: "qs", answer: mumbai }));
    await call("answer multiple", mine("/answer", { questionId: "qm", answer: ["1", "3"] }));
    await call("answer number", mine("/answer", { questionId: "qn", answer: 2.5 }));
    await call("answer unknown", mine("/answer", { questionId: "zz", answer: 1 }));
    await call("answer invalid", mine("/answer", { questionId: "qs", answer: ["9"] }));
    await call("resume", mine("/start", {}));
    await call("status during", mine("/status"));
    await call("result during", mine("/result"));
    await call("leaderboard", mine("/leaderboard"));
    await call("quiz set-up", mine(""));
    await call("submit", mine("/submit", { answers: { qz: 1000 } }));
    await call("answer after submit", mine("/answer", { questionId: "qz", answer: 5 }));
    await call("resume after submit", mine("/start", {}));
    await call("status after", mine("/status"));
    t.clock.set(iso(w.roundEnd - 1));
    await call("result a moment before the end", mine("/result"));
    await call("event details", as(t, me.cookie).get(`/event/details/${w.eventNumber}`));

    expect(seen.map((s) => [s.call, s.status])).toEqual([
      ["status before", 200],
      ["start too early", 409],
      ["start", 200],
      ["answer single", 200],
      ["answer multiple", 200],
      ["answer number", 200],
      ["answer unknown", 400],
      ["answer invalid", 400],
      ["resume", 200],
      ["status during", 200],
      ["result during", 409],
      ["leaderboard", 403],
      ["quiz set-up", 403],
      ["submit", 200],
      ["answer after submit", 409],
      ["resume after submit", 200],
      ["status after", 200],
      ["result a moment before the end", 409],
      ["event details", 200],
    ]);
    const myAnswers = { qs: mumbai, qm: ["1", "3"], qn: 2.5, qz: 1000 };
    for (const s of seen) {
      const keys = new Set<string>();
      const answers: unknown[] = [];
      walk(JSON.parse(s.text), keys, answers);
      // `negativeMarks` is no secret: what a wrong answer costs shows beside each question.
      for (const secret of ["answer", "correct", "tolerance", "given"])
        expect(keys.has(secret), `${s.call} has "${secret}"`).toBe(false);
      // The correct numbers, the tolerances, and the other person's numbers appear nowhere.
      for (const value of ["6.02214", "0.0123", "299792", "7.77777", "123456.5"])
        expect(s.text.includes(value), `${s.call} holds ${value}`).toBe(false);
      // `answers` only ever holds my own answers, each as I gave it.
      for (const a of answers)
        for (const [q, v] of Object.entries(a as Record<string, unknown>))
          expect(v, `${s.call}: ${q}`).toEqual(myAnswers[q as keyof typeof myAnswers]);
    }
    // The other person's single answer is not in my attempt either (their Pune is their own).
    const resumed = JSON.parse(seen.find((s) => s.call === "resume after submit")!.text);
    expect(resumed.answers.qs).toBe(mumbai);
  });
});
