import { randomUUID } from 'node:crypto';
import type { ContactRequest, ContactResponse } from '@spreadscope/contracts';
import { checkedContact, contactProblems, type Language } from '@spreadscope/core';
import type { ContactRepository } from '@spreadscope/db';
import { loggableError } from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { maskEmail } from '../mail/mask-email.ts';
import { inquiryMail } from './contact-mail.ts';

export interface ContactServiceOptions {
  readonly repository: ContactRepository;
  readonly mailer: Mailer;
  /** CONTACT_TO (or OPERATOR_EMAIL); null: inquiries are stored only. */
  readonly to: string | null;
  readonly perHour: number;
  readonly now?: () => number;
  readonly log: { warn(message: string): void };
}

/** Seconds to wait before this address may send again, or null while it may. */
export type ContactLimit = () => Promise<number | null>;

/** Spec §5's contact form: checked, kept, then mailed to the operator. */
export class ContactService {
  readonly perHour: number;
  private readonly now: () => number;

  constructor(private readonly options: ContactServiceOptions) {
    this.perHour = options.perHour;
    this.now = options.now ?? Date.now;
  }

  async submit(body: ContactRequest, language: Language, limit: ContactLimit): Promise<ContactResponse> {
    const [problem] = contactProblems(body);
    if (problem)
      throw new ApiError(400, `invalid_${problem.field}`, problem.key, problem.params, problem.field);
    // Counted only once the form is right: a visitor fixing a typo does not use up their inquiries.
    const wait = await limit();
    if (wait !== null) {
      throw new ContactLimitError(wait);
    }
    const form = checkedContact(body);
    if (!form) throw new ApiError(400, 'bad_request', 'error.badRequest');
    const inquiry = { id: randomUUID(), ...form, language, receivedAt: this.now() };
    await this.options.repository.save(inquiry);
    if (this.options.to) {
      try {
        await this.options.mailer.send(inquiryMail(this.options.to, inquiry));
        await this.options.repository.markMailed(inquiry.id, this.now());
      } catch (error) {
        // Kept all the same: the operator finds it with `npm run admin -- inquiries`.
        this.options.log.warn(
          `contact inquiry ${inquiry.id} from ${maskEmail(form.email)} stored but not mailed: ${loggableError(error).message}`,
        );
      }
    }
    return { id: inquiry.id, receivedAt: inquiry.receivedAt };
  }
}

export class ContactLimitError extends ApiError {
  constructor(readonly retryAfter: number) {
    super(429, 'contact_rate_limited', 'contact.tooMany', {
      minutes: Math.max(1, Math.ceil(retryAfter / 60)),
    });
  }
}
