// The emulator's persistence: one SQLite file through better-sqlite3 (synchronous, so a request
// handler's write is committed before its answer is written).
//
// Durability choice: journal_mode=WAL with synchronous=FULL. WAL lets readers (large
// GetAssetStubs) run while a writer appends; FULL makes every commit fsync the WAL before
// better-sqlite3 returns, so an AddUserAssetIndex whose answer was sent survives not only kill -9
// (which NORMAL would already survive, the WAL being in the OS cache) but also a power cut.
// The cost is one fsync per AddUserAssetIndex, measured in bench/emulator.bench.ts.
//
// No OpenIDKey is ever stored: owners are SHA-256 hashes of (realm, key).
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** One registered user asset index, as stored. */
export interface StoredIndex extends NewIndex {
  readonly seq: number;
}

/** What AddUserAssetIndex (or seeding) stores; null values stay null (reference mode). */
export interface NewIndex {
  readonly recordId: string;
  readonly serviceUri: string | null;
  readonly mediaType: string | null;
  readonly createdAt: string;
}

/** seq, record_id, service_uri, media_type, created_at (raw rows: arrays are cheaper). */
type IndexRow = [number, string, string | null, string | null, string];

/** Keeps the normal model's users apart from reference mode's accept-any-key owners. */
export type Realm = 'emulator' | 'reference';

/**
 * Hashes a key for storage.
 * @example ownerOf('emulator', 'demo-alice-key') // 64 hex digits
 */
export function ownerOf(realm: Realm, openIdKey: string): string {
  return createHash('sha256').update(`${realm}\u0000${openIdKey}`, 'utf8').digest('hex');
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  owner TEXT PRIMARY KEY,
  display_name TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS asset_indexes (
  seq INTEGER PRIMARY KEY,
  record_id TEXT NOT NULL UNIQUE,
  owner TEXT NOT NULL,
  service_uri TEXT,
  media_type TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS asset_indexes_by_owner ON asset_indexes (owner, seq);
`;

function toIndex([seq, recordId, serviceUri, mediaType, createdAt]: IndexRow): StoredIndex {
  return { seq, recordId, serviceUri, mediaType, createdAt };
}

/**
 * The emulator's SQLite store.
 * @example
 * const store = EmulatorStore.open(':memory:');
 * store.addIndex(ownerOf('emulator', 'k'), { recordId: 'id-1', serviceUri: 'http://a/', mediaType: 'image', createdAt: new Date().toISOString() });
 */
export class EmulatorStore {
  private readonly db: Database.Database;
  private readonly statements;

  private constructor(db: Database.Database) {
    this.db = db;
    db.exec(SCHEMA);
    this.statements = {
      upsertUser: db.prepare(
        'INSERT INTO users (owner, display_name) VALUES (?, ?) ON CONFLICT(owner) DO UPDATE SET display_name = excluded.display_name',
      ),
      hasUser: db.prepare('SELECT 1 FROM users WHERE owner = ?').pluck(),
      insertIndex: db.prepare(
        'INSERT INTO asset_indexes (record_id, owner, service_uri, media_type, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      listIndexes: db
        .prepare(
          'SELECT seq, record_id, service_uri, media_type, created_at FROM asset_indexes WHERE owner = ? ORDER BY seq',
        )
        .raw(true),
      pageIndexes: db
        .prepare(
          'SELECT seq, record_id, service_uri, media_type, created_at FROM asset_indexes WHERE owner = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT ?',
        )
        .raw(true),
      lastSeq: db.prepare('SELECT max(seq) FROM asset_indexes WHERE owner = ?').pluck(),
      countIndexes: db.prepare('SELECT count(*) FROM asset_indexes WHERE owner = ?').pluck(),
      countIndexesUpTo: db
        .prepare('SELECT count(*) FROM (SELECT 1 FROM asset_indexes WHERE owner = ? LIMIT ?)')
        .pluck(),
      lastIndex: db
        .prepare('SELECT record_id FROM asset_indexes WHERE owner = ? ORDER BY seq DESC LIMIT 1')
        .pluck(),
      deleteIndexes: db.prepare('DELETE FROM asset_indexes WHERE owner = ?'),
    };
  }

  /**
   * Opens (creating if needed) a database file, or `:memory:`. Throws an error naming the file
   * when it cannot be created or is not an emulator database.
   */
  static open(file: string): EmulatorStore {
    let db: Database.Database | undefined;
    try {
      if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
      db = new Database(file);
      if (file !== ':memory:') {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = FULL');
      }
      db.pragma('busy_timeout = 5000');
      return new EmulatorStore(db);
    } catch (error) {
      db?.close();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot open the emulator database "${file}": ${reason}`, { cause: error });
    }
  }

  upsertUser(owner: string, displayName: string): void {
    this.statements.upsertUser.run(owner, displayName);
  }

  hasUser(owner: string): boolean {
    return this.statements.hasUser.get(owner) !== undefined;
  }

  addIndex(owner: string, index: NewIndex): void {
    this.statements.insertIndex.run(
      index.recordId,
      owner,
      index.serviceUri,
      index.mediaType,
      index.createdAt,
    );
  }

  /** The owner's indexes in insertion order. */
  listIndexes(owner: string): StoredIndex[] {
    return (this.statements.listIndexes.all(owner) as IndexRow[]).map(toIndex);
  }

  /** The owner's last index's position (0 when none): the bound of iterateIndexes. */
  lastSeq(owner: string): number {
    const last = this.statements.lastSeq.get(owner);
    return typeof last === 'number' ? last : 0;
  }

  /**
   * The owner's indexes up to `untilSeq` (lastSeq() when the answer was decided) in insertion
   * order, read a page at a time as the caller advances, so a 100,000-stub answer never holds
   * them all. Pages rather than one open cursor: better-sqlite3 refuses every other statement
   * on the connection while a cursor is open, and a streamed answer waits for its client between
   * pages while other requests (AddUserAssetIndex) write. The bound keeps rows added meanwhile
   * out, so the answer is what one read at that moment gives, and matches its NewRecordID.
   */
  *iterateIndexes(owner: string, untilSeq: number, pageSize = 1000): Generator<StoredIndex> {
    let after = 0;
    while (after < untilSeq) {
      const rows = this.statements.pageIndexes.all(owner, after, untilSeq, pageSize) as IndexRow[];
      const lastRow = rows[rows.length - 1];
      if (!lastRow) return;
      for (const row of rows) yield toIndex(row);
      after = lastRow[0];
    }
  }

  countIndexes(owner: string): number {
    return Number(this.statements.countIndexes.get(owner));
  }

  /**
   * The owner's indexes counted no further than `limit`: a count costs a step per index (30 ms
   * at 600,000), and a caller that only asks "at least how many" need not pay for all of them.
   */
  countIndexesUpTo(owner: string, limit: number): number {
    return Number(this.statements.countIndexesUpTo.get(owner, limit));
  }

  /** The most recently added index's record ID, or null. */
  lastRecordId(owner: string): string | null {
    const id = this.statements.lastIndex.get(owner);
    return typeof id === 'string' ? id : null;
  }

  /**
   * Replaces the owner's indexes with `count` generated ones in ONE transaction (one fsync), so
   * seeding 100,000 takes well under a second.
   */
  replaceIndexes(owner: string, count: number, generate: (n: number) => NewIndex): void {
    const run = this.db.transaction(() => {
      this.statements.deleteIndexes.run(owner);
      for (let n = 1; n <= count; n++) this.addIndex(owner, generate(n));
    });
    run();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
