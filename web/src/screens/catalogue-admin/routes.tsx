import type { RouteObject } from 'react-router';
import type { TaskFormMode } from './task/TaskFormLayout';

/** An admin-only lazy chunk: a student downloads none of this code. */
const lazy =
  (load: () => Promise<{ default: React.ComponentType }>): RouteObject['lazy'] =>
  () =>
    load().then((m) => ({ Component: m.default }));

const subjectForm = lazy(() => import('./subject/SubjectFormScreen'));
const teacherForm = lazy(() => import('./teacher/TeacherFormScreen'));
const argumentForm = lazy(() => import('./argument/ArgumentFormScreen'));
const chooseDeveloper = lazy(() => import('./task/ChooseDeveloperScreen'));
const taskForm =
  (mode: TaskFormMode): RouteObject['lazy'] =>
  () =>
    import('./task/TaskFormLayout').then((m) => ({ element: <m.TaskFormLayout mode={mode} /> }));

/**
 * The admin's catalogue editors (spec section 2). The add-task and edit-task forms share one
 * layout (TaskFormLayout): their pickers are child routes, so the form's draft lives while the
 * admin visits them.
 */
export const catalogueAdminRoutes: RouteObject[] = [
  { path: '/add-subject', lazy: subjectForm },
  { path: '/edit-subject', lazy: subjectForm },
  { path: '/list-task/:subjectId/choose-teacher/add-teacher', lazy: teacherForm },
  { path: '/list-task/:subjectId/choose-teacher/edit-teacher', lazy: teacherForm },
  {
    path: '/list-task/add-task/:subjectId',
    lazy: taskForm('add'),
    children: [
      { index: true, lazy: lazy(() => import('./task/AddTaskScreen')) },
      { path: 'choose-argument', lazy: lazy(() => import('./argument/ChooseArgumentScreen')) },
      { path: 'choose-argument/add-argument', lazy: argumentForm },
      { path: 'choose-argument/edit-argument', lazy: argumentForm },
      { path: 'choose-developer', lazy: chooseDeveloper },
      { path: 'choose-type', lazy: lazy(() => import('./task/ChooseTypeScreen')) },
    ],
  },
  {
    path: '/list-task/edit-task/:subjectId',
    lazy: taskForm('edit'),
    children: [
      { index: true, lazy: lazy(() => import('./task/EditTaskScreen')) },
      { path: 'choose-developer', lazy: chooseDeveloper },
      { path: 'give-discount', lazy: lazy(() => import('./discount/GiveDiscountScreen')) },
      { path: 'give-discount/choose-user', lazy: lazy(() => import('./discount/ChooseUserScreen')) },
    ],
  },
];
