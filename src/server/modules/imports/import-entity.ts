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
}
