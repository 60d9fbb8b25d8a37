import { z } from 'zod';
import { MSG } from './messages.js';
import { Id, IdInput, IsoDate, PageLimit, PageNumber } from './common.js';

/** Longest question a student may ask, in characters. */
export const EXPLANATION_QUESTION_MAX = 1000;
/** Questions one order's session takes per Kyiv day (refunded ones do not count). */
export const EXPLANATION_DAILY_QUESTIONS = 20;
/** What a question costs when AI_QUESTION_PRICE_UAH is not set. */
export const EXPLANATION_PRICE_UAH = 2;
/** An explanation document (PDF, DOCX or TXT) is at most this large. */
export const EXPLANATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const EXPLANATION_DOCUMENT_DESCRIPTION_MAX = 500;
/** Explanation documents per page of the admin list when `limit` is not sent. */
export const EXPLANATION_DOCUMENT_PAGE_SIZE = 5;

/** Who wrote a message of a session, as the product's newer client reads it. */
export const EXPLANATION_ROLES = ['USER', 'ASSISTANT'] as const;
export type ExplanationRole = (typeof EXPLANATION_ROLES)[number];

const Question = z
  .string({ error: MSG.explanationQuestionEmpty })
  .trim()
  .min(1, { error: MSG.explanationQuestionEmpty })
  .max(EXPLANATION_QUESTION_MAX, { error: MSG.explanationQuestionTooLong(EXPLANATION_QUESTION_MAX) });

/** `POST /api/v1/rag/chat` and its streaming variant. */
export const ChatBody = z.object({ explanationSessionId: IdInput, question: Question });
export type ChatBody = z.infer<typeof ChatBody>;
export const ChatAnswer = z.object({ answer: z.string() });

export const SessionParam = z.object({ explanationSessionId: IdInput });

export const ChatMessage = z.object({ role: z.enum(EXPLANATION_ROLES), content: z.string() });
export type ChatMessage = z.infer<typeof ChatMessage>;
/** A session's answered questions, oldest first: each question, then its answer. */
export const ChatMessages = z.array(ChatMessage);

/** What the chat screen shows above the questions. */
export const ExplanationSession = z.object({
  explanationSessionId: Id,
  taskTitle: z.string(),
  /** UAH one question costs. */
  price: z.number(),
  questionsLeftToday: z.number().int(),
  questionMax: z.number().int(),
});
export type ExplanationSession = z.infer<typeof ExplanationSession>;

/**
 * The streaming variant answers server-sent events, one JSON `data` line each: `delta` (the
 * next piece of the answer), then `done` (the whole answer, stored and paid for) or `error`
 * (the question failed and its money is back on the wallet).
 */
export type ExplanationStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; answer: string; charged: number }
  | { type: 'error'; message: string; refunded: boolean };

export const DocumentQuery = z.object({ page: PageNumber.optional(), limit: PageLimit.optional() });

export const ExplanationDocument = z.object({
  documentId: Id,
  fileName: z.string(),
  createdAt: IsoDate,
  description: z.string(),
  /** A signed download link of the document. */
  link: z.string(),
  createdBy: z.object({ username: z.string(), photo: z.string() }),
  /** The task or the subject whose questions draw on it (both null: any order's). */
  taskId: Id.nullable(),
  subjectId: Id.nullable(),
  /** What it is attached to, as the admins' list names it: the task's title (null for none) and the subject's name (the task's subject, or the subject's own). */
  taskTitle: z.string().nullable(),
  subjectName: z.string().nullable(),
  /** How many pieces of text were found in it. */
  chunks: z.number().int(),
});
export type ExplanationDocument = z.infer<typeof ExplanationDocument>;
export const DocumentPage = z.object({ content: z.array(ExplanationDocument), last: z.boolean() });
export type DocumentPage = z.infer<typeof DocumentPage>;

/** The upload's text parts (the file is `multipartFile`). */
export const DocumentFields = z.object({
  description: z
    .string({ error: MSG.explanationDocumentDescription(EXPLANATION_DOCUMENT_DESCRIPTION_MAX) })
    .trim()
    .min(1, { error: MSG.explanationDocumentDescription(EXPLANATION_DOCUMENT_DESCRIPTION_MAX) })
    .max(EXPLANATION_DOCUMENT_DESCRIPTION_MAX, { error: MSG.explanationDocumentDescription(EXPLANATION_DOCUMENT_DESCRIPTION_MAX) }),
  taskId: IdInput.optional(),
  subjectId: IdInput.optional(),
});
