/** Reviews as the buying screen and an author's profile read them, and what a developer and an admin do with one. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { call } from './client';
import { qk } from './queryKeys';

/** The first page's size on the buying screen: a few, then 'Показати ще'. */
export const REVIEWS_SHOWN = 5;

/** A task's visible reviews (admins: hidden ones too), newest first, page by page. */
export function useTaskReviews(taskId: string) {
  return useInfiniteQuery({
    queryKey: qk.reviews.task(taskId),
    queryFn: ({ pageParam, signal }) => call(ep.taskReviews, { params: { taskId }, query: { page: pageParam, limit: REVIEWS_SHOWN } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.last ? undefined : pages.length),
    // Reviews are a side note of the buying screen: a failure leaves them out, never a banner over the form.
    meta: { silent: true },
  });
}

export function useAuthorProfile(telegramId: string) {
  return useQuery({
    queryKey: qk.reviews.author(telegramId),
    queryFn: () => call(ep.authorProfile, { params: { telegramId } }),
    enabled: Boolean(telegramId),
    meta: { silent: true },
  });
}

/** A developer's answer and an admin's hiding: every list of reviews, and the task lists' ratings, are read again. */
export function useReviewModeration() {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: qk.reviews.all }), qc.invalidateQueries({ queryKey: qk.catalogue.tasks() })]);
  const reply = useMutation({ mutationFn: ({ id, text }: { id: string; text: string }) => call(ep.replyToReview, { params: { id }, body: { text } }), onSuccess: refresh });
  const hide = useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => call(ep.hideReview, { params: { id }, body: { reason } }), onSuccess: refresh });
  return {
    reply: (id: string) => (text: string) => reply.mutateAsync({ id, text }),
    hide: (id: string) => (reason: string) => hide.mutateAsync({ id, reason }),
  };
}
