import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { integrationIdempotency } from '../../db/schema';
import { HttpProblem, problems } from '../../http/problem';
import type { Transaction } from '../checkout/order-reservation';

const idempotencyKeySchema = z.string().trim().min(1).max(100);

/** The request's Idempotency-Key header; an integration route that changes things requires one. */
export function requiredIdempotencyKey(header: string | string[] | undefined): string {
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    const reason = 'Send an Idempotency-Key header of 1 to 100 characters.';
    throw problems.badRequest(reason, [{ name: 'Idempotency-Key', reason }]);
  }
  return parsed.data;
}

export interface IdempotentRequest {
  readonly keyId: number;
  readonly route: string;
  readonly idempotencyKey: string;
  /** The parsed body: its hash tells a retry from another request under the same key. */
  readonly body: unknown;
}

/**
 * Runs `work` once per (integration key, route, Idempotency-Key), in one transaction with the answer it stores: a
 * retry of the same request gets the stored answer without acting again, another request under a used key is refused
 * with 422. Concurrent requests under one key wait for each other on an advisory lock, so the second sees the first's
 * answer. Only an answer is stored; a refusal rolls back with everything else, so a retry is judged afresh.
 */
export async function idempotently<Answer>(
  db: Database,
  request: IdempotentRequest,
  work: (tx: Transaction) => Promise<Answer>,
): Promise<{ readonly answer: Answer; readonly replayed: boolean }> {
  const requestHash = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
  return db.transaction(async (tx) => {
    const lockName = `${request.keyId}\n${request.route}\n${request.idempotencyKey}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockName}, 0))`);
    const [stored] = await tx
      .select()
      .from(integrationIdempotency)
      .where(
        and(
          eq(integrationIdempotency.keyId, request.keyId),
          eq(integrationIdempotency.route, request.route),
          eq(integrationIdempotency.idempotencyKey, request.idempotencyKey),
        ),
      );
    if (stored) {
      if (stored.requestHash !== requestHash)
        throw new HttpProblem(
          422,
          `The Idempotency-Key '${request.idempotencyKey}' was already used for another request; send this one with a new key.`,
        );
      return { answer: stored.response as Answer, replayed: true };
    }
    const answer = await work(tx);
    await tx.insert(integrationIdempotency).values({
      keyId: request.keyId,
      route: request.route,
      idempotencyKey: request.idempotencyKey,
      requestHash,
      statusCode: 200,
      response: answer,
    });
    return { answer, replayed: false };
  });
}
