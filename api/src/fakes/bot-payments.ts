// Telegram Stars payments as the fake Bot API plays them (tests and the demo; never production).
import { randomBytes } from 'node:crypto';

/** What the payments need of a call the fake received (bot-api.ts's BotCall). */
interface CallSeen {
  method: string;
  params: Record<string, unknown>;
  ok: boolean;
}

/** A Bot API error answer (`ok: false`), as Telegram words it. */
export class BotApiError {
  constructor(
    readonly code: number,
    readonly description: string,
  ) {}
}

/** The Telegram user who pays (the `from` of the updates). */
export interface PayingUser {
  id: number;
  first_name?: string;
  username?: string;
}

export interface FakeInvoice {
  /** The part of the link after `$`. */
  slug: string;
  /** `https://t.me/$<slug>`, what createInvoiceLink answered. */
  link: string;
  title: string;
  description: string;
  payload: string;
  currency: string;
  providerToken: string;
  prices: { label: string; amount: number }[];
  /** The sum of the prices: the Stars the user is asked for. */
  totalAmount: number;
}

/** A payment Telegram took (or a forged update that claims one). */
export interface FakeStarPayment {
  chargeId: string;
  providerChargeId: string;
  user: PayingUser;
  currency: string;
  totalAmount: number;
  payload: string;
  /** False for a forged update: Telegram never took these Stars, so it cannot refund them. */
  real: boolean;
  refunded: boolean;
  /** The `message` update with `successful_payment`, as first delivered. */
  update: Record<string, unknown>;
}

export interface PayOptions {
  /** What a stale or tampered invoice would carry instead of the invoice's own values. */
  totalAmount?: number;
  payload?: string;
  /** How long to wait for answerPreCheckoutQuery; Telegram gives a bot 10 s. */
  timeoutMs?: number;
}

export interface PayResult {
  invoice: FakeInvoice;
  preCheckoutQueryId: string;
  /** The bot's answer: ok, or the reason it showed the user (undefined when it never answered). */
  ok: boolean;
  errorMessage?: string;
  answered: boolean;
  /** Set when the bot said ok: the payment and its successful_payment update. */
  payment?: FakeStarPayment;
}

export interface FakePayments {
  invoices: FakeInvoice[];
  /** The invoice behind a link (or its slug). */
  invoice(linkOrSlug: string): FakeInvoice | undefined;
  payments: FakeStarPayment[];
  /**
   * What Telegram does when a user pays an invoice link: a `pre_checkout_query` update, then,
   * only if the bot answers ok, a private `message` with `successful_payment`.
   */
  pay(link: string, from: PayingUser, opts?: PayOptions): Promise<PayResult>;
  /** The same successful_payment message delivered once more (Telegram's at-least-once delivery); answers the update. */
  redeliver(chargeId: string): Record<string, unknown>;
  /**
   * A successful_payment update nobody paid through an invoice: `real` false (default) is a
   * forgery Telegram knows nothing of; `real` true records it as taken, as when two checkouts
   * of one invoice both passed.
   */
  forgePayment(from: PayingUser, fields: { payload: string; totalAmount: number; currency?: string; real?: boolean }): FakeStarPayment;
  /** The Bot API methods of payments; undefined for any other method. */
  answer(method: string, params: Record<string, unknown>): unknown;
}

interface Wiring {
  calls: CallSeen[];
  /** Hands an update to the bot (getUpdates queue or the configured delivery); answers it with its update_id. */
  emit(update: Record<string, unknown>): Record<string, unknown>;
  nextMessageId(): number;
}

const now = () => Math.floor(Date.now() / 1000);
const id = (bytes: number) => randomBytes(bytes).toString('base64url');
const charLength = (s: unknown) => (typeof s === 'string' ? [...s].length : 0);

function invoiceOf(params: Record<string, unknown>): FakeInvoice | BotApiError {
  const { title, description, payload, currency } = params;
  const providerToken = typeof params.provider_token === 'string' ? params.provider_token : '';
  const prices = Array.isArray(params.prices) ? (params.prices as { label: string; amount: number }[]) : [];
  // Telegram's own limits: a title of 1-32 characters, a description of 1-255, a payload of 1-128 bytes.
  if (charLength(title) < 1 || charLength(title) > 32) return new BotApiError(400, 'Bad Request: invoice title length must be 1-32 characters');
  if (charLength(description) < 1 || charLength(description) > 255) return new BotApiError(400, 'Bad Request: invoice description length must be 1-255 characters');
  if (typeof payload !== 'string' || !payload || Buffer.byteLength(payload) > 128) return new BotApiError(400, 'Bad Request: invoice payload length must be 1-128 bytes');
  if (typeof currency !== 'string' || !currency) return new BotApiError(400, 'Bad Request: CURRENCY_INVALID');
  if (!prices.length || prices.some((p) => !Number.isInteger(p.amount) || p.amount <= 0)) return new BotApiError(400, 'Bad Request: CURRENCY_TOTAL_AMOUNT_INVALID');
  if (currency === 'XTR' && (providerToken !== '' || prices.length !== 1)) return new BotApiError(400, 'Bad Request: PAYMENT_PROVIDER_INVALID');
  const slug = id(12);
  return {
    slug,
    link: `https://t.me/$${slug}`,
    title: title as string,
    description: description as string,
    payload,
    currency,
    providerToken,
    prices,
    totalAmount: prices.reduce((sum, p) => sum + p.amount, 0),
  };
}

