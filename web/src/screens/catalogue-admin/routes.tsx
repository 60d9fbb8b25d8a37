import type { RouteObject } from 'react-router';
import type { TaskFormMode } from './task/TaskFormLayout';
import { paths } from '../../lib/paths';

/** An admin-only lazy chunk: a student downloads none of this code. */
const lazy =
  (load: () => Promise<{ default: React.ComponentType }>): RouteObject['lazy'] =>
  () =>
    load().then((m) => ({ Component: m.default }));

const step = paths.taskForm.step;
const subjectForm = lazy(() => import('./subject/SubjectFormScreen'));
const teacherForm = lazy(() => import('./teacher/TeacherFormScreen'));
const argumentForm = lazy(() => import('./argument/ArgumentFormScreen'));
const chooseDeveloper = lazy(() => import('./task/ChooseDeveloperScreen'));
const chooseArgument = lazy(() => import('./argument/ChooseArgumentScreen'));
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
  { path: paths.admin.templates, lazy: lazy(() => import('./templates/TemplateLibraryScreen')) },
  { path: paths.addSubject, lazy: subjectForm },
  { path: paths.editSubject, lazy: subjectForm },
  { path: paths.addTeacher.pattern, lazy: teacherForm },
  { path: paths.editTeacher.pattern, lazy: teacherForm },
  {
    path: paths.taskForm.add,
    lazy: taskForm('add'),
    children: [
      { index: true, lazy: lazy(() => import('./task/AddTaskScreen')) },
      { path: step.chooseArgument, lazy: chooseArgument },
      { path: `${step.chooseArgument}/${step.addArgument}`, lazy: argumentForm },
      { path: `${step.chooseArgument}/${step.editArgument}`, lazy: argumentForm },
      { path: step.chooseDeveloper, lazy: chooseDeveloper },
      { path: step.chooseType, lazy: lazy(() => import('./task/ChooseTypeScreen')) },
    ],
  },
  {
    path: paths.taskForm.edit,
    lazy: taskForm('edit'),
    children: [
      { index: true, lazy: lazy(() => import('./task/EditTaskScreen')) },
      { path: step.chooseDeveloper, lazy: chooseDeveloper },
      { path: step.chooseTeacher, lazy: lazy(() => import('./task/ChooseTeacherScreen')) },
      { path: step.chooseTemplate, lazy: lazy(() => import('./templates/ChooseTemplateScreen')) },
      { path: step.chooseArgument, lazy: chooseArgument },
      { path: `${step.chooseArgument}/${step.addArgument}`, lazy: argumentForm },
      { path: `${step.chooseArgument}/${step.editArgument}`, lazy: argumentForm },
      { path: step.giveDiscount, lazy: lazy(() => import('./discount/GiveDiscountScreen')) },
      { path: `${step.giveDiscount}/${step.chooseUser}`, lazy: lazy(() => import('./discount/ChooseUserScreen')) },
    ],
  },
];
