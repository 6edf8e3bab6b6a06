import SQLite from "better-sqlite3";
import { newId, newPublicId } from "#server/lib/crypto";
import { dbFile } from "./session";

const DAY = 86_400_000;
const at = (d: number) => new Date(Date.now() + d * DAY).toISOString();

/**
 * A finished team hackathon straight in the e2e server's file: the student's team (with a phone
 * and a team code on record) advanced from the prelims, won, and holds a merit certificate.
 */
export function finishedHackathon(
  organiserId: string,
  studentId: string,
): { n: string; name: string; code: string; phone: string; certificateId: string } {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  const n = String(60000 + Math.floor(Math.random() * 39000));
  const name = `Profile Hack ${n}`;
  const registrationId = newId();
  const code = `Q${n.slice(0, 5)}`;
  const phone = `98${n}123`.slice(0, 10);
  const certificateId = newPublicId();
  const rounds = JSON.stringify([
    { _id: `pre${n}aaaa`, title: "Prelims", startDate: at(-9), endDate: at(-8) },
    { _id: `fin${n}aaaa`, title: "Grand Finale", startDate: at(-3), endDate: at(-2) },
  ]);
  db.transaction(() => {
    const { id } = db
      .prepare(
        `insert into events (eventNumber, madeBy, status, version, eventType, eventName,
           organisationName, modeOfEvent, participationType, minTeam, maxTeam, startDate, endDate,
           rounds, prizes, createdAt, updatedAt, publishedAt, registrationCount)
         values (?, ?, 'active', 1, 'Hackathon & Coding Challenges', ?, 'IIT Delhi Coding Club',
           'Online', 'team', 1, 4, ?, ?, ?, ?, ?, ?, ?, 1) returning id`,
      )
      .get(
        n,
        organiserId,
        name,
        at(-20),
        at(-10),
        rounds,
        JSON.stringify([{ rank: 1, cashAmount: 10000 }]),
        at(-30),
        at(-30),
        at(-30),
      ) as { id: number };
    db.prepare(
      `insert into registrations (id, eventId, type, teamName, code, leaderId, size, createdAt)
       values (?, ?, 'team', 'Byte Me', ?, ?, 1, ?)`,
    ).run(registrationId, id, code, studentId, at(-15));
    db.prepare(
      `insert into registrationMembers (registrationId, eventId, userId, phone, collegeName,
         course, joinedAt) values (?, ?, ?, ?, 'IIT Delhi', 'B.Tech', ?)`,
    ).run(registrationId, id, studentId, phone, at(-15));
    db.prepare(
      `insert into roundResults (eventId, roundIndex, registrationId, advanced, updatedAt)
       values (?, 0, ?, 1, ?)`,
    ).run(id, registrationId, at(-8));
    db.prepare(
      `insert into eventWinners (eventId, rank, registrationId, createdAt) values (?, 1, ?, ?)`,
    ).run(id, registrationId, at(-1));
    db.prepare(
      `insert into certificates (id, eventId, eventNumber, userId, registrationId, kind, rank,
         recipientName, eventName, organisationName, eventLogo, issuedAt, revokedAt, pdfKey)
       values (?, ?, ?, ?, ?, 'merit', 1, 'Asha Verma', ?, 'IIT Delhi Coding Club', null, ?, null, null)`,
    ).run(certificateId, id, n, studentId, registrationId, name, at(-1));
  })();
  db.close();
  return { n, name, code, phone, certificateId };
}

/** Someone else already holding `handle`. */
export function handleHeldBy(userId: string, handle: string): void {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  db.transaction(() => {
    db.prepare("insert into handles (handle, userId, orgId, createdAt) values (?, ?, null, ?)").run(
      handle,
      userId,
      new Date().toISOString(),
    );
    db.prepare("update users set handle = ? where id = ?").run(handle, userId);
  })();
  db.close();
}
