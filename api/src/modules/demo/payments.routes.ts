import { DemoInvoice, DemoInvoiceParam, DemoJarPayBody, DemoPayAnswer, MSG, endpoints as ep, kopecksToUah } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import type { UsersService } from '../users/index.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { depositById, depositIdOfPayload } from '../deposits/index.js';

/**
 * Demo mode only: what the web's emulated Telegram and bank call (app/DemoPayments.tsx). They
 * drive the local fakes, which then reach the app the way Telegram and the bank reach it in
 * production: bot updates and statement reads. Without the fakes (a demo app built by a test),
 * there is nothing to pay: every invoice reads as missing.
 */
export const demoPaymentRoutes = ({ db, users, demoPayments }: CoreDeps & { users: UsersService }): Route[] => {
  /** The invoice behind a slug, and the deposit request its payload names. */
  async function invoiceOf(slug: string) {
    const invoice = demoPayments?.invoice(slug);
    const id = invoice ? depositIdOfPayload(invoice.payload) : undefined;
    const request = id === undefined ? undefined : await depositById(db, id);
    if (!invoice || !request) throw notFound(MSG.depositNotFound);
    return { invoice, request };
  }

  return [
    route(ep.demoStarsInvoice, { params: DemoInvoiceParam, answer: DemoInvoice }, async (req) => {
      const { invoice, request } = await invoiceOf(req.params.slug);
      return { title: invoice.title, stars: invoice.stars, amount: kopecksToUah(Number(request.amount)) };
    }),

    route(ep.demoStarsPay, { params: DemoInvoiceParam, answer: DemoPayAnswer }, async (req) => {
      const { invoice, request } = await invoiceOf(req.params.slug);
      // Telegram charges whoever opened the invoice: in the demo, the request's owner.
      const owner = await users.get(Number(request.user_id));
      return demoPayments!.payInvoice(invoice.link, { id: Number(request.user_id), username: owner.username, firstName: owner.firstName });
    }),

    route(ep.demoJarPay, { body: DemoJarPayBody, answer: DemoPayAnswer }, async (req) => {
      if (!demoPayments) throw notFound();
      await demoPayments.payJar(req.body.amount, req.body.comment);
      return { ok: true };
    }),
  ];
};
