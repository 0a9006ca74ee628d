import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every setting the server reads, from the environment, once. Listed in .env.example and the README. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    API_KEY: z.string().min(1).optional(),
    SEED_DEMO_DATA: booleanFlag.default(true),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default('YHI Trade <no-reply@yhi.example>'),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    CAPTCHA_LOCAL_MODE: z.enum(['accept', 'refuse']).default('accept'),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    SHOP_MAIL_TO: z.string().min(3).optional(),
    AZURE_STORAGE_CONNECTION_STRING: z.string().min(1).optional(),
    UPLOAD_CONTAINER: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/, 'UPLOAD_CONTAINER must be a valid blob container name')
      .default('uploads'),
    UPLOAD_SAS_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    AZURITE_BLOB_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    ACCESS_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).default(86_400),
    AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
    AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    REDIS_URL: z
      .url()
      .refine((url) => /^rediss?:\/\//.test(url), 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
    PAYMENT_GATEWAY_URL: z.url().optional(),
    PAYMENT_GATEWAY_SECRET: z.string().min(32, 'PAYMENT_GATEWAY_SECRET must be at least 32 characters').optional(),
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
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
      jwtSecret,
      apiKey: env.API_KEY,
      seedDemoData: env.SEED_DEMO_DATA,
      webDistDir: path.resolve(env.WEB_DIST_DIR),
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      recaptchaSecret: env.RECAPTCHA_SECRET,
      captchaLocalMode: env.CAPTCHA_LOCAL_MODE,
      recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
      shopMailTo: env.SHOP_MAIL_TO,
      azureStorageConnectionString: env.AZURE_STORAGE_CONNECTION_STRING,
      uploadContainer: env.UPLOAD_CONTAINER,
      uploadSasMinutes: env.UPLOAD_SAS_MINUTES,
      azuriteBlobPort: env.AZURITE_BLOB_PORT,
      accessTokenLifetimeSeconds: env.ACCESS_TOKEN_LIFETIME_SECONDS,
      authRateLimit: {
        perAddress: env.AUTH_RATE_LIMIT_PER_ADDRESS,
        perAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
        windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
        /** Where the counts live when several instances must share them; undefined keeps them in memory. */
        redisUrl: env.REDIS_URL,
      },
      /** The hosted card payment page; undefined means the shop's own sandbox page (docs/payments.md). */
      paymentGatewayUrl: env.PAYMENT_GATEWAY_URL,
      paymentGatewaySecret: env.PAYMENT_GATEWAY_SECRET ?? derivedSecret(jwtSecret, 'payment-gateway'),
      paypal:
        env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
          ? { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiBase: env.PAYPAL_API_BASE.replace(/\/+$/, '') }
          : undefined,
      /** Lets a scraper that is not on this host read /metrics (as a bearer token); loopback needs none. */
      metricsToken: env.METRICS_TOKEN,
    };
  });

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
