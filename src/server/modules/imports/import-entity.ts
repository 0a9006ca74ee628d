import type { ImportCounts } from '../../../contract/imports';
import type { Database } from '../../db/client';

/** Why one row is refused: the column at fault, an excerpt of its value, and the reason in words. */
export interface RowIssue {
  readonly column: string;
  readonly value: string;
  readonly reason: string;
}

export type ResolvedRow<Resolved> =
  { readonly line: number; readonly resolved: Resolved } | { readonly line: number; readonly issue: RowIssue };

export type AppliedCounts = Pick<ImportCounts, 'created' | 'updated' | 'unchanged'>;

/**
 * What the importer needs of one entity beyond its row schema (src/contract/imports.ts): how rows are resolved
 * against the database (a SKU to its product, a warehouse code to its warehouse) and how a batch is applied.
 */
export interface EntityImporter<Row, Resolved, Session> {
  /** Loads once per job what resolving rows needs. */
  begin(db: Database): Promise<Session>;
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
