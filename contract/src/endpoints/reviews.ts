import { endpoint } from '../endpoint.js';
import type { OrderIdParam } from '../orders.js';
import type {
  AuthorParam, AuthorProfile, HideReviewBody, MyReview, ReplyBody, Review, ReviewBody, ReviewIdParam, ReviewPage, TaskReviewsParam, TaskReviewsQuery,
} from '../reviews.js';

const tag = 'reviews';

export const createReview = endpoint<{ params: typeof OrderIdParam; body: typeof ReviewBody; answer: typeof MyReview }>({
  method: 'POST', path: '/api/v1/histories/:id/review', access: 'user', status: 201, tag,
  summary: 'The buyer rates a DONE paid order once, 1-5 stars and an optional text, within REVIEW_WINDOW_DAYS of its end',
});
export const editReview = endpoint<{ params: typeof OrderIdParam; body: typeof ReviewBody; answer: typeof MyReview }>({
  method: 'PUT', path: '/api/v1/histories/:id/review', access: 'user', tag,
  summary: "The buyer changes their order's review within REVIEW_EDIT_HOURS of writing it",
});
export const replyToReview = endpoint<{ params: typeof ReviewIdParam; body: typeof ReplyBody; answer: typeof Review }>({
  method: 'POST', path: '/api/v1/reviews/:id/reply', access: 'developer', status: 201, tag,
  summary: "The developer of the reviewed order answers the review, once",
});
export const hideReview = endpoint<{ params: typeof ReviewIdParam; body: typeof HideReviewBody; answer: typeof Review }>({
  method: 'POST', path: '/api/v1/reviews/:id/hide', access: 'admin', tag,
  summary: 'Admin: hide a review with a reason; it stops counting, its author still sees it as hidden',
});
export const taskReviews = endpoint<{ params: typeof TaskReviewsParam; query: typeof TaskReviewsQuery; answer: typeof ReviewPage }>({
  method: 'GET', path: '/api/v1/tasks/:taskId/reviews', access: 'user', tag,
  summary: "A task's visible reviews, newest first, one page (`{content, last}`); admins also get hidden ones, marked",
});
export const authorProfile = endpoint<{ params: typeof AuthorParam; answer: typeof AuthorProfile }>({
  method: 'GET', path: '/api/v1/users/developer/:telegramId/profile', access: 'user', tag,
  summary: "An author's profile: tasks, completed orders, on-time share, first answer, rating and its distribution, latest reviews, level",
});
