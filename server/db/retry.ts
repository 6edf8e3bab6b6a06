/**
 * A transaction that lost a race the database settles by refusing one side (PostgreSQL's deadlock
 * and serialization failures; SQLite's busy snapshot, when another process wrote since this one
 * read) is safe to run again from the start: nothing of it was kept. So is one that saw the rows
 * it read change before it wrote, and said so by throwing an error with `raced: true`.
 */
export function lostRace(err: unknown): boolean {
  if ((err as { raced?: boolean })?.raced === true) return true;
  const code = (err as { code?: string })?.code ?? "";
  return code === "40P01" || code === "40001" || code.startsWith("SQLITE_BUSY");
}

/** Runs `work` (one whole transaction) again when it lost such a race, a few times at most. */
export async function retryingRaces<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!lostRace(err) || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
