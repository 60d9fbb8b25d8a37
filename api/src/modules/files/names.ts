/**
 * File names are only ever shown (Content-Disposition, Telegram captions), never used as
 * paths: blobs live under generated ids. Still, a name must not carry control characters or
 * path separators into a header or a user's Downloads folder, nor bidirectional controls:
 * a right-to-left override makes `a\u202Egnp.pdf` show as `apdf.png`, so a PDF passes for a picture.
 */
/** Marks, embeddings, overrides and isolates of the Unicode bidirectional algorithm, and the BOM. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function safeFileName(name: string, fallback = 'file'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(BIDI_CONTROLS, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  if (!cleaned) return fallback;
  if (cleaned.length <= 120) return cleaned;
  // Keep the extension when cutting a long name.
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 120 - ext.length).trimEnd() + ext;
}

/** The answer file of an auto-generated task: named after the task. */
export function generatedFileName(taskTitle: string, extension: string): string {
  return `${safeFileName(taskTitle, 'zalik').slice(0, 100).trimEnd()}${extension}`;
}

/**
 * `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987), so a
 * Cyrillic name arrives intact in browsers and in Telegram's downloader.
 */
export function contentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
