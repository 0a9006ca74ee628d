import { z } from 'zod';
import { parseTyreFitments } from '../domain/tyre-size';
import { PCD_PATTERN } from './catalogue-wheels';
import { queryId } from './ids';
import type { IntegrationScope } from './integration';
import { defineRoute } from './route';

/**
 * The importer's contract (docs/integration.md): the entities it takes, each row's columns as zod schemas (the same
 * rules for a CSV file, a JSON Lines file, the HTTP route and the command line), and what a job answers.
 */

// ---------- Cells ----------

/** A cell as a file gives it: CSV cells are text, JSON Lines values may already be numbers. */
const cellText = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

const requiredText = (max: number) =>
  cellText.pipe(z.string().min(1, 'is empty').max(max, `is longer than ${max} characters`));

/** A whole number of items, 0 or more ('12', 12). */
const quantity = cellText.pipe(
  z
    .string()
    .min(1, 'is empty')
    .regex(/^\d{1,9}$/, 'is not a whole number of 0 or more')
    .transform(Number),
);

// ---------- Entities ----------

export const importModes = ['row-wise', 'all-or-nothing', 'dry-run'] as const;
export type ImportMode = (typeof importModes)[number];
export const importModeSchema = z.enum(importModes);

/** One stock level: the quantity on hand of a SKU in a warehouse (its code, or the name customers see). */
export const stockLevelRowSchema = z.object({
  sku: requiredText(64),
  warehouse: requiredText(64),
  quantity,
});
export type StockLevelRow = z.output<typeof stockLevelRowSchema>;

/** A warehouse: the company's own (serving a state) or a supplier's stock (no state). */
export const warehouseRowSchema = z
  .object({
    code: requiredText(32),
    name: requiredText(64),
    kind: cellText.pipe(z.enum(['own', 'supplier'], { error: "is not 'own' or 'supplier'" })),
    state: cellText.pipe(
      z.union([
        z.literal('').transform(() => null),
        z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'], { error: 'is not an Australian state' }),
      ]),
    ),
  })
  .refine((row) => (row.kind === 'own') === (row.state !== null), {
    path: ['state'],
    message: 'is needed for an own warehouse and empty for a supplier',
  });
export type WarehouseRow = z.output<typeof warehouseRowSchema>;

/** A calendar day as 'YYYY-MM-DD' that exists (no 31 June); empty is null. */
const optionalCalendarDate = cellText.pipe(
  z.union([z.literal('').transform(() => null), z.iso.date({ error: 'is not a date (YYYY-MM-DD)' })]),
);

/**
 * Inbound stock: the quantity on order of a SKU for a warehouse and, optionally, the day it is expected there (a
 * calendar date in the warehouse's state).
 */
export const inboundStockRowSchema = z.object({
  sku: requiredText(64),
  warehouse: requiredText(64),
  quantity,
  expected: optionalCalendarDate.optional().transform((date) => date ?? null),
});
export type InboundStockRow = z.output<typeof inboundStockRowSchema>;

/** A whole number in a range, with an optional sign ('-25', '+10', 30). */
const wholeNumber = (min: number, max: number) =>
  cellText.pipe(
    z
      .string()
      .min(1, 'is empty')
      .regex(/^[+-]?\d{1,4}$/, 'is not a whole number')
      .transform(Number)
      .pipe(z.number().min(min, `is less than ${min}`).max(max, `is more than ${max}`)),
  );

/** A measure with at most one decimal place in a range ('106.1', '8.5', 7). */
const tenths = (min: number, max: number) =>
  cellText.pipe(
    z
      .string()
      .min(1, 'is empty')
      .regex(/^\d{1,4}(\.\d)?$/, 'is not a number with at most one decimal place')
      .transform(Number)
      .pipe(z.number().min(min, `is less than ${min}`).max(max, `is more than ${max}`)),
  );

/** yes/no, y/n, true/false or 1/0 in any case; JSON Lines may give a boolean. */
const yesNo = z.union([z.boolean(), z.string(), z.number()]).transform((value, context) => {
  const text = String(value).trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  context.addIssue({ code: 'custom', message: 'is not yes or no' });
  return z.NEVER;
});

