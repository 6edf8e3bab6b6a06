import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import { isPostgres } from "../connect";
import * as m0001_core from "./0001_core";
import * as m0002_search from "./0002_search";
import * as m0003_listing_indexes from "./0003_listing_indexes";
import * as m0004_login_devices from "./0004_login_devices";
import * as m0006_registrations from "./0006_registrations";
import * as m0007_saved_reminders from "./0007_saved_reminders";
import * as m0008_organiser from "./0008_organiser";
import * as m0009_certificates from "./0009_certificates";
import * as m0010_pending_uploads from "./0010_pending_uploads";
import * as m0011_form_stashes from "./0011_form_stashes";
import * as m0012_find_order from "./0012_find_order";
import * as m0013_team from "./0013_team";
import * as m0014_tickets from "./0014_tickets";
import * as m0015_rounds from "./0015_rounds";
import * as m0016_quiz from "./0016_quiz";
import * as m0017_judging from "./0017_judging";
import * as m0018_team_registration_guard from "./0018_team_registration_guard";
import * as m0019_view_visitors from "./0019_view_visitors";
import * as m0020_quiz_attempts_by_registration from "./0020_quiz_attempts_by_registration";
import * as m0021_tickets_by_short_code from "./0021_tickets_by_short_code";
import * as m0023_announcement_audience from "./0023_announcement_audience";
import * as m0024_payments from "./0024_payments";
import * as m0027_handles from "./0027_handles";
import * as m0028_organisations from "./0028_organisations";
import * as m0029_statement_lines from "./0029_statement_lines";
import * as m0030_payment_refunds from "./0030_payment_refunds";
import * as m0031_org_admins_digest from "./0031_org_admins_digest";
import * as m0034_mail_attachments from "./0034_mail_attachments";

/**
 * One file per migration, named by its order, run in that order on SQLite and PostgreSQL, on
 * start and by `npm run db:migrate`. Append new ones; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  "0001_core": m0001_core,
  "0002_search": m0002_search,
  "0003_listing_indexes": m0003_listing_indexes,
  "0004_login_devices": m0004_login_devices,
  "0006_registrations": m0006_registrations,
  "0007_saved_reminders": m0007_saved_reminders,
  "0008_organiser": m0008_organiser,
  "0009_certificates": m0009_certificates,
  "0010_pending_uploads": m0010_pending_uploads,
  "0011_form_stashes": m0011_form_stashes,
  "0012_find_order": m0012_find_order,
  "0013_team": m0013_team,
  "0014_tickets": m0014_tickets,
  "0015_rounds": m0015_rounds,
  "0016_quiz": m0016_quiz,
  "0017_judging": m0017_judging,
  "0018_team_registration_guard": m0018_team_registration_guard,
  "0019_view_visitors": m0019_view_visitors,
  "0020_quiz_attempts_by_registration": m0020_quiz_attempts_by_registration,
  "0021_tickets_by_short_code": m0021_tickets_by_short_code,
  "0023_announcement_audience": m0023_announcement_audience,
  "0024_payments": m0024_payments,
  "0027_handles": m0027_handles,
  "0028_organisations": m0028_organisations,
  "0029_statement_lines": m0029_statement_lines,
  "0030_payment_refunds": m0030_payment_refunds,
  "0031_org_admins_digest": m0031_org_admins_digest,
  "0034_mail_attachments": m0034_mail_attachments,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  // PostgreSQL: Kysely holds an advisory lock while it migrates, so processes starting at once
  // take turns. SQLite has no such lock: the second process's migration fails (a table another
  // just made, or a busy file) and rolls back whole; it tries again once the first is done.
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === "Error");
    if (!error && !failed) return;
    const raced = /already exists|SQLITE_BUSY|database is locked|duplicate column/i.test(
      String(error),
    );
    if (raced && !isPostgres(db) && attempt < 10) {
      await new Promise((r) => setTimeout(r, 100 * attempt));
      continue;
    }
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
