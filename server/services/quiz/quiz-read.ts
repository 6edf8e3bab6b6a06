/**
 * What a participant's quiz call (status, start, answer, result) needs, in one read (SPEC-3 §4):
 * the event, the caller's registration, and for each quiz round of the event its quiz and the
 * registration's attempt. Starts and answers are a rush's calls (2,000 students × 21 within
 * minutes), and on PostgreSQL each query is a round trip.
 */
import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import type { QuizData } from "#server/contracts/quiz";
import type { EventRow, RegistrationRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { notFound } from "#server/lib/errors";
import type { Db } from "#server/db/connect";
import { reusableStatement } from "#server/db/reusable-statement";
import { refuseUnlessVisible } from "#server/services/team/permissions";
import { sessionKey, sessionUserOf } from "#server/services/accounts/sessions";
import type { AttemptRecord } from "./attempts";
import { quizData } from "./quiz-round";

export interface ParticipantRead {
  event: EventRow;
  registration: RegistrationRow | null;
  /** By round id: the round's quiz and the caller's registration's attempt of it, if any. */
  quizzes: Map<string, { quiz: QuizData; attempt: AttemptRecord | undefined }>;
}

/** What the read joins to the event's columns, under names no event column has. */
const JOINED = [
  "r.id as regId",
  "r.type as regType",
  "r.teamName as regTeamName",
  "r.code as regCode",
  "r.leaderId as regLeaderId",
  "r.size as regSize",
  "r.createdAt as regCreatedAt",
  "q.roundId as quizRoundId",
  "q.timeLimitMinutes",
  "q.shuffle",
  "q.questions",
  "q.updatedAt as quizUpdatedAt",
  "a.id as attemptId",
  "a.userId as holderId",
  "a.startedAt",
  "a.deadline",
  "a.submittedAt",
  "a.finishedAt",
  "u.firstName as holderFirstName",
] as const;
const JOINED_NAMES = new Set([
  ...JOINED.map((column) => column.split(/ as |\./).at(-1)),
  "sessionUserId",
]);

/**
 * The read for `userId`: an id, or the subquery naming a session's user. Built once per database
 * and prepared on PostgreSQL, where planning its joins cost more than running them.
 */
function participantQuery(db: Db, eventNumber: string, userId: string | SessionUser) {
  return db
    .selectFrom("events as e")
    .leftJoin("registrationMembers as m", (join) =>
      // SPEC-4: a place held for payment is not registered: no quiz until it is paid.
      join.onRef("m.eventId", "=", "e.id").on("m.userId", "=", userId).on("m.held", "=", 0),
    )
    .leftJoin("registrations as r", "r.id", "m.registrationId")
    .leftJoin("quizzes as q", "q.eventId", "e.id")
    .leftJoin("quizAttempts as a", (join) =>
      join
        .onRef("a.eventId", "=", "e.id")
        .onRef("a.roundId", "=", "q.roundId")
        .onRef("a.registrationId", "=", "m.registrationId"),
    )
    .leftJoin("users as u", "u.id", "a.userId")
    .selectAll("e")
    .select(JOINED)
    .where("e.eventNumber", "=", eventNumber);
}

const participantRows = reusableStatement(["eventNumber", "userId"], (db, v) =>
  participantQuery(db, v.eventNumber, v.userId),
);

type SessionUser = ReturnType<typeof sessionUserOf>;

const participantRowsBySession = reusableStatement(["eventNumber", "tokenHash", "now"], (db, v) => {
  const sessionUser = sessionUserOf(db, v.tokenHash, v.now);
  return participantQuery(db, v.eventNumber, sessionUser).select(sessionUser.as("sessionUserId"));
});

/**
 * The read by the session's token, for a quiz call whose session the middleware left to it
 * (session.ts): one round trip instead of two when 2,000 students start or submit at once. Null
 * when the token names no live session or there is no such event: the caller then reads the
 * session as usual, which answers 401, 404 and the rest in their usual order.
 */
export async function participantReadBySession(
  deps: Pick<Deps, "db" | "clock">,
  token: string,
  eventNumber: string,
): Promise<(ParticipantRead & { user: Pick<UserRow, "id"> }) | null> {
  const key = sessionKey(token, deps.clock.now());
  if (!key || !EVENT_NUMBER_PATTERN.test(eventNumber)) return null;
  const { rows } = await participantRowsBySession(deps.db, { eventNumber, ...key });
  const userId = rows[0]?.sessionUserId;
  if (!userId) return null;
  const user = { id: userId };
  return { ...(await participantFrom(deps, rows, user)), user };
}

/** 404 for an unknown event, or a draft to anyone but its owner and admins (`visibleEvent`). */
export async function participantRead(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  user: Pick<UserRow, "id">,
): Promise<ParticipantRead> {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber)) throw notFound("Event not found");
  const { rows } = await participantRows(deps.db, { eventNumber, userId: user.id });
  return participantFrom(deps, rows, user);
}

type ParticipantRow = Awaited<ReturnType<typeof participantRows>>["rows"][number];

async function participantFrom(
  deps: Pick<Deps, "db">,
  rows: ParticipantRow[],
  user: Pick<UserRow, "id">,
): Promise<ParticipantRead> {
  const first = rows[0];
  if (!first) throw notFound("Event not found");
  // The event alone: the joined columns (a quiz's correct answers among them) stay out of it.
  const event = Object.fromEntries(
    Object.entries(first).filter(([column]) => !JOINED_NAMES.has(column)),
  ) as EventRow;
  await refuseUnlessVisible(deps.db, event, user);
  const registration: RegistrationRow | null = first.regId
    ? {
        id: first.regId,
        eventId: event.id,
        type: first.regType!,
        teamName: first.regTeamName,
        code: first.regCode,
        leaderId: first.regLeaderId!,
        size: first.regSize!,
        createdAt: first.regCreatedAt!,
        held: 0,
      }
    : null;
  const quizzes: ParticipantRead["quizzes"] = new Map();
  for (const row of rows) {
    if (!row.quizRoundId) continue;
    const quiz = quizData({
      timeLimitMinutes: row.timeLimitMinutes!,
      shuffle: row.shuffle!,
      questions: row.questions,
      updatedAt: row.quizUpdatedAt!,
    });
    const attempt: AttemptRecord | undefined =
      row.attemptId && registration
        ? {
            id: row.attemptId,
            registrationId: registration.id,
            userId: row.holderId!,
            startedAt: row.startedAt!,
            deadline: row.deadline!,
            submittedAt: row.submittedAt,
            finishedAt: row.finishedAt,
            firstName: row.holderFirstName!,
          }
        : undefined;
    quizzes.set(row.quizRoundId, { quiz, attempt });
  }
  return { event, registration, quizzes };
}
