// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { reviewsOfOrders, taskRatingSql, toRating } from './queries.js';
export { reviewUntil } from './service.js';
export { seedReviews } from './seed.js';
