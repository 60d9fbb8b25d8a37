/**
 * The admin catalogue's calls. Reads share the student screens' cache (screens/tasks/api), so
 * what an admin changes shows in the lists at once; every write invalidates ['catalogue'].
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  MSG,
  type Argument,
  type Discount,
  type DiscountType,
  type Subject,
  type Task,
  type TaskDiscount,
  type TaskTemplateInfo,
  type TaskType,
  type Teacher,
  type User,
} from '@zalik/contract';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { haptic } from '../../../telegram/sdk';
import { showError } from '../../../ui';
import { qk } from '../../../api/queryKeys';

const enc = encodeURIComponent;

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

/** Every catalogue list (subjects, teachers, tasks with prices and discounts) is refetched. */
export function refreshCatalogue(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: qk.catalogue.all });
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
      id ? api.patch<Subject>(`/api/v1/subjects/${enc(id)}`, body) : api.post<Subject>('/api/v1/subjects/subject', body),
    MSG.fallbackAdd,
  );
}

export function useSaveTeacher(id: string | null, subjectId: string) {
  return useCatalogueWrite(
    (name: string) =>
      id ? api.put<Teacher>(`/api/v1/teachers/${enc(id)}`, { name }) : api.post<Teacher>('/api/v1/teachers/teacher', { name, subjectId }),
    MSG.fallbackAdd,
  );
}

// --- arguments ------------------------------------------------------------------------------

export function useArguments() {
  return useQuery({ queryKey: qk.catalogue.arguments(), queryFn: () => api.get<Argument[]>('/api/v1/arguments/') });
}

export interface ArgumentInput {
  name: string;
  description: string;
}

export function useSaveArgument(id: string | null) {
  return useCatalogueWrite(
    (body: ArgumentInput) =>
      id ? api.patch<Argument>(`/api/v1/arguments/${enc(id)}`, body) : api.post<Argument>('/api/v1/arguments/argument', body),
    MSG.fallbackArgument,
  );
}

export function useDeleteArgument() {
  return useCatalogueWrite((id: string) => api.delete<unknown>(`/api/v1/arguments/${enc(id)}`), MSG.fallbackDelete);
}

// --- users ----------------------------------------------------------------------------------

export function useDevelopers() {
  return useQuery({ queryKey: qk.users.developers(), queryFn: () => api.get<User[]>('/api/v1/users/role/ROLE_DEVELOPER') });
}

/** All users, or those whose Telegram ID starts with `prefix`. */
export function useUserSearch(prefix: string, enabled = true) {
  return useQuery({
    queryKey: qk.users.search(prefix),
    enabled,
    queryFn: () => (prefix ? api.get<User[]>('/api/v1/users/search', { query: { prefix } }) : api.get<User[]>('/api/v1/users/')),
    placeholderData: (prev) => prev,
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
  return useCatalogueWrite((body: TaskCreateBody) => api.post<Task>('/api/v1/tasks/task', body), MSG.fallbackAdd);
}

/** API-CONTRACT: `""` keeps a field; `visible` is a boolean. */
export interface TaskPatchBody {
  title: string;
  description: string;
  identifier: string;
  price: number | '';
  visible: boolean;
  developerTelegramId: string;
}

export function usePatchTask(id: string) {
  return useCatalogueWrite((body: TaskPatchBody) => api.patch<Task>(`/api/v1/tasks/${enc(id)}`, body), MSG.fallbackAdd);
}

// --- templates ------------------------------------------------------------------------------

export function uploadTemplate(taskId: string, file: File): Promise<TaskTemplateInfo> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.put<TaskTemplateInfo>(`/api/v1/tasks/${enc(taskId)}/template`, form);
}

/** The task's current template, or null when none is uploaded yet (404). */
export function useTemplate(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: qk.catalogue.template(taskId),
    enabled,
    meta: { silent: true },
    queryFn: async () => {
      try {
        return await api.get<TaskTemplateInfo>(`/api/v1/tasks/${enc(taskId)}/template`);
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
}

export function useTaskDiscounts(taskId: string) {
  return useQuery({
    queryKey: qk.catalogue.discounts(taskId),
    queryFn: () => api.get<TaskDiscount[]>(`/api/v1/discounts/task/${enc(taskId)}`),
  });
}

export function useSaveDiscount() {
  return useCatalogueWrite((body: DiscountBody) => api.post<Discount | null>('/api/v1/discounts/discount', body), MSG.fallbackAdd);
}
