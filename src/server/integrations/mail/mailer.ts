import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * What `make` resolves to, made on the first call. The transports are made on the first mail, and nodemailer is loaded
 * then rather than when the server starts (about 30 ms of the start, for what an instance uses a few times a day;
 * docs/performance.md).
 */
function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make();
    return made;
  };
}

const nodemailer = async () => (await import('nodemailer')).default;

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file under $DATA_DIR/outbox,
 * byte for byte what SMTP would have carried, so it can be opened in any mail program.
 */
function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    const transport = onFirstUse(async () => (await nodemailer()).createTransport(smtpUrl));
    return {
      send: async (message) => {
        await (await transport()).sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const transport = onFirstUse(async () =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  const directory = outboxDir(config.dataDir);
  return {
    send: async (message) => {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...message });
      await mkdir(directory, { recursive: true });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(directory, name), info.message as Buffer);
    },
  };
}

const mailers = new WeakMap<object, Mailer>();

/** One mailer per configuration, made on first use. */
export function mailerFor(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    mailer = createMailer(config);
    mailers.set(config, mailer);
  }
  return mailer;
}
