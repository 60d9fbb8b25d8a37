import type { RouteObject } from 'react-router';
import SubjectsScreen from './subjects/SubjectsScreen';
import { basePaths } from '../../lib/basePaths';

/**
 * The student catalogue: subjects on `/`, a subject's task list and its three filter pickers.
 * Only `/` is in the first screen's bundle (the budget in scripts/check-bundle.ts); the rest
 * are chunks the app prefetches once the first screen has rendered (app/prefetch.ts), so
 * opening a subject does not wait for the network.
 */
export const tasksRoutes: RouteObject[] = [
  { index: true, element: <SubjectsScreen /> },
  { path: basePaths.subject.pattern, lazy: () => import('./list/TaskListScreen').then((m) => ({ Component: m.default })) },
  {
    path: basePaths.chooseTeacher.pattern,
    lazy: () => import('./pickers/ChooseTeacherScreen').then((m) => ({ Component: m.default })),
  },
  {
    path: basePaths.chooseCreator.pattern,
    lazy: () => import('./pickers/ChooseCreatorScreen').then((m) => ({ Component: m.default })),
  },
  { path: basePaths.choosePrice.pattern, lazy: () => import('./pickers/ChoosePriceScreen').then((m) => ({ Component: m.default })) },
];
