import SQLite from "better-sqlite3";
import { newId } from "#server/lib/crypto";
import { closedSubmissionRound } from "#tests/helpers/judging";
import { insertUser } from "./session";
import { seedRegistrationEvent } from "./registration-seed";
import { dbFile } from "./session";

const DAY = 86_400_000;

/**
 * A published event of `organiserId` whose round 1 is a submission round that closed yesterday,
 * with a judge on the team and `titles.length` registrants who each submitted, straight in the e2e
 * database. Returns the event number and the judge's user id.
 */
export function seedJudgingEvent(organiserId: string, titles: string[]) {
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();
  const { eventNumber, eventName } = seedRegistrationEvent({
    madeBy: organiserId,
    startDate: at(-5 * DAY),
    rounds: JSON.stringify([closedSubmissionRound(`rnd${newId().slice(0, 9)}`, "Idea pitch", now)]),
    prizes: JSON.stringify([{ rank: 1, cashAmount: 10000 }]),
  });
  const judgeId = newId();
  const entrants: string[] = [];
  insertUser({
    id: judgeId,
    email: `judge.${judgeId}@example.com`,
    firstName: "Jaya",
    lastName: "Judge",
  });
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  try {
    const event = db
      .prepare("select id, rounds from events where eventNumber = ?")
      .get(eventNumber) as {
      id: number;
      rounds: string;
    };
    const roundId = (JSON.parse(event.rounds) as { _id: string }[])[0]!._id;
    const iso = at(0);
    db.prepare(
      `insert into eventOrganisers (eventId, userId, role, joinedAt) values (?, ?, 'judge', ?)`,
    ).run(event.id, judgeId, iso);
    titles.forEach((title, i) => {
      const userId = newId();
      entrants.push(userId);
      insertUser({
        id: userId,
        email: `entrant.${userId}@example.com`,
        firstName: `Entrant${i + 1}`,
        lastName: "Rao",
      });
      const registrationId = newId();
      // One transaction: the registration's leader must be a member by the end of it.
      db.transaction(() => {
        db.prepare(
          `insert into registrations (id, eventId, type, teamName, code, leaderId, size, createdAt)
         values (?, ?, 'individual', null, null, ?, 1, ?)`,
        ).run(registrationId, event.id, userId, iso);
        db.prepare(
          `insert into registrationMembers (registrationId, eventId, userId, phone, collegeName, course, joinedAt)
         values (?, ?, ?, '9876543210', 'IIT Delhi', 'B.Tech', ?)`,
        ).run(registrationId, event.id, userId, iso);
      })();
      const submittedAt = at(-2 * DAY + i * 60_000);
      db.prepare(
        `insert into submissions (id, eventId, roundId, registrationId, title, description, links, version,
           submittedAt, updatedAt, updatedBy)
         values (?, ?, ?, ?, ?, ?, '[]', 1, ?, ?, ?)`,
      ).run(
        newId(),
        event.id,
        roundId,
        registrationId,
        title,
        `The plan behind ${title}.`,
        submittedAt,
        submittedAt,
        userId,
      );
    });
    db.prepare("update events set registrationCount = ? where id = ?").run(titles.length, event.id);
  } finally {
    db.close();
  }
  return { eventNumber, eventName, judgeId, entrants };
}

/**
 * Closes judging of the event's round 1 with `shareFeedback`: `judgeId` scored every submission
 * `scores` (criteria Idea ×3, Build ×1) with `comment`. Straight in the e2e database.
 */
export function seedSharedFeedback(
  eventNumber: string,
  judgeId: string,
  scores: [number, number],
  comment: string,
) {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  try {
    const event = db
      .prepare("select id, rounds from events where eventNumber = ?")
      .get(eventNumber) as { id: number; rounds: string };
    const roundId = (JSON.parse(event.rounds) as { _id: string }[])[0]!._id;
    const iso = new Date().toISOString();
    const judgingId = newId();
    db.prepare(
      `insert into judgings (id, eventId, roundId, criteria, judgesPerSubmission, blind, shareFeedback,
         state, openedAt, closedAt, createdAt, updatedAt)
       values (?, ?, ?, ?, 1, 0, 1, 'closed', ?, ?, ?, ?)`,
    ).run(
      judgingId,
      event.id,
      roundId,
      JSON.stringify([
        { name: "Idea", weight: 3 },
        { name: "Build", weight: 1 },
      ]),
      iso,
      iso,
      iso,
      iso,
    );
    db.prepare("insert into judgingJudges (judgingId, userId, position) values (?, ?, 0)").run(
      judgingId,
      judgeId,
    );
    const subs = db
      .prepare("select id from submissions where eventId = ? and roundId = ?")
      .all(event.id, roundId) as { id: string }[];
    for (const { id } of subs) {
      db.prepare(
        "insert into judgingAssignments (judgingId, submissionId, judgeId) values (?, ?, ?)",
      ).run(judgingId, id, judgeId);
      db.prepare(
        `insert into judgingScores (judgingId, submissionId, judgeId, scores, comment, createdAt, updatedAt)
         values (?, ?, ?, ?, ?, ?, ?)`,
      ).run(judgingId, id, judgeId, JSON.stringify(scores), comment, iso, iso);
    }
  } finally {
    db.close();
  }
}
