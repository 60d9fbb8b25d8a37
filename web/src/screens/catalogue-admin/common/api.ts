/**
 * The admin catalogue's calls. Reads share the student screens' cache (screens/tasks/api), so
 * what an admin changes shows in the lists at once; every write invalidates ['catalogue'].
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints as ep, MSG, PAGE_MAX_LIMIT, rowsOf, type DiscountType, type TaskTemplateInfo, type TaskType } from '@zalik/contract';
import { call } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { haptic } from '../../../telegram/sdk';
import { showError } from '../../../ui';
import { qk } from '../../../api/queryKeys';
import { userSearchQuery } from '../../../lib/userSearch';

/**
 * The banner text of a failed write: the server's `{message}` when it sent one (or the
 * network's), else the spec's fallback for that kind of change (section 8).
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown } | undefined;
    if (err.status === 0 || (body && typeof body === 'object' && typeof body.message === 'string')) return err.message;
  }
  return fallback;
}

/**
 * Every catalogue list (subjects, teachers, tasks with prices and discounts) is refetched, and
 * the admin discount list, which shows task titles and discounts.
 */
export async function refreshCatalogue(qc: QueryClient): Promise<void> {
  await Promise.all([qc.invalidateQueries({ queryKey: qk.catalogue.all }), qc.invalidateQueries({ queryKey: qk.discounts.all })]);
}

/** A catalogue write: the failure shows in the banner with the given fallback, success refreshes. */
function useCatalogueWrite<V, R>(fn: (v: V) => Promise<R>, fallback: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onError: (err) => showError(errorText(err, fallback)),
    onSuccess: async () => {
      haptic.notification('success');
      await refreshCatalogue(qc);
    },
  });
}

// --- subjects and teachers ---------------------------------------------------------------

export interface SubjectInput {
  name: string;
  courseNumber: number;
}

export function useSaveSubject(id: string | null) {
  return useCatalogueWrite(
    (body: SubjectInput) =>
      id ? call(ep.updateSubject, { params: { id }, body }) : call(ep.createSubject, { body }),
    MSG.fallbackAdd,
  );
}

export function useSaveTeacher(id: string | null, subjectId: string) {
  return useCatalogueWrite(
    (name: string) =>
      id ? call(ep.updateTeacher, { params: { id }, body: { name } }) : call(ep.createTeacher, { body: { name, subjectId } }),
    MSG.fallbackAdd,
  );
}

// --- arguments ------------------------------------------------------------------------------

export function useArguments() {
  return useQuery({ queryKey: qk.catalogue.arguments(), queryFn: () => call(ep.listArguments, {}) });
}

export interface ArgumentInput {
  name: string;
  description: string;
}

export function useSaveArgument(id: string | null) {
  return useCatalogueWrite(
    (body: ArgumentInput) =>
      id ? call(ep.updateArgument, { params: { id }, body }) : call(ep.createArgument, { body }),
    MSG.fallbackArgument,
  );
}

export function useDeleteArgument() {
  return useCatalogueWrite((id: string) => call(ep.deleteArgument, { params: { id } }), MSG.fallbackDelete);
}

// --- users ----------------------------------------------------------------------------------

export function useDevelopers() {
  return useQuery({ queryKey: qk.users.developers(), queryFn: () => call(ep.usersByRole, { params: { role: 'ROLE_DEVELOPER' } }).then(rowsOf) });
}

/** The first page of users whose Telegram ID starts with `text`, or whose username holds it. */
export function useUserSearch(text: string) {
  return useQuery({
    queryKey: qk.users.search(text),
    queryFn: () => call(ep.searchUsers, { query: { ...userSearchQuery(text), limit: PAGE_MAX_LIMIT } }).then(rowsOf),
    placeholderData: (prev) => prev,
  });
}

/** One user (the chosen user of a LOCAL discount, by `?telegramId=`). */
export function useUser(telegramId: string | null) {
  return useQuery({
    queryKey: qk.users.one(telegramId ?? ''),
    queryFn: () => call(ep.getUser, { params: { telegramId: telegramId! } }),
    enabled: Boolean(telegramId),
    meta: { silent: true },
  });
}

// --- tasks ----------------------------------------------------------------------------------

export interface TaskCreateBody {
  title: string;
  description: string;
  identifier: string;
  price: number;
  type: TaskType;
  developerTelegramId: string;
  autoGenerate: boolean;
  teacherId: string;
  args: string[];
}

export function useCreateTask() {
  return useCatalogueWrite((body: TaskCreateBody) => call(ep.createTask, { body }), MSG.fallbackAdd);
}

/** API-CONTRACT: `""` keeps a field; `visible` is a boolean. */
export interface TaskPatchBody {
  title: string;
  description: string;
  identifier: string;
  price: number | '';
  visible: boolean;
  developerTelegramId: string;
  type: TaskType | '';
  teacherId: string;
  /** A library template to generate with ('' keeps the one it has). */
  identifierId: string;
  /** Sent only when the arguments changed: the whole new list, in order. */
  args?: string[];
}

export function usePatchTask(id: string) {
  return useCatalogueWrite((body: TaskPatchBody) => call(ep.updateTask, { params: { id }, body }), MSG.fallbackAdd);
}

// --- templates ------------------------------------------------------------------------------

export function uploadTemplate(taskId: string, file: File): Promise<TaskTemplateInfo> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(ep.uploadTemplate, { params: { id: taskId }, body: form });
}

/** The task's current template, or null when none is uploaded yet (404). */
export function useTemplate(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: qk.catalogue.template(taskId),
    enabled,
    meta: { silent: true },
    queryFn: async () => {
      try {
        return await call(ep.getTemplate, { params: { id: taskId } });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

// --- discounts ------------------------------------------------------------------------------

export interface DiscountBody {
  type: DiscountType;
  discountValue: number;
  availableValue: number | null;
  telegramId: string | null;
  taskId: string;
  validFrom: string | null;
  validTo: string | null;
}

export function useTaskDiscounts(taskId: string) {
  return useQuery({
    queryKey: qk.catalogue.discounts(taskId),
    queryFn: () => call(ep.discountsOfTask, { params: { taskId } }),
  });
}

export function useSaveDiscount() {
  return useCatalogueWrite((body: DiscountBody) => call(ep.setDiscount, { body }), MSG.fallbackAdd);
}
