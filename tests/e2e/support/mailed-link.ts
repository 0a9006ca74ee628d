import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The link to `page` in the shop's latest mail to `to`, once its delivery loop has sent it (null until then). */
export function linkMailedTo(to: string, page: string): string | null {
  const dataDir = process.env.E2E_SHOP_DATA_DIR;
  if (!dataDir) throw new Error('E2E_SHOP_DATA_DIR is not set (tests/e2e/support/global-setup.ts)');
  let names: string[];
  try {
    names = readdirSync(path.join(dataDir, 'outbox')).sort();
  } catch {
    return null;
  }
  const mails = names
    .map((name) => readFileSync(path.join(dataDir, 'outbox', name), 'utf8'))
    .filter((mail) => new RegExp(`^To: ${to}$`, 'mi').test(mail))
    // Quoted-printable: soft line breaks and '=' escapes undone, so the link reads whole.
    .map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  const escaped = page.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const found = new RegExp(`https?://\\S+${escaped}\\?\\S+`).exec(mails.at(-1) ?? '');
  return found ? found[0] : null;
}
