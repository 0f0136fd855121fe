import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A quoted-printable body as text (soft line breaks joined, =XX bytes decoded as UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The mails the server wrote to DATA_DIR/outbox (no SMTP configured) to one address, decoded
 * enough to read links, oldest first.
 */
export function mailsTo(dataDir: string, address: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((raw) =>
      new RegExp(`^To: ${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'im').test(raw),
    )
    .map(decodeQuotedPrintable);
}

/** The invitation link (`…/invitation/<token>`) of a decoded mail. */
export function invitationLink(mail: string): string | null {
  return /https?:\/\/\S+?\/invitation\/[A-Za-z0-9_-]+/.exec(mail)?.[0] ?? null;
}
