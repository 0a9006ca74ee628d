import type { PgTable } from 'drizzle-orm/pg-core';
import type { ImportCounts } from '../../../contract/imports';
import type { Database } from '../../db/client';
import type { PictureStorage } from '../../integrations/storage/picture-storage';

/** Why one row is refused: the column at fault, an excerpt of its value, and the reason in words. */
export interface RowIssue {
  readonly column: string;
  readonly value: string;
  readonly reason: string;
}

export type ResolvedRow<Resolved> =
  { readonly line: number; readonly resolved: Resolved } | { readonly line: number; readonly issue: RowIssue };

export type AppliedCounts = Pick<ImportCounts, 'created' | 'updated' | 'unchanged'>;

/** What a job gives its entity besides the database. */
export interface ImportContext {
  /** False while validating and in a dry run: then nothing outside the database's transaction may be written. */
  readonly writes: boolean;
  /** Where product pictures are kept; null where blob storage is not configured. */
  readonly pictureStorage: PictureStorage | null;
}

/**
 * What the importer needs of one entity beyond its row schema (src/contract/imports.ts): how rows are resolved
 * against the database (a SKU to its product, a warehouse code to its warehouse) and how a batch is applied.
 */
export interface EntityImporter<Row, Resolved, Session> {
  /**
   * The tables a job of the entity can fill with many rows. The planner's statistics of them are refreshed as they
   * grow: the embedded database runs no autovacuum, and PostgreSQL's comes minutes after a bulk load, while every
   * batch looks rows up by key; on statistics of a near-empty table, each lookup reads the whole table.
   */
  readonly fills?: readonly PgTable[];
  /** Rows resolved and applied together, when fewer than the importer's usual batch (rows that carry a file). */
  readonly batchRows?: number;
  /** Loads once per job what resolving rows needs. */
  begin(db: Database, context: ImportContext): Promise<Session>;
  /** Each row of a batch, resolved or refused. */
  resolve(
    db: Database,
    session: Session,
    rows: readonly { line: number; row: Row }[],
  ): Promise<ResolvedRow<Resolved>[]>;
  /** Applies a batch in the transaction it is given; answers what changed. */
  apply(tx: Database, session: Session, rows: readonly Resolved[]): Promise<AppliedCounts>;
  /** After the last batch, in its transaction: what a whole file implies (a snapshot zeroes what it did not list). */
  finish?(tx: Database, session: Session, outcome: { readonly anyRefused: boolean }): Promise<AppliedCounts>;
  /**
   * After a job stopped short of `finish` (failed, cancelled, or its server killed) with batches committed: what those
   * batches still owe every instance, for an entity that announces its changes only when the job ends.
   */
  interrupted?(db: Database): Promise<void>;
}
