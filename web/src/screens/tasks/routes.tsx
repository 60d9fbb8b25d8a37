import type { RouteObject } from 'react-router';
import SubjectsScreen from './subjects/SubjectsScreen';

/**
 * The student catalogue: subjects on `/`, a subject's task list and its three filter pickers.
 * Only `/` is in the first screen's bundle (the budget in scripts/check-bundle.ts); the rest
 * are chunks the app prefetches once the first screen has rendered (app/prefetch.ts), so
 * opening a subject does not wait for the network.
 */
export const tasksRoutes: RouteObject[] = [
  { index: true, element: <SubjectsScreen /> },
  { path: '/list-task/:subjectID', lazy: () => import('./list/TaskListScreen').then((m) => ({ Component: m.default })) },
  {
    path: '/list-task/:subjectID/choose-teacher',
    lazy: () => import('./pickers/ChooseTeacherScreen').then((m) => ({ Component: m.default })),
  },
  {
    path: '/list-task/:subjectID/choose-creator',
    lazy: () => import('./pickers/ChooseCreatorScreen').then((m) => ({ Component: m.default })),
  },
  { path: '/list-task/:subjectID/choose-price', lazy: () => import('./pickers/ChoosePriceScreen').then((m) => ({ Component: m.default })) },
];
