import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'yhi-config-'));

describe('configuration', () => {
  it('has working defaults for `npm start`', () => {
    const dataDir = tempDir();
    const config = readConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir,
      databaseUrl: undefined,
      seedDemoData: true,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('names the seller of tax invoices: a demo legal name and checksum-valid ABN by default, refusing a bad ABN', () => {
    expect(readConfig({ DATA_DIR: tempDir() }).seller).toEqual({
      legalName: 'YHI Trade Pty Ltd',
      abn: '99 041 123 456',
    });
    expect(
      readConfig({ DATA_DIR: tempDir(), SHOP_LEGAL_NAME: 'Acme Wheels Pty Ltd', SHOP_ABN: '51824753556' }).seller,
    ).toEqual({
      legalName: 'Acme Wheels Pty Ltd',
      abn: '51 824 753 556',
    });
    expect(() => readConfig({ DATA_DIR: tempDir(), SHOP_ABN: '51 824 753 557' })).toThrow(/SHOP_ABN/);
  });

  it('keeps the generated signing secret in DATA_DIR so sessions survive a restart', () => {
    const dataDir = tempDir();
    const first = readConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(readConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('reads the environment', () => {
    const config = readConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      JWT_SECRET: 'x'.repeat(40),
      SEED_DEMO_DATA: 'false',
      API_KEY: 'k',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config).toMatchObject({ port: 8080, seedDemoData: false, apiKey: 'k', jwtSecret: 'x'.repeat(40) });
    expect(config.authRateLimit.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('refuses bad values, naming each setting', () => {
    expect(() =>
      readConfig({ DATA_DIR: tempDir(), PORT: 'eighty', JWT_SECRET: 'short', DATABASE_URL: 'not a url' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET|PORT[\s\S]*JWT_SECRET/);
    expect(() => readConfig({ DATA_DIR: tempDir(), REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });
});
