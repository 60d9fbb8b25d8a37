/**
 * DOCX and multipart test helpers: a minimal template, a document's text, a multipart body.
 * The purchase world (users, tasks, money) is in purchase-world.ts.
 */
import { randomUUID } from 'node:crypto';
import PizZip from 'pizzip';
import { minimalDocx } from '../src/modules/generators/docx-skeleton.js';

export { minimalDocx };

/** The text of a DOCX's document.xml, paragraphs separated by newlines. */
export function docxText(bytes: Buffer): string {
  const xml = new PizZip(bytes).file('word/document.xml')?.asText();
  if (xml === undefined) throw new Error('not a docx: no word/document.xml');
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trimEnd();
}

export interface Part {
  name: string;
  /** A file part when set. */
  filename?: string;
  value: string | Buffer;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----zalik${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename !== undefined
      ? `form-data; name="${p.name}"; filename="${p.filename}"; filename*=UTF-8''${encodeURIComponent(p.filename)}`
      : `form-data; name="${p.name}"`;
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
