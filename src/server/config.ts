import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isValidAbn } from '../contract/abn';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const isAddressOrRange = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  return isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
};

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none (off), the nearest N hops, or the listed
 * addresses and ranges. Anything else would let a client pick its own address and escape per-address limits.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'off' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length > 0 && entries.every(isAddressOrRange)) return entries;
    context.addIssue({ code: 'custom', message: 'TRUST_PROXY must be off, a hop count, or a list of addresses' });
    return z.NEVER;
  });

/** Every setting the server reads, from the environment, once. Listed in .env.example and the README. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    TRUST_PROXY: trustProxySetting.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    API_KEY: z.string().min(1).optional(),
    SEED_DEMO_DATA: booleanFlag.default(true),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default('YHI Trade <no-reply@yhi.example>'),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    CAPTCHA_LOCAL_MODE: z.enum(['accept', 'refuse']).optional(),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    SHOP_MAIL_TO: z.string().min(3).optional(),
    SHOP_LEGAL_NAME: z.string().trim().min(2).max(120).default('YHI Trade Pty Ltd'),
    SHOP_ABN: z
      .string()
      .refine(isValidAbn, 'SHOP_ABN must be an 11-digit ABN with a valid checksum')
      .default('99 041 123 456'),
    AZURE_STORAGE_CONNECTION_STRING: z.string().min(1).optional(),
    UPLOAD_CONTAINER: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/, 'UPLOAD_CONTAINER must be a valid blob container name')
      .default('uploads'),
    PICTURE_CONTAINER: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/, 'PICTURE_CONTAINER must be a valid blob container name')
      .default('pictures'),
    UPLOAD_SAS_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    AZURITE_BLOB_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    ACCESS_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).default(86_400),
    /** Staff (and staff acting as a customer) hold more power than a customer, so their tokens live shorter. */
    STAFF_ACCESS_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).default(3_600),
    AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
    AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    FORM_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(10),
    FORM_RATE_LIMIT_PER_RECIPIENT: z.coerce.number().int().positive().default(5),
    FORM_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
    IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(1_073_741_824),
    INTEGRATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    DISCOUNT_CODE_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    DISCOUNT_CODE_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
    DISCOUNT_CODE_FAILURES_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
    IMAGE_CACHE_MAX_BYTES: z.coerce.number().int().positive().default(268_435_456),
    IMAGE_RENDER_CONCURRENCY: z.coerce
      .number()
      .int()
      .positive()
      .default(Math.max(1, Math.floor(availableParallelism() / 2))),
    REDIS_URL: z
      .url()
      .refine((url) => /^rediss?:\/\//.test(url), 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
    PAYMENT_GATEWAY_URL: z.url().optional(),
    PAYMENT_SANDBOX: booleanFlag.optional(),
    PAYMENT_GATEWAY_SECRET: z.string().min(32, 'PAYMENT_GATEWAY_SECRET must be at least 32 characters').optional(),
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
    PAYPAL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
    PAYMENT_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1_440).default(30),
    PAYMENT_RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    DELIVERY_POLL_MILLISECONDS: z.coerce.number().int().min(0).max(60_000).default(250),
    INVOICE_NUMBERS_FROM_ERP: booleanFlag.default(false),
  })
  .superRefine((env, context) => {
    // A live shop without reCAPTCHA would let scripts use its forms; the local verifier must be chosen on purpose.
    if (
      env.NODE_ENV === 'production' &&
      !env.SEED_DEMO_DATA &&
      !env.RECAPTCHA_SECRET &&
      env.CAPTCHA_LOCAL_MODE === undefined
    ) {
      context.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SECRET'],
        message:
          'set RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET in production, or CAPTCHA_LOCAL_MODE to use the local verifier on purpose',
      });
    }
    // The sandbox card page marks orders and invoices paid for nothing: in production only the demo may have it.
    if (env.NODE_ENV === 'production' && !env.SEED_DEMO_DATA && env.PAYMENT_SANDBOX === true) {
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_SANDBOX'],
        message:
          'PAYMENT_SANDBOX=true marks payments paid without charging: in production it is only for the demo (SEED_DEMO_DATA=true); set PAYMENT_GATEWAY_URL',
      });
    }
  })
  .transform((env) => {
    const jwtSecret = env.JWT_SECRET ?? localSecret(path.resolve(env.DATA_DIR));
    return {
      nodeEnv: env.NODE_ENV,
      host: env.HOST,
      port: env.PORT,
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      logLevel: env.LOG_LEVEL,
      trustProxy: env.TRUST_PROXY,
      jwtSecret,
      apiKey: env.API_KEY,
      seedDemoData: env.SEED_DEMO_DATA,
      webDistDir: path.resolve(env.WEB_DIST_DIR),
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      recaptchaSecret: env.RECAPTCHA_SECRET,
      captchaLocalMode: env.CAPTCHA_LOCAL_MODE ?? 'accept',
      recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
      shopMailTo: env.SHOP_MAIL_TO,
      /** The seller a tax invoice names: legal name and ABN (the default ABN is a checksum-valid demo number). */
      seller: { legalName: env.SHOP_LEGAL_NAME, abn: formatAbn(env.SHOP_ABN) },
      azureStorageConnectionString: env.AZURE_STORAGE_CONNECTION_STRING,
      uploadContainer: env.UPLOAD_CONTAINER,
      /** The container of imported product pictures (docs/integration.md, Pictures). */
      pictureContainer: env.PICTURE_CONTAINER,
      uploadSasMinutes: env.UPLOAD_SAS_MINUTES,
      azuriteBlobPort: env.AZURITE_BLOB_PORT,
      accessTokenLifetimeSeconds: env.ACCESS_TOKEN_LIFETIME_SECONDS,
      staffAccessTokenLifetimeSeconds: env.STAFF_ACCESS_TOKEN_LIFETIME_SECONDS,
      authRateLimit: {
        perAddress: env.AUTH_RATE_LIMIT_PER_ADDRESS,
        perAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
        windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
        /** Where the counts live when several instances must share them; undefined keeps them in memory. */
        redisUrl: env.REDIS_URL,
      },
      images: { cacheMaxBytes: env.IMAGE_CACHE_MAX_BYTES, renderConcurrency: env.IMAGE_RENDER_CONCURRENCY },
      formRateLimit: {
        perAddress: env.FORM_RATE_LIMIT_PER_ADDRESS,
        perRecipient: env.FORM_RATE_LIMIT_PER_RECIPIENT,
        windowSeconds: env.FORM_RATE_LIMIT_WINDOW_SECONDS,
      },
      /** Calls each integration key may make a minute, on every instance together. */
      integrationRateLimitPerMinute: env.INTEGRATION_RATE_LIMIT_PER_MINUTE,
      /** The largest file the import route takes (it is streamed to DATA_DIR/imports, never held in memory). */
      importMaxBytes: env.IMPORT_MAX_BYTES,
      discountCodeLimit: {
        failuresPerAccount: env.DISCOUNT_CODE_FAILURES_PER_ACCOUNT,
        failuresPerAddress: env.DISCOUNT_CODE_FAILURES_PER_ADDRESS,
        windowSeconds: env.DISCOUNT_CODE_FAILURES_WINDOW_SECONDS,
      },
      /** The hosted card payment page; undefined means the shop's own sandbox page (docs/payments.md). */
      paymentGatewayUrl: env.PAYMENT_GATEWAY_URL,
      /**
       * The shop's own sandbox card page, which charges nothing: only without a gateway, and only in demo mode or
       * (outside production, for development and tests) when PAYMENT_SANDBOX=true says so. Without a gateway and
       * without it, card payments are not offered.
       */
      paymentSandbox: env.PAYMENT_GATEWAY_URL === undefined && (env.PAYMENT_SANDBOX ?? env.SEED_DEMO_DATA),
      paymentGatewaySecret: env.PAYMENT_GATEWAY_SECRET ?? derivedSecret(jwtSecret, 'payment-gateway'),
      paypal:
        env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
          ? {
              clientId: env.PAYPAL_CLIENT_ID,
              clientSecret: env.PAYPAL_CLIENT_SECRET,
              apiBase: env.PAYPAL_API_BASE.replace(/\/+$/, ''),
            }
          : undefined,
      /** How long a call to PayPal may take; a capture past it leaves the order reserved, its outcome unknown. */
      paypalTimeoutMs: env.PAYPAL_TIMEOUT_SECONDS * 1000,
      /** How long a card or PayPal order holds its stock while its payment is outstanding (docs/checkout.md). */
      paymentReservationMinutes: env.PAYMENT_RESERVATION_MINUTES,
      /** How often each instance releases lapsed reservations; 0 turns the sweep off (tests run it by hand). */
      paymentReservationSweepSeconds: env.PAYMENT_RESERVATION_SWEEP_SECONDS,
      /** Lets a scraper that is not on this host read /metrics (as a bearer token); loopback needs none. */
      metricsToken: env.METRICS_TOKEN,
      webhooks: {
        /** Loopback and private receivers are refused unless this allows them (a local ERP, tests). */
        allowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
        timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
      },
      /** How often each instance looks for webhooks and mail to send; 0 leaves it to other instances (tests run it by hand). */
      deliveryPollMs: env.DELIVERY_POLL_MILLISECONDS,
      /**
       * The ERP issues the invoices (the invoices import): an order on account makes none in the shop, and counts
       * towards the credit used until its invoice arrives.
       */
      invoiceNumbersFromErp: env.INVOICE_NUMBERS_FROM_ERP,
    };
  });

/** '99041123456' → '99 041 123 456', as an ABN is printed. */
function formatAbn(abn: string): string {
  const digits = abn.replace(/\s/g, '');
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}

/** A secret of its own for another purpose, derived from one already configured, so no extra set-up is needed. */
function derivedSecret(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}

/**
 * Without JWT_SECRET, a single installation signs tokens with a random secret kept in DATA_DIR,
 * so `npm start` needs no set-up and sessions survive restarts. Several instances must share JWT_SECRET.
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

export type Config = z.output<typeof configSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
