import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { readSiteSettings } from '../global/site-settings';
import { queueMail } from '../mail/mail-queue';
import { acknowledgementText, mayEchoTo } from './acknowledgement-echo';

/** A request someone sent the shop through a form: what both mails about it say. */
export interface RequestMail {
  readonly reference: string;
  readonly sender: { readonly name: string; readonly email: string };
  /** The signed-in customer who sent it, if any: only their own sign-in address gets their text echoed. */
  readonly customer: { readonly userId: number } | null | undefined;
  /** The sender's acknowledgement: its subject and the shop's own words (thanks, the reference, what happens next). */
  readonly acknowledgement: { readonly subject: string; readonly receipt: readonly string[] };
  /** Said instead of the details where they are not echoed (the product asked about). */
  readonly withheldNote?: readonly string[];
  readonly shopSubject: string;
  /** What the sender wrote, as the shop's copy shows it. */
  readonly details: string;
  /** Who signs the acknowledgement: 'trade sales'. */
  readonly team: string;
}

/**
 * The words of both mails for a request known by its title ('warranty claim'), as the forms and the dealer programs
 * put them.
 */
export function titledRequestWords(title: string, reference: string, senderName: string, nextStep: string) {
  return {
    acknowledgement: {
      subject: `We received your ${title} (reference ${reference})`,
      receipt: [
        `Thank you: we received your ${title}. Your reference is ${reference}; please quote it when you contact us.`,
        nextStep,
      ],
    },
    shopSubject: `${title.charAt(0).toUpperCase()}${title.slice(1)} ${reference} from ${senderName}`,
  };
}

/**
 * Queues, in the transaction that stores the request, the sender's acknowledgement and the shop's copy: both leave
 * once the request has committed, and a mail relay that is down delays them instead of losing them.
 */
export async function queueRequestMail(tx: Database, config: Config, now: Date, mail: RequestMail): Promise<void> {
  const settings = await readSiteSettings(tx, config.seedDemoData);
  const echo = await mayEchoTo(tx, mail.customer, mail.sender.email);
  await queueMail(
    tx,
    [
      {
        to: mail.sender.email,
        subject: mail.acknowledgement.subject,
        text: acknowledgementText(echo, {
          senderName: mail.sender.name,
          receipt: mail.acknowledgement.receipt,
          details: mail.details,
          ...(mail.withheldNote ? { withheldNote: mail.withheldNote } : {}),
          signature: `${settings.companyName} ${mail.team}, ${settings.phone}`,
        }),
      },
      {
        to: config.shopMailTo ?? settings.email,
        subject: mail.shopSubject,
        text: [
          `Reference: ${mail.reference}`,
          `Received: ${now.toISOString()}`,
          `Reply to: ${mail.sender.email}`,
          '',
          mail.details,
        ].join('\n'),
      },
    ],
    now,
  );
}
