import { GrammyError, type Api } from 'grammy';

/** Telegram answered that it did not refund (a 4xx error other than "already refunded"). */
export class StarsRefused extends Error {
  constructor(readonly description: string) {
    super(description);
  }
}

/** What Zalik asks of Telegram's Stars payments (Bot API, currency XTR). */
export interface StarsGateway {
  /** An invoice link for `stars` Stars; `payload` comes back in pre_checkout_query and successful_payment. */
  createInvoiceLink(input: { title: string; description: string; payload: string; stars: number }): Promise<string>;
  /**
   * Returns the Stars of a payment to the user. Resolves 'refunded' when Telegram did it now and
   * 'already' when it says the charge was refunded before; throws StarsRefused when Telegram
   * answered that it did not refund, and any other error when no answer says either way (no
   * connection, a timeout, a 5xx or 429): the refund may or may not have happened, and a repeated
   * call tells which.
   */
  refund(userId: number, chargeId: string): Promise<'refunded' | 'already'>;
}

/** The Bot API says this when the charge was refunded before (by us, or by Telegram's support). */
const ALREADY_REFUNDED = /CHARGE_ALREADY_REFUNDED/i;

export function telegramStars(api: Api): StarsGateway {
  return {
    createInvoiceLink: ({ title, description, payload, stars }) =>
      // Digital goods: currency XTR and an empty provider token (Telegram's terms, section 6.2).
      api.createInvoiceLink(title, description, payload, '', 'XTR', [{ label: title, amount: stars }]),
    async refund(userId, chargeId) {
      try {
        await api.refundStarPayment(userId, chargeId);
        return 'refunded';
      } catch (err) {
        if (err instanceof GrammyError && ALREADY_REFUNDED.test(err.description)) return 'already';
        if (err instanceof GrammyError && err.error_code >= 400 && err.error_code < 500 && err.error_code !== 429) {
          throw new StarsRefused(err.description);
        }
        throw err;
      }
    },
  };
}
