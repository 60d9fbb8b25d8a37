import { endpoint } from '../endpoint.js';
import type { Ok } from '../common.js';
import type { UserList } from '../users.js';
import type {
  Argument, ArgumentCreate, ArgumentList, ArgumentPatch, ArgumentUpdate, CourseParam, Faq, FaqBody, FaqList, FaqPatch, News, NewsBody, NewsList, NewsPatch,
  Subject, SubjectCreate, SubjectListOrPage, SubjectParam, SubjectPatch, SubjectUpdate, Task, TaskCreate, TaskListOrPage, TaskListQuery, TaskPatch, TaskPickList, TaskSearchQuery,
  TaskUpdate, Teacher, TeacherCreate, TeacherList, TeacherParam, TeacherUpdate, TeacherUpdateById,
} from '../catalogue.js';
import type { IdParam, PageQuery } from '../common.js';
import type { Identifier, IdentifierPage, IdentifierQuery } from '../catalogue.js';
import type { CatalogueSearchQuery, CatalogueSearchResults } from '../search.js';

// Subjects
export const subjectsOfCourse = endpoint<{ params: typeof CourseParam; query: typeof PageQuery; answer: typeof SubjectListOrPage }>({
  method: 'GET', path: '/api/v1/subjects/course-number/:n', access: 'user', tag: 'subjects',
  summary: 'Subjects of a course: all of them, or one page `{content, last}` when `page` or `limit` is sent',
});
export const createSubject = endpoint<{ body: typeof SubjectCreate; answer: typeof Subject }>({
  method: 'POST', path: '/api/v1/subjects/subject', access: 'admin', status: 201, tag: 'subjects', summary: 'Adds a subject to a course',
});
export const updateSubject = endpoint<{ params: typeof IdParam; body: typeof SubjectPatch; answer: typeof Subject }>({
  method: 'PATCH', path: '/api/v1/subjects/:id', access: 'admin', tag: 'subjects', summary: 'Renames a subject or moves it to another course',
});
export const putSubject = endpoint<{ body: typeof SubjectUpdate; answer: typeof Subject }>({
  method: 'PUT', path: '/api/v1/subjects/subject', access: 'admin', tag: 'subjects', summary: 'The newest client\'s edit: the whole subject `{id, name, courseNumber}`',
});
export const deleteSubject = endpoint<{ params: typeof IdParam; answer: typeof Ok }>({
  method: 'DELETE', path: '/api/v1/subjects/:id', access: 'admin', tag: 'subjects', summary: 'Archives the subject with its teachers and tasks; histories keep reading them',
});

// Teachers
export const teachersOfSubject = endpoint<{ params: typeof SubjectParam; answer: typeof TeacherList }>({
  method: 'GET', path: '/api/v1/teachers/subject/:subjectId', access: 'user', tag: 'teachers', summary: 'Teachers of a subject',
});
export const createTeacher = endpoint<{ body: typeof TeacherCreate; answer: typeof Teacher }>({
  method: 'POST', path: '/api/v1/teachers/teacher', access: 'admin', status: 201, tag: 'teachers', summary: 'Adds a teacher to a subject',
});
export const updateTeacher = endpoint<{ params: typeof IdParam; body: typeof TeacherUpdate; answer: typeof Teacher }>({
  method: 'PUT', path: '/api/v1/teachers/:id', access: 'admin', tag: 'teachers', summary: 'Renames a teacher',
});
export const putTeacher = endpoint<{ body: typeof TeacherUpdateById; answer: typeof Teacher }>({
  method: 'PUT', path: '/api/v1/teachers/teacher', access: 'admin', tag: 'teachers', summary: 'The newest client\'s rename: `{id, name}`',
});
export const deleteTeacher = endpoint<{ params: typeof IdParam; answer: typeof Ok }>({
  method: 'DELETE', path: '/api/v1/teachers/:id', access: 'admin', tag: 'teachers', summary: 'Archives the teacher with their tasks; histories keep reading them',
});

// Arguments
export const listArguments = endpoint<{ answer: typeof ArgumentList }>({
  method: 'GET', path: '/api/v1/arguments', access: 'user', tag: 'arguments', summary: 'All arguments',
});
export const createArgument = endpoint<{ body: typeof ArgumentCreate; answer: typeof Argument }>({
  method: 'POST', path: '/api/v1/arguments/argument', access: 'admin', status: 201, tag: 'arguments', summary: 'Adds an argument',
});
export const updateArgument = endpoint<{ params: typeof IdParam; body: typeof ArgumentPatch; answer: typeof Argument }>({
  method: 'PATCH', path: '/api/v1/arguments/:id', access: 'admin', tag: 'arguments', summary: 'Renames an argument; every task using it shows the new label',
});
export const putArgument = endpoint<{ body: typeof ArgumentUpdate; answer: typeof Argument }>({
  method: 'PUT', path: '/api/v1/arguments/argument', access: 'admin', tag: 'arguments', summary: 'The newest client\'s edit: `{id, name, description}`',
});
export const deleteArgument = endpoint<{ params: typeof IdParam; answer: typeof Ok }>({
  method: 'DELETE', path: '/api/v1/arguments/:id', access: 'admin', tag: 'arguments', summary: 'Archives an argument that no task in the catalogue uses (409 otherwise)',
});

