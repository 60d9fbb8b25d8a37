import { z } from 'zod';
import { COURSES, NAME_MAX, NAME_MIN, TASK_TYPES } from './constants.js';
import { Id, IdInput, IntInput, IsoDate, NumberInput, PageLimit, PageNumber, PageQuery, SearchText, pageOf } from './common.js';
import { MSG } from './messages.js';
import { hasVisibleText } from './names.js';
import { Rating } from './reviews.js';
import { TASK_SORTS } from './taskSort.js';

/**
 * A name that shows something: whitespace or invisible characters alone are refused with the
 * field's message; one over NAME_MAX characters with `tooLong`.
 */
const name = (message: string, tooLong = message) =>
  z
    .string({ error: message })
    .trim()
    .min(NAME_MIN, { error: message })
    .max(NAME_MAX, { error: tooLong })
    .refine(hasVisibleText, { error: message });
/** The spec's subject message says the field is empty: a name that is too long gets the length message. */
const subjectName = () => name(MSG.subjectName, MSG.nameLength);
const course = IntInput(MSG.courseRange).pipe(z.number().min(1, { error: MSG.courseRange }).max(COURSES.length, { error: MSG.courseRange }));
/**
 * In an edit, `""` (or a missing field) keeps the current value. A value that is neither
 * answers with the field's own message (a bare union would only say "Invalid input").
 */
const keep = <T extends z.ZodType>(schema: T, message: string) =>
  z.union([z.literal('').transform(() => undefined), schema], { error: message }).optional();

export const Subject = z.object({ id: Id, name: z.string(), courseNumber: z.number().int() });
export type Subject = z.infer<typeof Subject>;
export const SubjectCreate = z.object({ name: subjectName(), courseNumber: course });
export const SubjectPatch = z.object({ name: keep(subjectName(), MSG.subjectName), courseNumber: keep(course, MSG.courseRange) });
/** The newest client's `PUT /subjects/subject`: the whole subject. */
export const SubjectUpdate = z.object({ id: IdInput, name: subjectName(), courseNumber: course });
/** Path parameters holding an id; anything but a positive whole number answers 400. */
export const SubjectParam = z.object({ subjectId: IdInput });
export const TeacherParam = z.object({ teacherId: IdInput });
export const CourseParam = z.object({ n: IntInput(MSG.courseRange).pipe(z.number().min(1, { error: MSG.courseRange }).max(COURSES.length, { error: MSG.courseRange })) });

export const Teacher = z.object({ id: Id, name: z.string(), subjectId: Id });
export type Teacher = z.infer<typeof Teacher>;
export const TeacherCreate = z.object({ name: name(MSG.nameLength), subjectId: IdInput });
export const TeacherUpdate = z.object({ name: name(MSG.nameLength) });
/** The newest client's `PUT /teachers/teacher {id, name}`. */
export const TeacherUpdateById = TeacherUpdate.extend({ id: IdInput });

export const Argument = z.object({ id: Id, name: z.string(), description: z.string() });
export type Argument = z.infer<typeof Argument>;
export const ArgumentCreate = z.object({ name: name(MSG.nameLength), description: name(MSG.nameLength) });
export const ArgumentPatch = z.object({ name: keep(name(MSG.nameLength), MSG.nameLength), description: keep(name(MSG.nameLength), MSG.nameLength) });
/** The newest client's `PUT /arguments/argument {id, name, description}`. */
export const ArgumentUpdate = ArgumentCreate.extend({ id: IdInput });

const title = z.string({ error: MSG.taskTitle }).trim().min(1, { error: MSG.taskTitle }).max(255, { error: MSG.taskTitle });
const description = z.string().max(5000, { error: MSG.invalidField('description') });
const identifier = z.string().trim().max(100, { error: MSG.invalidField('identifier') });
const price = IntInput(MSG.priceInvalid).pipe(z.number().min(1, { error: MSG.priceInvalid }).max(1_000_000, { error: MSG.priceInvalid }));
/** A manual task's own deadline in hours (fractions allowed); none means ORDER_DEADLINE_HOURS. */
export const TASK_DEADLINE_MAX_HOURS = 8760;
const deadlineHours = NumberInput(MSG.deadlineHoursInvalid).pipe(
  z.number().positive({ error: MSG.deadlineHoursInvalid }).max(TASK_DEADLINE_MAX_HOURS, { error: MSG.deadlineHoursInvalid }),
);

/**
 * The template library ("identifiers", as the product's newest client names them): a named DOCX
 * template several tasks share (DOCX), or the name of a built-in generator (GENERATOR).
 */
export const IDENTIFIER_KINDS = ['DOCX', 'GENERATOR'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];
export const IDENTIFIER_PAGE_SIZE = 20;
export const IDENTIFIER_NAME_MAX = 100;
export const IDENTIFIER_DESCRIPTION_MAX = 500;

