/**
 * A statement Kysely builds and compiles once per database (and its transactions), then run again with new values
 * (decision 041). For the few statements a rush sends thousands of times a second: building one
 * (Kysely's frozen operation nodes, then its compiler) cost a PostgreSQL quiz rush's server more
 * than reading the request and answering it. Only what the statement is built from may change
 * between runs; each changing value is a named slot, sent as a parameter like any other value.
 */
import { type Compilable, type CompiledQuery, createQueryId, type QueryResult } from "kysely";
import { newToken } from "#server/lib/crypto";
import { type Db, REUSABLE_SQL } from "./connect";

interface Template<K extends string> {
  sql: string;
  query: CompiledQuery["query"];
  /** Per parameter: the slot it takes its value from, or the value fixed when it was built. */
  parameters: ({ slot: K } | { fixed: unknown })[];
}

/**
 * `build(db, slots)` makes the statement with `slots[k]` (a placeholder string) wherever a value
 * of slot `k` goes; the returned function runs it on `db` with `values`. Every slot must end up a
 * parameter: a slot used nowhere (or folded into the SQL text) is a mistake, thrown at first use.
 */
export function reusableStatement<K extends string, R = unknown>(
  slots: readonly K[],
  build: (db: Db, slots: Record<K, string>) => Compilable<R>,
): (db: Db, values: Record<K, unknown>) => Promise<QueryResult<R>> {
  // By the dialect's adapter, which a database's transactions share with it: built once for all.
  const templates = new WeakMap<object, Template<K>>();
  const templateFor = (db: Db): Template<K> => {
    const adapter = db.getExecutor().adapter;
    const known = templates.get(adapter);
    if (known) return known;
    // Placeholders no fixed value can equal (a random mark), each replaced at every run.
    const mark = `\u0000${newToken()}:`;
    const placeholders = Object.fromEntries(slots.map((k) => [k, `${mark}${k}`])) as Record<
      K,
      string
    >;
    const compiled = build(db, placeholders).compile();
    const parameters = compiled.parameters.map((value) =>
      typeof value === "string" && value.startsWith(mark)
        ? { slot: value.slice(mark.length) as K }
        : { fixed: value },
    );
    const used = new Set(parameters.flatMap((p) => ("slot" in p ? [p.slot] : [])));
    const unused = slots.filter((k) => !used.has(k));
    if (unused.length || compiled.sql.includes(mark))
      throw new Error(`reusableStatement: slots not sent as parameters: ${unused.join(", ")}`);
    // Marked so that PostgreSQL prepares it once per connection (connect.ts).
    const template = { sql: `${REUSABLE_SQL}${compiled.sql}`, query: compiled.query, parameters };
    templates.set(adapter, template);
    return template;
  };
  return (db, values) => {
    const template = templateFor(db);
    return db.executeQuery<R>({
      sql: template.sql,
      query: template.query,
      queryId: createQueryId(),
      parameters: template.parameters.map((p) => ("slot" in p ? values[p.slot] : p.fixed)),
    });
  };
}