// Tasks
export const tasksOfTeacher = endpoint<{ params: typeof TeacherParam; query: typeof TaskListQuery; answer: typeof TaskListOrPage }>({
  method: 'GET', path: '/api/v1/tasks/teacher/:teacherId', access: 'user', tag: 'tasks',
  summary: "A teacher's tasks with their rating; hidden ones only for admins; `discount` is the caller's; `sort` newest, price or rating; one page `{content, last}` when `page` or `limit` is sent",
});
export const searchTasks = endpoint<{ query: typeof TaskSearchQuery; answer: typeof TaskPickList }>({
  method: 'GET', path: '/api/v1/tasks/search', access: 'admin', tag: 'tasks',
  summary: 'Tasks of the live catalogue whose title holds `title` (any case), by title, one page (`page` from 0, `limit` up to 50, default 20)',
});
export const createTask = endpoint<{ body: typeof TaskCreate; answer: typeof Task }>({
  method: 'POST', path: '/api/v1/tasks/task', access: 'admin', status: 201, tag: 'tasks', summary: 'Adds a task to a teacher',
});
export const updateTask = endpoint<{ params: typeof IdParam; body: typeof TaskPatch; answer: typeof Task }>({
  method: 'PATCH', path: '/api/v1/tasks/:id', access: 'admin', tag: 'tasks', summary: '`""` or a missing field keeps its value',
});
export const putTask = endpoint<{ body: typeof TaskUpdate; answer: typeof Task }>({
  method: 'PUT', path: '/api/v1/tasks/task', access: 'admin', tag: 'tasks',
  summary: 'The newest client\'s edit: the whole task, its type, teacher and arguments included',
});
export const deleteTask = endpoint<{ params: typeof IdParam; answer: typeof Ok }>({
  method: 'DELETE', path: '/api/v1/tasks/:id', access: 'admin', tag: 'tasks', summary: 'Archives the task; histories keep reading it',
});

// News: the slides above the subject list
export const listNews = endpoint<{ answer: typeof NewsList }>({
  method: 'GET', path: '/api/v1/news', access: 'user', tag: 'news', summary: 'News slides in display order',
});
export const createNews = endpoint<{ body: typeof NewsBody; answer: typeof News }>({
  method: 'POST', path: '/api/v1/news/news', access: 'admin', status: 201, tag: 'news', summary: 'Adds a slide at the end',
});
export const updateNews = endpoint<{ params: typeof IdParam; body: typeof NewsPatch; answer: typeof News }>({
  method: 'PATCH', path: '/api/v1/news/:id', access: 'admin', tag: 'news', summary: 'Edits a slide',
});
export const deleteNews = endpoint<{ params: typeof IdParam; answer: typeof Ok }>({
  method: 'DELETE', path: '/api/v1/news/:id', access: 'admin', tag: 'news', summary: 'Deletes a slide',
});

// FAQ
export const listFaq = endpoint<{ answer: typeof FaqList }>({
  method: 'GET', path: '/api/v1/faq', access: 'user', tag: 'faq', summary: 'Questions in display order',
});
export const createFaq = endpoint<{ body: typeof FaqBody; answer: typeof Faq }>({
  method: 'POST', path: '/api/v1/faq/faq', access: 'admin', status: 201, tag: 'faq', summary: 'Adds a question at the end',
});
export const updateFaq = endpoint<{ params: typeof IdParam; body: typeof FaqPatch; answer: typeof Faq }>({
  method: 'PATCH', path: '/api/v1/faq/:id', access: 'admin', tag: 'faq', summary: 'Edits a question',
});
export const deleteFaq = endpoint<{ params: typeof IdParam; answer: typeof Ok }>({
  method: 'DELETE', path: '/api/v1/faq/:id', access: 'admin', tag: 'faq', summary: 'Deletes a question',
});

export const developersOfSubject = endpoint<{ params: typeof SubjectParam; answer: typeof UserList }>({
  method: 'GET', path: '/api/v1/users/developer/:subjectId', access: 'user', tag: 'users',
  summary: 'Developers with tasks in a subject (visible ones; admins also count hidden ones)',
});

// The template library ("identifiers"): named DOCX templates several tasks share.
export const listIdentifiers = endpoint<{ query: typeof IdentifierQuery; answer: typeof IdentifierPage }>({
  method: 'GET', path: '/api/v1/identifiers', access: 'admin', tag: 'identifiers', summary: 'The template library, newest first, `{content, last}`',
});
export const createIdentifier = endpoint<{ body: 'multipart'; answer: typeof Identifier }>({
  method: 'POST', path: '/api/v1/identifiers/identifier', access: 'admin', rateLimit: 'upload', status: 201, tag: 'identifiers',
  summary: 'Adds a template (multipart `name`, `description`, `file`: a DOCX) or names a built-in generator (no file)',
});
export const updateIdentifier = endpoint<{ params: typeof IdParam; body: 'multipart'; answer: typeof Identifier }>({
  method: 'PUT', path: '/api/v1/identifiers/identifier/:id', access: 'admin', rateLimit: 'upload', tag: 'identifiers',
  summary: 'Replaces the file, name or description (multipart), for every task using it; with no body checks the stored file again',
});
export const deleteIdentifier = endpoint<{ params: typeof IdParam; answer: typeof Ok }>({
  method: 'DELETE', path: '/api/v1/identifiers/:id', access: 'admin', tag: 'identifiers', summary: 'Removes a template no live task uses (409 otherwise)',
});

// The student's search across the catalogue (issue 29)
export const searchCatalogue = endpoint<{ query: typeof CatalogueSearchQuery; answer: typeof CatalogueSearchResults }>({
  method: 'GET', path: '/api/v1/search', access: 'user', tag: 'search',
  summary: 'Subjects, teachers and visible tasks of every course matching `q` (2-100 characters) by words, prefixes and small typos; `{subjects, teachers, tasks}`, best first, `limit` each (default 20, up to 50)',
});
