import { endpoint } from '../endpoint.js';
import type { IdParam, Ok } from '../common.js';
import type { IdempotencyHeaders } from '../orders.js';
import type { ChatAnswer, ChatBody, ChatMessages, DocumentPage, DocumentQuery, ExplanationDocument, ExplanationSession, SessionParam } from '../explanations.js';

const tag = 'explanations';

// The AI tutor of an order (docs/EXPLANATIONS.md): only the order's buyer and admins; 503 while no provider is configured.
export const askExplanation = endpoint<{ headers: typeof IdempotencyHeaders; body: typeof ChatBody; answer: typeof ChatAnswer }>({
  method: 'POST', path: '/api/v1/rag/chat', access: 'user', rateLimit: 'explanation', tag,
  summary: 'Ask the tutor of an order a question (AI_QUESTION_PRICE_UAH from the general wallet, returned if no answer comes)',
});
export const askExplanationStream = endpoint<{ headers: typeof IdempotencyHeaders; body: typeof ChatBody; answer: 'file' }>({
  method: 'POST', path: '/api/v1/rag/chat/stream', access: 'user', rateLimit: 'explanation', tag,
  summary: 'The same question, answered as server-sent events (delta, then done or error) while the answer is written',
});
export const explanationMessages = endpoint<{ params: typeof SessionParam; answer: typeof ChatMessages }>({
  method: 'GET', path: '/api/v1/rag/chat-message/:explanationSessionId', access: 'user', tag,
  summary: "A session's answered questions and their answers, oldest first",
});
export const explanationSession = endpoint<{ params: typeof SessionParam; answer: typeof ExplanationSession }>({
  method: 'GET', path: '/api/v1/rag/session/:explanationSessionId', access: 'user', tag,
  summary: 'What the chat shows above the questions: the task, the price of a question, questions left today',
});
export const explanationDocuments = endpoint<{ query: typeof DocumentQuery; answer: typeof DocumentPage }>({
  method: 'GET', path: '/api/v1/rag/document', access: 'admin', tag,
  summary: 'Admin: explanation documents, newest first, paged ({content, last})',
});
export const uploadExplanationDocument = endpoint<{ body: 'multipart'; answer: typeof ExplanationDocument }>({
  method: 'POST', path: '/api/v1/rag/upload_document', access: 'admin', rateLimit: 'upload', status: 201, tag,
  summary: 'Admin: upload an explanation document (PDF, DOCX or TXT up to 10 MB; `description`, `multipartFile`, optional `taskId` or `subjectId`)',
});
export const deleteExplanationDocument = endpoint<{ params: typeof IdParam; answer: typeof Ok }>({
  method: 'DELETE', path: '/api/v1/rag/document/:id', access: 'admin', tag,
  summary: 'Admin: delete an explanation document; answers stop drawing on it at once',
});
export const explanationDocumentFile = endpoint<{ params: typeof IdParam; answer: 'file' }>({
  method: 'GET', path: '/api/v1/rag/document/:id/file', access: 'admin', tag,
  summary: "Admin: an explanation document's bytes (its `link`)",
});
