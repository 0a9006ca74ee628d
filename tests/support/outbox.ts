import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  readonly to: string;
  readonly subject: string;
  /** The whole message with quoted-printable soft breaks and '=' escapes undone (enough to search its text). */
  readonly body: string;
}

/** The mails the shop wrote to DATA_DIR/outbox (.eml files, as SMTP would carry them), oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const directory = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(directory).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const raw = readFileSync(path.join(directory, name), 'utf8');
    const [folded = '', ...rest] = raw.split('\n\n');
    const head = folded.replace(/\n[ \t]+/g, ' ');
    const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
    return {
      to: header('To'),
      subject: header('Subject'),
      body: rest.join('\n\n').replace(/=\n/g, '').replace(/=3D/g, '='),
    };
  });
}

/** Sends the mail `app` has queued (its outbox's delivery loop is off in tests), then reads what it wrote. */
export async function sentMail(app: { sendQueuedMail(): Promise<number> }, dataDir: string): Promise<OutboxMail[]> {
  await app.sendQueuedMail();
  return readOutbox(dataDir);
}