export function createFakePayments(w: Wiring): FakePayments {
  const invoices: FakeInvoice[] = [];
  const payments: FakeStarPayment[] = [];
  let checkouts = 0;

  const userOf = (from: PayingUser) => ({ is_bot: false, first_name: from.first_name ?? 'Студент', ...from });

  function successfulPayment(from: PayingUser, p: Omit<FakeStarPayment, 'update' | 'refunded' | 'user'>): FakeStarPayment {
    const user = userOf(from);
    const message = {
      message_id: w.nextMessageId(),
      date: now(),
      chat: { id: user.id, type: 'private', first_name: user.first_name, ...(user.username ? { username: user.username } : {}) },
      from: user,
      successful_payment: {
        currency: p.currency,
        total_amount: p.totalAmount,
        invoice_payload: p.payload,
        telegram_payment_charge_id: p.chargeId,
        provider_payment_charge_id: p.providerChargeId,
      },
    };
    const payment: FakeStarPayment = { ...p, user: from, refunded: false, update: { message } };
    payments.push(payment);
    payment.update = w.emit({ message });
    return payment;
  }

  /** The bot's answer to a pre-checkout query, once it arrives. */
  async function answerTo(queryId: string, timeoutMs: number): Promise<CallSeen | undefined> {
    const found = () => w.calls.find((c) => c.ok && c.method === 'answerPreCheckoutQuery' && c.params.pre_checkout_query_id === queryId);
    for (let waited = 0; waited < timeoutMs && !found(); waited += 10) await new Promise((r) => setTimeout(r, 10));
    return found();
  }

  const invoice = (linkOrSlug: string) => invoices.find((i) => i.link === linkOrSlug || i.slug === linkOrSlug);

  return {
    invoices,
    payments,
    invoice,
    async pay(link, from, opts = {}) {
      const inv = invoice(link);
      if (!inv) throw new Error(`the fake Bot API made no invoice ${link}`);
      const preCheckoutQueryId = `pcq-${++checkouts}-${id(6)}`;
      const totalAmount = opts.totalAmount ?? inv.totalAmount;
      const payload = opts.payload ?? inv.payload;
      w.emit({
        pre_checkout_query: { id: preCheckoutQueryId, from: userOf(from), currency: inv.currency, total_amount: totalAmount, invoice_payload: payload },
      });
      const answer = await answerTo(preCheckoutQueryId, opts.timeoutMs ?? 10_000);
      const ok = answer?.params.ok === true;
      const result: PayResult = {
        invoice: inv,
        preCheckoutQueryId,
        ok,
        answered: Boolean(answer),
        ...(typeof answer?.params.error_message === 'string' ? { errorMessage: answer.params.error_message } : {}),
      };
      if (!ok) return result;
      result.payment = successfulPayment(from, {
        chargeId: `stxFake${id(18)}`,
        providerChargeId: `${from.id}_${checkouts}`,
        currency: inv.currency,
        totalAmount,
        payload,
        real: true,
      });
      return result;
    },
    redeliver(chargeId) {
      const p = payments.find((x) => x.chargeId === chargeId);
      if (!p) throw new Error(`no payment ${chargeId}`);
      return w.emit({ message: (p.update as { message: unknown }).message });
    },
    forgePayment(from, fields) {
      return successfulPayment(from, {
        chargeId: `stxForged${id(18)}`,
        providerChargeId: '',
        currency: fields.currency ?? 'XTR',
        totalAmount: fields.totalAmount,
        payload: fields.payload,
        real: fields.real ?? false,
      });
    },
    answer(method, params) {
      switch (method) {
        case 'createInvoiceLink': {
          const inv = invoiceOf(params);
          if (inv instanceof BotApiError) return inv;
          invoices.push(inv);
          return inv.link;
        }
        case 'refundStarPayment': {
          const p = payments.find((x) => x.real && x.chargeId === params.telegram_payment_charge_id && x.user.id === Number(params.user_id));
          if (!p) return new BotApiError(400, 'Bad Request: CHARGE_NOT_FOUND');
          if (p.refunded) return new BotApiError(400, 'Bad Request: CHARGE_ALREADY_REFUNDED');
          p.refunded = true;
          return true;
        }
        case 'answerPreCheckoutQuery':
          if (params.ok !== true && !params.error_message) return new BotApiError(400, 'Bad Request: error_message is required when ok is false');
          return true;
        default:
          return undefined;
      }
    },
  };
}
