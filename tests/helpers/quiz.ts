import type { QuizAttempt, QuizSetupInput } from "#server/contracts/quiz";
import type { NewEvent, UserRow } from "#server/db/schema";
import type { TestApi } from "./api";
import { as, DETAILS, people, publishedEvent, teamEvent } from "./registration";
import { createUserWithSession } from "./users";

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** Four questions of every kind, with answers and tolerances no response should carry. */
export const QUESTIONS = [
  {
    _id: "qs",
    text: "Capital of India?",
    type: "single",
    options: ["Mumbai", "New Delhi", "Pune"],
    answer: 1,
    marks: 4,
    negativeMarks: 1,
  },
  {
    _id: "qm",
    text: "Prime numbers?",
    type: "multiple",
    options: ["2", "4", "7", "9"],
    answer: [0, 2],
    marks: 2,
    negativeMarks: 1,
  },
  {
    _id: "qn",
    text: "Avogadro number, times 10^-23?",
    type: "number",
    answer: 6.02214,
    tolerance: 0.0123,
    marks: 3,
    negativeMarks: 2,
  },
  {
    _id: "qz",
    text: "Speed of light in km/s?",
    type: "number",
    answer: 299792,
    tolerance: 7,
    marks: 1,
  },
] as const;

export type Person = { user: UserRow; cookie: string };

export interface QuizWorld {
  eventNumber: string;
  eventId: number;
  org: Person;
  /** Rounds: 0 offline, 1 quiz. */
  index: number;
  roundStart: number;
  roundEnd: number;
  path: string;
}

/**
 * A published event whose round 1 (index 1) is a quiz from now+1h to now+3h, its quiz saved by
 * the owner (now is before the round, so the set-up is open). Round 0 is an offline round.
 */
export async function quizEvent(
  t: TestApi,
  options: {
    team?: boolean;
    quiz?: Partial<QuizSetupInput> | null;
    event?: Partial<NewEvent>;
  } = {},
): Promise<QuizWorld> {
  const org = await createUserWithSession(t.deps, { firstName: "Owner", lastName: "Org" });
  const now = t.clock.now().getTime();
  const roundStart = now + HOUR;
  const roundEnd = now + 3 * HOUR;
  const iso = (ms: number) => new Date(ms).toISOString();
  const rounds = [
    {
      _id: "round-offline-0",
      kind: "offline",
      title: "Warm up",
      description: "At the venue",
      startDate: iso(now - 2 * HOUR),
      endDate: iso(now - HOUR),
      isEliminatorRound: "false",
      requireFile: false,
      requireLink: false,
    },
    {
      _id: "round-quiz-01",
      kind: "quiz",
      title: "Quiz",
      description: "The online quiz",
      startDate: iso(roundStart),
      endDate: iso(roundEnd),
      isEliminatorRound: "false",
      requireFile: false,
      requireLink: false,
    },
  ];
  const eventNumber = await publishedEvent(t, org.user.id, {
    ...(options.team ? teamEvent(2, 3) : {}),
    rounds: JSON.stringify(rounds),
    ...options.event,
  });
  const { id: eventId } = await t.db
    .selectFrom("events")
    .select("id")
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirstOrThrow();
  const path = `/event/${eventNumber}/rounds/1/quiz`;
  if (options.quiz !== null) {
    const res = await as(t, org.cookie).post(path, {
      timeLimitMinutes: 30,
      shuffle: true,
      questions: QUESTIONS,
      ...options.quiz,
    });
    if (res.status !== 200) throw new Error(`quiz set-up: ${res.status} ${await res.text()}`);
  }
  return { eventNumber, eventId, org, index: 1, roundStart, roundEnd, path };
}

/** `n` people registered individually. */
export async function registered(t: TestApi, w: QuizWorld, n: number, prefix = "S") {
  const ps = await people(t, n, prefix);
  for (const p of ps) {
    const res = await as(t, p.cookie).post(`/event/${w.eventNumber}/register`, DETAILS);
    if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  }
  return ps;
}

/** A complete team of `size` (leader first) in a team event (a quiz's, or any other). */
export async function team(
  t: TestApi,
  w: Pick<QuizWorld, "eventNumber">,
  size = 2,
  name = "Night Owls",
) {
  const ps = await people(t, size, name.replace(/\W/g, ""));
  const made = await as(t, ps[0].cookie).post(`/event/${w.eventNumber}/register`, {
    ...DETAILS,
    teamName: name,
  });
  if (made.status !== 201) throw new Error(`team: ${made.status} ${await made.text()}`);
  const { team: created } = await made.json();
  for (const p of ps.slice(1)) {
    const res = await as(t, p.cookie).post(`/event/${w.eventNumber}/team/join`, {
      ...DETAILS,
      code: created.code,
    });
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`join: ${res.status} ${await res.text()}`);
  }
  return ps;
}

/** Starts the quiz as someone and answers the attempt (throws unless 200). */
export async function start(t: TestApi, w: QuizWorld, p: Person): Promise<QuizAttempt> {
  const res = await as(t, p.cookie).post(`${w.path}/start`);
  if (res.status !== 200) throw new Error(`start: ${res.status} ${await res.text()}`);
  return res.json();
}
