import type { RouteObject } from 'react-router';
import ChooseCreatorScreen from './pickers/ChooseCreatorScreen';
import ChoosePriceScreen from './pickers/ChoosePriceScreen';
import ChooseTeacherScreen from './pickers/ChooseTeacherScreen';
import TaskListScreen from './list/TaskListScreen';
import SubjectsScreen from './subjects/SubjectsScreen';

/**
 * The student catalogue: subjects on `/`, a subject's task list and its three filter pickers.
 * Student screens, so loaded eagerly; the admin affordances in them are a few small components.
 */
export const tasksRoutes: RouteObject[] = [
  { index: true, element: <SubjectsScreen /> },
  { path: '/list-task/:subjectID', element: <TaskListScreen /> },
  { path: '/list-task/:subjectID/choose-teacher', element: <ChooseTeacherScreen /> },
  { path: '/list-task/:subjectID/choose-creator', element: <ChooseCreatorScreen /> },
  { path: '/list-task/:subjectID/choose-price', element: <ChoosePriceScreen /> },
];
