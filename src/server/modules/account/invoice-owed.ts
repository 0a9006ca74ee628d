import { sql } from 'drizzle-orm';
import { invoices } from '../../db/schema';

/**
 * What an invoice still owes, in SQL: its total less what was paid and what was credited, never below zero. The same
 * sum as invoiceStanding's outstanding (src/domain/invoice-standing.ts), for queries that filter and add it up.
 */
export const owedCents =
  sql<number>`greatest(${invoices.totalCents} - ${invoices.paidCents} - ${invoices.creditedCents}, 0)`.mapWith(Number);
