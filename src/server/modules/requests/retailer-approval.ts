import type { Database } from '../../db/client';
import type { formSubmissions } from '../../db/schema';
import { problems } from '../../http/problem';

/**
 * Opens the trade account a retailer applied for and invites its first user, in the transaction that approves the
 * application. Until accounts can be created from the back office, approving one is refused and nothing changes.
 */
export async function approveRetailerApplication(
  _tx: Database,
  _submission: typeof formSubmissions.$inferSelect,
  _staffId: number,
  _now: Date,
): Promise<void> {
  throw problems.conflict('Approving a retailer application is not available yet');
}
