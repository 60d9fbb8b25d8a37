/**
 * Telegram Stars invoices: a module of its own beside sdk.ts (which it uses), so only the chunk
 * of the top-up sheet carries it, not the first screen.
 */
import { on, postEvent, supports } from '@tma.js/sdk-react';
import { getVersion, openTelegramLink } from './sdk';
import { warnDev } from './safe';

/** How Telegram says its payment sheet closed ('pending': the client could not tell). */
export type InvoiceOutcome = 'paid' | 'cancelled' | 'failed' | 'pending';

/** The slug of an invoice link: `https://t.me/$<slug>` or `https://t.me/invoice/<slug>`. */
function invoiceSlug(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (!['t.me', 'telegram.me', 'telegram.dog'].includes(u.hostname)) return undefined;
  return /^\/(?:\$|invoice\/)([A-Za-z0-9_=-]+)$/.exec(u.pathname)?.[1];
}

/**
 * Opens a Stars invoice link in Telegram's payment sheet and resolves when the sheet closes.
 * The outcome is only what the client saw: whether money moved is the server's to say (it can
 * say 'failed' while the charge went through, and the reverse). A client without the method
 * gets the link as a t.me link: 'pending'. Written on the bridge's own calls (already in the
 * first screen) rather than the SDK's invoice component, which would add to it.
 */
export function openInvoice(url: string): Promise<InvoiceOutcome> {
  const slug = invoiceSlug(url);
  let supported = false;
  try {
    supported = supports('web_app_open_invoice', getVersion());
  } catch {
    // An unparsable version: treated as an old client.
  }
  if (!slug || !supported) {
    openTelegramLink(url);
    return Promise.resolve('pending');
  }
  return new Promise((resolve) => {
    const off = on('invoice_closed', (event) => {
      if (event.slug !== slug) return;
      off();
      const s = event.status;
      resolve(s === 'paid' || s === 'cancelled' || s === 'failed' ? s : 'pending');
    });
    try {
      postEvent('web_app_open_invoice', { slug });
    } catch (err) {
      off();
      warnDev('invoice', err);
      resolve('failed');
    }
  });
}
