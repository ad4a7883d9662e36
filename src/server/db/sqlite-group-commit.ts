import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';

/**
 * Group commit for the server's single SQLite connection (docs/performance.md, P1;
 * docs/decisions/0013).
 *
 * With `synchronous = FULL` every COMMIT waits for an fsync of the WAL: 2–5 ms
 * on these disks when they are busy, against well under 1 ms for all the SQL of
 * a sale. One transaction per request made the fsync the server's ceiling. Here
 * the transactions that start within one turn of the event loop share one
 * SQLite transaction and one fsync:
 *
 * - The first `BEGIN` of a turn opens the group (`BEGIN IMMEDIATE`, so the
 *   file's write lock is taken at once, as before) and schedules its COMMIT
 *   with `setImmediate`, after the I/O callbacks of that turn (the requests
 *   that arrived together) have run.
 * - Each Kysely transaction is a SAVEPOINT inside the group: its own rollback
 *   (`ROLLBACK TO`) undoes only its work, and it still runs alone (one
 *   transaction at a time holds the connection, as with Kysely's own driver).
 * - `withWriteTransaction` answers only after the group's COMMIT has returned
 *   (`commitOf`), and every HTTP answer waits for the group open when it is sent
 *   (http/durable-responses.ts): no client hears of a write, or reads one, that
 *   a crash could still take back. A failed COMMIT fails every write of the group.
 *
 * Durability is unchanged (`synchronous = FULL`, an fsync before any answer);
 * only the number of fsyncs per write goes down when writes arrive together.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly groupCommit: GroupCommitSqliteDriver;

  /** `statements` runs the queries (the statement cache); `sqlite` is the same connection, for `inTransaction`. */
  constructor(sqlite: SqliteDatabase.Database, statements: KyselySqliteDatabase) {
    super({ database: statements });
    this.groupCommit = new GroupCommitSqliteDriver(sqlite, statements);
  }

  override createDriver(): Driver {
    return this.groupCommit;
  }
}

/** A group's COMMIT: resolves once it is on disk, rejects if it failed (all its writes are then gone). */
interface Group {
  readonly seq: number;
  readonly committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

const MEMBER = 'group_member';

export class GroupCommitSqliteDriver implements Driver {
  readonly #sqlite: SqliteDatabase.Database;
  readonly #statements: KyselySqliteDatabase;
  readonly #connection: SqliteConnection;
  readonly #mutex = new FifoMutex();
  #group: Group | undefined;
  #groupsOpened = 0;
  /** `seq` of the last group whose COMMIT failed (-1: none). */
  #lastFailed = -1;

  constructor(sqlite: SqliteDatabase.Database, statements: KyselySqliteDatabase) {
    this.#sqlite = sqlite;
    this.#statements = statements;
    this.#connection = new SqliteConnection(statements);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async beginTransaction(): Promise<void> {
    // SQLite rolls a whole transaction back by itself after some I/O errors:
    // the group is then lost, and a SAVEPOINT now would open a new one unseen.
    if (this.#group && !this.#sqlite.inTransaction) this.#fail(this.#group, new Error('SQLite deshizo la transacción del grupo'));
    if (!this.#group) {
      this.#exec('begin immediate');
      this.#group = newGroup(this.#groupsOpened++);
      setImmediate(() => void this.#flush());
    }
    this.#exec(`savepoint ${MEMBER}`);
  }

  async commitTransaction(): Promise<void> {
    this.#exec(`release ${MEMBER}`);
  }

  async rollbackTransaction(): Promise<void> {
    if (!this.#sqlite.inTransaction) return; // already rolled back whole (see beginTransaction); #flush reports it
    this.#exec(`rollback to ${MEMBER}`);
    this.#exec(`release ${MEMBER}`);
  }

  /** Commits what is pending, then closes the connection. */
  async destroy(): Promise<void> {
    await this.#flush();
    this.#statements.close();
  }

  /**
   * The COMMIT of the group open now, or undefined when none is. At the end of
   * a transaction's work (which holds the connection) that group is its own.
   */
  commitOf(): Promise<void> | undefined {
    return this.#group?.committed;
  }

  /** A mark to pass to `settled` later: the first group whose writes a request may see. */
  mark(): number {
    return this.#group?.seq ?? this.#groupsOpened;
  }

  /** Whether a group since `mark` failed to commit: a request that began at `mark` may have read its lost writes. */
  failedSince(mark: number): boolean {
    return this.#lastFailed >= mark;
  }

  /** Waits for the group open now to commit, then tells whether every group since `mark` committed. */
  async settled(mark: number): Promise<boolean> {
    await this.#group?.committed.catch(() => {});
    return !this.failedSince(mark);
  }

  async #flush(): Promise<void> {
    await this.#mutex.lock();
    try {
      const group = this.#group;
      if (!group) return;
      try {
        if (!this.#sqlite.inTransaction) throw new Error('SQLite deshizo la transacción del grupo');
        this.#exec('commit');
        this.#group = undefined;
        group.resolve();
      } catch (error) {
        if (this.#sqlite.inTransaction) this.#exec('rollback');
        this.#fail(group, error);
      }
    } finally {
      this.#mutex.unlock();
    }
  }

  #fail(group: Group, error: unknown): void {
    if (this.#group === group) this.#group = undefined;
    this.#lastFailed = Math.max(this.#lastFailed, group.seq);
    group.reject(error);
  }

  #exec(text: string): void {
    this.#statements.prepare(text).run([]);
  }
}

function newGroup(seq: number): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting (a group of plain statements): a failure is still reported through `settled`.
  committed.catch(() => {});
  return { seq, committed, resolve, reject };
}

/** Kysely's SqliteConnection (not exported): better-sqlite3 is synchronous, the promises are already settled. */
class SqliteConnection implements DatabaseConnection {
  readonly #db: KyselySqliteDatabase;

  constructor(db: KyselySqliteDatabase) {
    this.#db = db;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const statement = this.#db.prepare(sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.#db.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
  }
}

/** One holder at a time, served in arrival order (the group's COMMIT is not overtaken by later requests). */
class FifoMutex {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}
