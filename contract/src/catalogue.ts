import { z } from 'zod';
import { COURSES, NAME_MAX, NAME_MIN, TASK_TYPES } from './constants.js';
import { Id, IdInput, IntInput, IsoDate, NumberInput, PageLimit, PageNumber, SearchText } from './common.js';
import { MSG } from './messages.js';
import { hasVisibleText } from './names.js';

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
/** Path parameters holding an id; anything but a positive whole number answers 400. */
export const SubjectParam = z.object({ subjectId: IdInput });
export const TeacherParam = z.object({ teacherId: IdInput });
export const CourseParam = z.object({ n: IntInput(MSG.courseRange).pipe(z.number().min(1, { error: MSG.courseRange }).max(COURSES.length, { error: MSG.courseRange })) });

export const Teacher = z.object({ id: Id, name: z.string(), subjectId: Id });
export type Teacher = z.infer<typeof Teacher>;
export const TeacherCreate = z.object({ name: name(MSG.nameLength), subjectId: IdInput });
export const TeacherUpdate = z.object({ name: name(MSG.nameLength) });

export const Argument = z.object({ id: Id, name: z.string(), description: z.string() });
export type Argument = z.infer<typeof Argument>;
export const ArgumentCreate = z.object({ name: name(MSG.nameLength), description: name(MSG.nameLength) });
export const ArgumentPatch = z.object({ name: keep(name(MSG.nameLength), MSG.nameLength), description: keep(name(MSG.nameLength), MSG.nameLength) });

const title = z.string({ error: MSG.taskTitle }).trim().min(1, { error: MSG.taskTitle }).max(255, { error: MSG.taskTitle });
const description = z.string().max(5000, { error: MSG.invalidField('description') });
const identifier = z.string().trim().max(100, { error: MSG.invalidField('identifier') });
const price = IntInput(MSG.priceInvalid).pipe(z.number().min(1, { error: MSG.priceInvalid }).max(1_000_000, { error: MSG.priceInvalid }));
/** A manual task's own deadline in hours (fractions allowed); none means ORDER_DEADLINE_HOURS. */
export const TASK_DEADLINE_MAX_HOURS = 8760;
const deadlineHours = NumberInput(MSG.deadlineHoursInvalid).pipe(
  z.number().positive({ error: MSG.deadlineHoursInvalid }).max(TASK_DEADLINE_MAX_HOURS, { error: MSG.deadlineHoursInvalid }),
);

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
  developer: z.object({ telegramId: Id, username: z.string() }),
  teacherId: Id,
  teacher: z.object({ id: Id, name: z.string(), subject: z.object({ id: Id, name: z.string() }) }),
  args: z.array(Id),
  arguments: z.array(Argument),
  /** Whether a DOCX template is uploaded (auto-generated tasks). */
  hasTemplate: z.boolean(),
  /** Hours a manual order of this task has to be delivered in; null: the server's default (ORDER_DEADLINE_HOURS). */
  deadlineHours: z.number().nullable(),
  createdAt: IsoDate,
});
export type Task = z.infer<typeof Task>;

export const TaskCreate = z.object({
  title,
  description: description.nullish().transform((v) => v ?? ''),
  identifier: identifier.nullish().transform((v) => v ?? ''),
  price,
  type: z.enum(TASK_TYPES, { error: MSG.taskTypeInvalid }),
  developerTelegramId: IdInput,
  autoGenerate: z.boolean({ error: MSG.invalidField('autoGenerate') }),
  teacherId: IdInput,
  args: z.array(IdInput, { error: MSG.argumentsUnknown }).nullish().transform((v) => v ?? []),
  deadlineHours: z.union([z.literal('').transform(() => null), deadlineHours], { error: MSG.deadlineHoursInvalid }).nullish().transform((v) => v ?? null),
});
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
export const NewsList = z.array(News);
export const FaqList = z.array(Faq);
