import {
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type TransactionSettings,
} from "kysely";

/**
 * SQLite has one connection, which Kysely's driver guards with a mutex that wakes every waiter
 * at once when it is released, so a query can be overtaken again and again by later ones: in the
 * registration rush (1,000 people, 50 at a time) the first requests were answered last, 2 s
 * later. This gate hands the connection to waiters strictly in the order they asked for it.
 */
export class FifoGate {
  #busy = false;
  #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

/** Kysely's SQLite dialect with its connection handed out first come, first served. */
export class FifoSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const inner = super.createDriver();
    const gate = new FifoGate();
    return {
      init: () => inner.init(),
      async acquireConnection(): Promise<DatabaseConnection> {
        await gate.acquire();
        return inner.acquireConnection();
      },
      beginTransaction: (c: DatabaseConnection, s: TransactionSettings) =>
        inner.beginTransaction(c, s),
      commitTransaction: (c: DatabaseConnection) => inner.commitTransaction(c),
      rollbackTransaction: (c: DatabaseConnection) => inner.rollbackTransaction(c),
      savepoint: inner.savepoint?.bind(inner),
      rollbackToSavepoint: inner.rollbackToSavepoint?.bind(inner),
      releaseSavepoint: inner.releaseSavepoint?.bind(inner),
      async releaseConnection(c: DatabaseConnection): Promise<void> {
        await inner.releaseConnection(c);
        gate.release();
      },
      destroy: () => inner.destroy(),
    };
  }
}
