import { GrammyError, type Api } from 'grammy';

/** What Zalik asks of Telegram's Stars payments (Bot API, currency XTR). */
export interface StarsGateway {
  /** An invoice link for `stars` Stars; `payload` comes back in pre_checkout_query and successful_payment. */
  createInvoiceLink(input: { title: string; description: string; payload: string; stars: number }): Promise<string>;
  /**
   * Returns the Stars of a payment to the user. Resolves 'refunded' when Telegram did it now and
   * 'already' when it says the charge was refunded before; throws when it did not refund.
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
        throw err;
      }
    },
  };
}
