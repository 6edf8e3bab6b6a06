import type { EventRow, UserRow } from "#server/db/schema";
import type { TestApi } from "./api";
import { insertEvent, insertRegistration } from "./events";
import { as } from "./registration";
import { addToTeam } from "./team";
import { createUserWithSession } from "./users";

const DAY = 86_400_000;
export const SUBMISSION_ROUND = "rndSubmit001";

type Person = { user: UserRow; cookie: string };

export interface JudgingEvent {
  event: EventRow;
  n: string;
  owner: Person;
  admin: Person;
  judges: Person[];
  volunteer: Person;
  /** Registrants, one submission each, in the order they submitted. */
  entrants: (Person & { registrationId: string; submissionId: string })[];
  /** `as(t, cookie)` for each. */
  call: (who: Person) => ReturnType<typeof as>;
  /** `/event/{n}/rounds/0` */
  round: string;
}

/**
 * A published event whose round 1 (index 0) is a submission round that closed a day ago, with a
 * team (owner, an admin, `judges` judges, a volunteer) and `submissions` registrants who each
 * submitted, a minute apart. Round 2 is an offline round. Straight in the database: the rounds and
 * submissions APIs have their own tests.
 */
export async function judgingEvent(
  t: TestApi,
  {
    submissions = 7,
    judges = 3,
    team = false,
  }: { submissions?: number; judges?: number; team?: boolean } = {},
): Promise<JudgingEvent> {
  const now = t.clock.now().getTime();
  const at = (ms: number) => new Date(now + ms).toISOString();
  const owner = await createUserWithSession(t.deps, { firstName: "Owner", lastName: "Singh" });
  const event = await insertEvent(t.deps, owner.user.id, {
    startDate: at(-5 * DAY),
    endDate: at(5 * DAY),
    rounds: JSON.stringify([
      closedSubmissionRound(SUBMISSION_ROUND, "Ideas", now),
      {
        _id: "rndOffline01",
        kind: "offline",
        title: "Finale",
        description: "On stage",
        startDate: at(2 * DAY),
        endDate: at(3 * DAY),
        isEliminatorRound: "false",
      },
    ]),
  });
  const admin = await addToTeam(t.deps, event.id, "admin", "Admin");
  const judgeList: Person[] = [];
  for (let i = 0; i < judges; i++)
    judgeList.push(await addToTeam(t.deps, event.id, "judge", `Judge${i + 1}`));
  const volunteer = await addToTeam(t.deps, event.id, "volunteer", "Volunteer");
  const entrants: JudgingEvent["entrants"] = [];
  for (let i = 0; i < submissions; i++) {
    const person = await createUserWithSession(t.deps, {
      firstName: `Entrant${i + 1}`,
      lastName: "Rao",
    });
    const mate = team ? await createUserWithSession(t.deps, { firstName: `Mate${i + 1}` }) : null;
    const registrationId = await insertRegistration(
      t.deps,
      event,
      mate ? [person.user.id, mate.user.id] : [person.user.id],
    );
    const submissionId = `sub${String(i + 1).padStart(3, "0")}${registrationId.slice(-6)}`;
    const submittedAt = at(-2 * DAY + i * 60_000);
    await t.db
      .insertInto("submissions")
      .values({
        id: submissionId,
        eventId: event.id,
        roundId: SUBMISSION_ROUND,
        registrationId,
        title: `Idea ${i + 1}`,
        description: "A plan to change everything.",
        links: JSON.stringify([]),
        fileKey: null,
        fileName: null,
        fileSize: null,
        submittedAt,
        updatedAt: submittedAt,
        updatedBy: person.user.id,
      })
      .execute();
    entrants.push({ ...person, registrationId, submissionId });
  }
  return {
    event,
    n: event.eventNumber,
    owner,
    admin,
    judges: judgeList,
    volunteer,
    entrants,
    call: (who) => as(t, who.cookie),
    round: `/event/${event.eventNumber}/rounds/0`,
  };
}

/** A submission round (eliminator) that ran from three days before `now` to one day before. */
export function closedSubmissionRound(_id: string, title: string, now: number) {
  const at = (ms: number) => new Date(now + ms).toISOString();
  return {
    _id,
    kind: "submission",
    title,
    description: "Send your idea",
    startDate: at(-3 * DAY),
    endDate: at(-DAY),
    isEliminatorRound: "true",
    requireFile: false,
    requireLink: false,
  };
}

/** One or more criteria and the given judges: a set-up body. */
export function setupBody(
  judges: Person[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    criteria: [
      { name: "Idea", weight: 3 },
      { name: "Build", weight: 1 },
    ],
    judges: judges.map((j) => j.user.id),
    ...extra,
  };
}

/** The judges of each submission, straight from the database. */
export async function assignmentsOf(t: TestApi): Promise<Map<string, string[]>> {
  const rows = await t.db
    .selectFrom("judgingAssignments")
    .select(["submissionId", "judgeId"])
    .orderBy("submissionId")
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.submissionId, [...(out.get(r.submissionId) ?? []), r.judgeId]);
  return out;
}
