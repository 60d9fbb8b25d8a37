// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { depositById } from './queries.js';
export { depositIdOfPayload } from './service.js';
export { checkStarsCheckout, receiveStarsPayment, type CheckoutRefusal, type StarsPayment } from './stars.js';