/** A library entry as a task shows it (`Task.template`, and the newest client's `identifier`). */
export const IdentifierRef = z.object({ id: Id, name: z.string(), type: z.enum(IDENTIFIER_KINDS), description: z.string(), createdAt: IsoDate });
export type IdentifierRef = z.infer<typeof IdentifierRef>;
/** A library entry as the library lists it: its file, its tags and how many live tasks use it. */
export const Identifier = IdentifierRef.extend({ fileName: z.string().nullable(), tags: z.array(z.string()), tasks: z.number().int() });
export type Identifier = z.infer<typeof Identifier>;
export const IdentifierPage = pageOf(Identifier);
export const IdentifierQuery = z.object({ page: PageNumber.default(0), limit: PageLimit.default(IDENTIFIER_PAGE_SIZE) });
/** The text parts of `POST /identifiers/identifier` and `PUT /identifiers/identifier/{id}` (the file is `file`). */
export const IdentifierFields = z.object({
  name: z.string().trim().max(IDENTIFIER_NAME_MAX, { error: MSG.identifierName(IDENTIFIER_NAME_MAX) }).optional(),
  description: z.string().trim().max(IDENTIFIER_DESCRIPTION_MAX, { error: MSG.textTooLong(IDENTIFIER_DESCRIPTION_MAX) }).optional(),
});

/** The explanation document a task's tutor draws on (docs/EXPLANATIONS.md), as the newest client shows it. */
export const TaskDocument = z.object({ documentId: Id, fileName: z.string(), description: z.string() });
export type TaskDocument = z.infer<typeof TaskDocument>;

export const Task = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  identifier: z.string(),
  price: z.number(),
  discount: z.number(),
  type: z.enum(TASK_TYPES),
  visible: z.boolean(),
  autoGenerate: z.boolean(),
  /** `photo`: the avatar the newest client shows on the card ("" when Telegram gave none). */
  developer: z.object({ telegramId: Id, username: z.string(), photo: z.string() }),
  teacherId: Id,
  teacher: z.object({ id: Id, name: z.string(), subject: z.object({ id: Id, name: z.string() }) }),
  args: z.array(Id),
  arguments: z.array(Argument),
  /** Whether a DOCX template is uploaded (auto-generated tasks). */
  hasTemplate: z.boolean(),
  /** The task's newest explanation document, or null. */
  document: TaskDocument.nullable(),
  /** The library entry the task generates with (auto-generated tasks), or null. */
  template: IdentifierRef.nullable(),
  /** Hours a manual order of this task has to be delivered in; null: the server's default (ORDER_DEADLINE_HOURS). */
  deadlineHours: z.number().nullable(),
  createdAt: IsoDate,
  /** Its visible reviews: the mean to one decimal (0 while none) and how many. */
  rating: Rating,
});
export type Task = z.infer<typeof Task>;

/** Argument ids of a task, in order (a list of strings or numbers); `null` is none. */
const argumentIds = z.array(IdInput, { error: MSG.argumentsUnknown });

/**
 * `POST /api/v1/tasks/task`. 1.8.7 names the arguments `args`; the newest client `arguments`
 * (and sends `identifierId`, `documentId`): either list is read, `args` when both are sent.
 */
export const TaskCreate = z
  .object({
    title,
    description: description.nullish().transform((v) => v ?? ''),
    identifier: identifier.nullish().transform((v) => v ?? ''),
    price,
    type: z.enum(TASK_TYPES, { error: MSG.taskTypeInvalid }),
    developerTelegramId: IdInput,
    autoGenerate: z.boolean({ error: MSG.invalidField('autoGenerate') }),
    teacherId: IdInput,
    args: argumentIds.nullish(),
    arguments: argumentIds.nullish(),
    /** The explanation document the task's tutor draws on (the newest client's task form). */
    documentId: IdInput.nullish(),
    /** The library template it generates with (`identifier` then follows it). */
    identifierId: IdInput.nullish(),
    deadlineHours: z.union([z.literal('').transform(() => null), deadlineHours], { error: MSG.deadlineHoursInvalid }).nullish().transform((v) => v ?? null),
  })
  .transform(({ args, arguments: named, ...rest }) => ({ ...rest, args: args ?? named ?? [] }));

export const TaskPatch = z.object({
  title: keep(title, MSG.taskTitle),
  // API-CONTRACT: `""` keeps every field of this edit, the description included.
  description: keep(description, MSG.invalidField('description')),
  identifier: keep(identifier, MSG.invalidField('identifier')),
  price: keep(price, MSG.priceInvalid),
  visible: z.boolean({ error: MSG.invalidField('visible') }).optional(),
  developerTelegramId: z.union([z.literal('').transform(() => undefined), IdInput]).nullish(),
  /** `""` or absent keeps it, `null` goes back to the server's default. */
  deadlineHours: z.union([z.literal('').transform(() => undefined), z.null(), deadlineHours], { error: MSG.deadlineHoursInvalid }).optional(),
  /** Zalik's task form: the type, the teacher and the arguments can change after creation (absent: kept). */
  type: keep(z.enum(TASK_TYPES), MSG.taskTypeInvalid),
  teacherId: keep(IdInput, MSG.teacherNotFound),
  args: argumentIds.optional(),
  autoGenerate: z.boolean({ error: MSG.invalidField('autoGenerate') }).optional(),
  /** A library template to generate with (absent or `""`: kept). */
  identifierId: keep(IdInput, MSG.identifierNotFound),
});

