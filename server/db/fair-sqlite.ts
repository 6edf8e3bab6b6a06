import { type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from "kysely";

/**
 * Kysely's SQLite driver shares one connection behind a mutex that lets a newcomer take it ahead
 * of those already waiting: under a burst (a registration rush) some requests waited 20 s while
 * others went through. This queue hands the connection to waiters strictly in turn, so a request
 * waits for the ones ahead of it and no longer. (The inner mutex is then never contended.)
 */
class FairQueue {
  #busy = false;
  #waiting: (() => void)[] = [];
  async lock(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }
  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

class FairSqliteDriver extends SqliteDriver {
  #queue = new FairQueue();
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.lock();
    try {
      return await super.acquireConnection();
    } catch (err) {
      this.#queue.unlock();
      throw err;
    }
  }
  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#queue.unlock();
  }
}

export class FairSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new FairSqliteDriver(this.#config);
  }
}
