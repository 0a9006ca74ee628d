// The Drizzle schema, one file per area; each area's tables arrive with a migration of their own.
export * from './foundation';
export * from './auth';
export * from './catalogue';
export * from './forms';
export * from './catalogue-forms';
export * from './cart';
export * from './orders';
export * from './programs';
export * from './integration';
export * from './imports';
export * from './events';
export * from './mail';
export * from './back-office';
export * from './quotes';
