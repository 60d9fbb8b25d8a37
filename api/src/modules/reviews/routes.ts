import type { FastifyInstance } from 'fastify';
import {
  AuthorParam, AuthorProfile, HideReviewBody, MyReview, OrderIdParam, ReplyBody, Review, ReviewBody, ReviewIdParam, ReviewPage, TaskReviewsParam,
  TaskReviewsQuery, endpoints as ep,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { invalidateOnWrite } from '../../db/catalogue-cache.js';
import { taskReviewPage } from './queries.js';
import { authorProfile } from './profile.js';
import { createReview, editReview, hideReview, replyToReview } from './service.js';

/** Reviews of orders, a task's reviews and an author's profile. */
export const reviewsRoutes = ({ db }: CoreDeps): Route[] => [
  route(ep.createReview, { params: OrderIdParam, body: ReviewBody, answer: MyReview }, (request) =>
    createReview(db, Number(request.params.id), currentUser(request).telegramId, request.body),
  ),
  route(ep.editReview, { params: OrderIdParam, body: ReviewBody, answer: MyReview }, (request) =>
    editReview(db, Number(request.params.id), currentUser(request).telegramId, request.body),
  ),
  route(ep.replyToReview, { params: ReviewIdParam, body: ReplyBody, answer: Review }, (request) =>
    replyToReview(db, Number(request.params.id), currentUser(request).telegramId, request.body.text),
  ),
  route(ep.hideReview, { params: ReviewIdParam, body: HideReviewBody, answer: Review }, (request) =>
    hideReview(db, Number(request.params.id), currentUser(request).telegramId, request.body.reason),
  ),
  route(ep.taskReviews, { params: TaskReviewsParam, query: TaskReviewsQuery, answer: ReviewPage }, (request) =>
    taskReviewPage(db, Number(request.params.taskId), currentUser(request).isAdmin, request.query.page, request.query.limit),
  ),
  route(ep.authorProfile, { params: AuthorParam, answer: AuthorProfile }, (request) => authorProfile(db, Number(request.params.telegramId))),
];

/** A review that lands, changes or is hidden changes the task lists' ratings: the writer's next read must see it. */
export function reviewsScope(scope: FastifyInstance, deps: Pick<CoreDeps, 'catalogue'>): void {
  invalidateOnWrite(scope, deps.catalogue, ['reviews']);
}