/**
 * The newest client's `PUT /api/v1/tasks/task`: the whole task as its form holds it (a missing
 * `description` is empty, `arguments` the new list).
 */
export const TaskUpdate = z.object({
  id: IdInput,
  title,
  description: description.nullish().transform((v) => v ?? ''),
  price,
  type: z.enum(TASK_TYPES, { error: MSG.taskTypeInvalid }),
  developerTelegramId: IdInput,
  autoGenerate: z.boolean({ error: MSG.invalidField('autoGenerate') }),
  visible: z.boolean({ error: MSG.invalidField('visible') }).nullish(),
  teacherId: IdInput,
  arguments: argumentIds.nullish().transform((v) => v ?? []),
  documentId: IdInput.nullish(),
  identifierId: IdInput.nullish(),
});

/** `GET /api/v1/tasks/search` (admins): tasks of the live catalogue whose title holds `title`, by title. */
export const TaskSearchQuery = z.object({ title: SearchText.default(''), page: PageNumber.default(0), limit: PageLimit.default(20) });
/** A task as a picker shows it: enough to tell two tasks of the same name apart. */
export const TaskPick = z.object({
  id: Id,
  title: z.string(),
  price: z.number(),
  visible: z.boolean(),
  subjectName: z.string(),
  teacherName: z.string(),
  courseNumber: z.number(),
});
export type TaskPick = z.infer<typeof TaskPick>;
export const TaskPickList = z.array(TaskPick);

export const News = z.object({ id: Id, title: z.string(), text: z.string(), animation: z.string() });
export type News = z.infer<typeof News>;
export const NewsBody = z.object({
  title: z.string({ error: MSG.newsInvalid }).trim().min(1, { error: MSG.newsInvalid }).max(100, { error: MSG.newsInvalid }),
  text: z.string({ error: MSG.newsInvalid }).trim().min(1, { error: MSG.newsInvalid }).max(1000, { error: MSG.newsInvalid }),
  animation: z.string().trim().max(100).regex(/^[a-z0-9-]*$/, { error: MSG.invalidField('animation') }).optional().default(''),
});
export const NewsPatch = z.object({
  title: keep(NewsBody.shape.title, MSG.newsInvalid),
  text: keep(NewsBody.shape.text, MSG.newsInvalid),
  animation: keep(z.string().trim().max(100).regex(/^[a-z0-9-]+$/), MSG.invalidField('animation')),
});
export const Faq = z.object({ id: Id, question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof Faq>;
export const FaqBody = z.object({
  question: z.string({ error: MSG.faqInvalid }).trim().min(1, { error: MSG.faqInvalid }).max(300, { error: MSG.faqInvalid }),
  answer: z.string({ error: MSG.faqInvalid }).trim().min(1, { error: MSG.faqInvalid }).max(3000, { error: MSG.faqInvalid }),
});
export const FaqPatch = z.object({
  question: keep(FaqBody.shape.question, MSG.faqInvalid),
  answer: keep(FaqBody.shape.answer, MSG.faqInvalid),
});

export const SubjectList = z.array(Subject);
export const TeacherList = z.array(Teacher);
export const ArgumentList = z.array(Argument);
export const TaskList = z.array(Task);
/** `GET /api/v1/tasks/teacher/{teacherId}?sort&page&limit`: without `sort`, the catalogue's own order (oldest first, as existing clients read it). */
export const TaskListQuery = PageQuery.extend({ sort: z.enum(TASK_SORTS, { error: MSG.taskSortInvalid }).optional() });
/** A course's subjects and a teacher's tasks: plain arrays, or one page `{content, last}` when `page`/`limit` were sent. */
export const SubjectListOrPage = z.union([SubjectList, pageOf(Subject)]);
/**
 * A page of a teacher's tasks (the newest client): the same tasks, but `identifier` is the
 * library entry it generates with (that client's task form reads `identifier.id`), not the
 * generator's name.
 */
export const ClientTask = Task.extend({ identifier: IdentifierRef.nullable() });
export const TaskListOrPage = z.union([TaskList, pageOf(ClientTask)]);
/** Subjects and tasks per page when only `page` is sent. */
export const CATALOGUE_PAGE_SIZE = 10;
export const NewsList = z.array(News);
export const FaqList = z.array(Faq);