/** A stud thread: metric 'M12x1.5' (any case) or imperial '1/2 UNF'. */
const thread = cellText.pipe(
  z.union(
    [
      z
        .string()
        .regex(/^m\d{1,2}x\d(\.\d{1,2})?$/i)
        .transform((text) => `M${text.slice(1).toLowerCase()}`),
      z
        .string()
        .regex(/^\d{1,2}\/\d{1,2}"? UN[CF]$/i)
        .transform((text) => text.toUpperCase()),
    ],
    { error: 'is not a stud thread such as M12x1.5 or 1/2 UNF' },
  ),
);

/** The fitments a vehicle came with, as parseTyreFitments reads them (src/domain/tyre-size.ts). */
const tyreFitments = cellText.transform((text, context) => {
  const parsed = parseTyreFitments(text);
  if ('unreadable' in parsed) {
    context.addIssue({
      code: 'custom',
      message: `'${parsed.unreadable}' is not a size such as 265/65R17, or F 245/40R19 R 275/35R19 when staggered`,
    });
    return z.NEVER;
  }
  if (parsed.fitments.length === 0) {
    context.addIssue({ code: 'custom', message: 'is empty' });
    return z.NEVER;
  }
  return parsed.fitments;
});

/**
 * A vehicle, one make, model and series, with the wheel fitment the cart's checks read and the tyre sizes it came
 * with. The wheel seat is the wheel's, not the vehicle's, so there is no seat column.
 */
export const vehicleRowSchema = z
  .object({
    make: requiredText(64),
    model: requiredText(64),
    series: requiredText(64),
    year_from: wholeNumber(1900, 2100),
    year_to: cellText.pipe(
      z
        .string()
        .regex(/^(\d{1,4})?$/, 'is not a whole number')
        .transform((text) => (text === '' ? null : Number(text)))
        .pipe(z.number().min(1900, 'is less than 1900').max(2100, 'is more than 2100').nullable()),
    ),
    pcd: cellText.pipe(z.string().toLowerCase().regex(PCD_PATTERN, 'is not a bolt pattern such as 6x139.7')),
    centre_bore: tenths(40, 200),
    thread,
    fastener: cellText.pipe(
      z
        .string()
        .toLowerCase()
        .pipe(z.enum(['nut', 'bolt'], { error: "is not 'nut' or 'bolt'" }))
        .transform((fastener) => (fastener === 'bolt' ? 'Bolt' : 'Nut')),
    ),
    offset_min: wholeNumber(-100, 100),
    offset_max: wholeNumber(-100, 100),
    diameter_min: wholeNumber(12, 26),
    diameter_max: wholeNumber(12, 26),
    width_min: tenths(4, 14),
    width_max: tenths(4, 14),
    tpms: yesNo,
    tyre_sizes: tyreFitments,
  })
  .refine((row) => row.year_to === null || row.year_to >= row.year_from, {
    path: ['year_to'],
    message: 'is before year_from',
  })
  .refine((row) => row.offset_max >= row.offset_min, { path: ['offset_max'], message: 'is less than offset_min' })
  .refine((row) => row.diameter_max >= row.diameter_min, {
    path: ['diameter_max'],
    message: 'is less than diameter_min',
  })
  .refine((row) => row.width_max >= row.width_min, { path: ['width_max'], message: 'is less than width_min' });
export type VehicleRow = z.output<typeof vehicleRowSchema>;

interface ImportEntity {
  /** The scope an integration key needs to import it. */
  readonly scope: IntegrationScope;
  readonly row: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  /** The columns a file must have; the natural key first. */
  readonly columns: readonly string[];
  readonly summary: string;
}

export const importEntities = {
  warehouses: {
    scope: 'catalogue',
    row: warehouseRowSchema,
    columns: ['code', 'name', 'kind', 'state'],
    summary:
      "The wholesaler's warehouses by code: the company's own (with the state each serves) and supplier stock (no state). The name is what customers see in the stock breakdown.",
  },
  'stock-deltas': {
    scope: 'stock',
    row: stockLevelRowSchema,
    columns: ['sku', 'warehouse', 'quantity'],
    summary:
      'Stock levels that changed: only the listed SKU and warehouse pairs change, each set to the quantity on hand given (a level, not an increment, so a feed replayed twice gives the same stock).',
  },
  stock: {
    scope: 'stock',
    row: stockLevelRowSchema,
    columns: ['sku', 'warehouse', 'quantity'],
    summary:
      'A full stock snapshot of the warehouses it names: listed pairs are set to the quantity given, and every other product of those warehouses to 0.',
  },
  'inbound-stock': {
    scope: 'stock',
    row: inboundStockRowSchema,
    columns: ['sku', 'warehouse', 'quantity'],
    summary:
      'Stock on order: each listed SKU and warehouse pair is set to the quantity inbound and the day it is expected (optional; a quantity of 0 clears it). The quantity on hand is kept.',
  },
  vehicles: {
    scope: 'catalogue',
    row: vehicleRowSchema,
    columns: [
      'make',
      'model',
      'series',
      'year_from',
      'year_to',
      'pcd',
      'centre_bore',
      'thread',
      'fastener',
      'offset_min',
      'offset_max',
      'diameter_min',
      'diameter_max',
      'width_min',
      'width_max',
      'tpms',
      'tyre_sizes',
    ],
    summary:
      "Vehicles by make, model and series: years, wheel fitment (PCD, centre bore, stud thread, nuts or bolts, offset, rim diameter and width ranges, TPMS) and the tyre sizes it came with, which replace the vehicle's sizes. A new make is created.",
  },
} as const satisfies Record<string, ImportEntity>;
export type ImportEntityName = keyof typeof importEntities;
export const importEntityNames = Object.keys(importEntities) as ImportEntityName[];
export const importEntitySchema = z.enum(importEntityNames as [ImportEntityName, ...ImportEntityName[]]);

// ---------- Jobs ----------

export const importJobStates = ['queued', 'validating', 'applying', 'done', 'failed', 'cancelled'] as const;
export type ImportJobState = (typeof importJobStates)[number];

export const importCountsSchema = z.object({
  read: z.int(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  failed: z.int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;
export const NO_IMPORT_COUNTS: ImportCounts = { read: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };

/** One refused row: the file's own line (the header is line 1), the column, an excerpt of the value, and why. */
export const importRowErrorSchema = z.object({
  line: z.int(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importJobSchema = z.object({
  id: z.int(),
  entity: importEntitySchema,
  mode: importModeSchema,
  state: z.enum(importJobStates),
  counts: importCountsSchema,
  /** Rows looked at so far in the current step, for a progress bar. */
  progressRows: z.int(),
  startedBy: z.string(),
  fileName: z.string(),
  fileBytes: z.int(),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why a failed job failed, in a sentence. */
  failure: z.string().nullable(),
  /** The first refused rows; all of them come as CSV from Integration/ImportErrors. */
  errors: z.array(importRowErrorSchema),
});
export type ImportJob = z.infer<typeof importJobSchema>;

const jobIdQuery = z.strictObject({ id: queryId });

export const importRoutes = {
  integrationImport: defineRoute({
    method: 'GET',
    path: 'Integration/Import',
    access: 'integration',
    tag: 'Integration',
    summary: 'One import job: its state, counts, progress and first refused rows',
    query: jobIdQuery,
    response: importJobSchema,
  }),
  integrationImports: defineRoute({
    method: 'GET',
    path: 'Integration/Imports',
    access: 'integration',
    tag: 'Integration',
    summary: 'The latest import jobs, newest first',
    response: z.object({ jobs: z.array(importJobSchema) }),
  }),
  integrationImportErrors: defineRoute({
    method: 'GET',
    path: 'Integration/ImportErrors',
    access: 'integration',
    tag: 'Integration',
    summary: 'Every refused row of an import job as CSV: line, column, value, reason',
    query: jobIdQuery,
    response: z.string(),
    produces: 'text/csv; charset=utf-8',
  }),
};
