import SQLite from "better-sqlite3";
import { type Dialect, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { FifoSqliteDialect } from "./fifo-sqlite";

/**
 * Who gets SQLite's one connection next: those who asked first. The case that matters is a
 * request asking again the moment the connection is released (its next query), while others
 * are already waiting: it must queue behind them.
 */
async function orderOfService(dialect: Dialect): Promise<(string | number)[]> {
  const driver = dialect.createDriver();
  await driver.init();
  const order: (string | number)[] = [];
  const holder = await driver.acquireConnection();
  const waiters = [1, 2, 3].map((i) =>
    driver.acquireConnection().then((c) => {
      order.push(i);
      return driver.releaseConnection(c);
    }),
  );
  const released = driver.releaseConnection(holder);
  const late = driver.acquireConnection().then((c) => {
    order.push("asked again");
    return driver.releaseConnection(c);
  });
  await Promise.all([released, ...waiters, late]);
  await driver.destroy();
  return order;
}

describe("the SQLite connection", () => {
  it("is handed out first come, first served", async () => {
    expect(
      await orderOfService(new FifoSqliteDialect({ database: new SQLite(":memory:") })),
    ).toEqual([1, 2, 3, "asked again"]);
  });

  it("is not, with Kysely's own driver (why FifoSqliteDialect exists)", async () => {
    const order = await orderOfService(new SqliteDialect({ database: new SQLite(":memory:") }));
    expect(order).not.toEqual([1, 2, 3, "asked again"]);
  });
});
