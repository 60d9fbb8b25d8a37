import { orderFileExtension, type OrderFileExtension } from '@zalik/contract';

/**
 * What a developer may send as an answer. The extension decides the content type we serve
 * (never the type the uploader claimed), and the bytes must look like that format, so a
 * renamed executable or an HTML page posing as a PDF is refused.
 */
type Check = 'zip' | 'pdf' | 'ole' | 'png' | 'jpeg' | 'gif' | 'webp' | 'rar' | '7z' | 'text';

// Keyed by the contract's list, so the app's check before upload and this one cannot drift apart.
const TYPES: Record<OrderFileExtension, [mime: string, check: Check]> = {
  pdf: ['application/pdf', 'pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'zip'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'zip'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'zip'],
  odt: ['application/vnd.oasis.opendocument.text', 'zip'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet', 'zip'],
  odp: ['application/vnd.oasis.opendocument.presentation', 'zip'],
  zip: ['application/zip', 'zip'],
  doc: ['application/msword', 'ole'],
  xls: ['application/vnd.ms-excel', 'ole'],
  ppt: ['application/vnd.ms-powerpoint', 'ole'],
  rar: ['application/vnd.rar', 'rar'],
  '7z': ['application/x-7z-compressed', '7z'],
  png: ['image/png', 'png'],
  jpg: ['image/jpeg', 'jpeg'],
  jpeg: ['image/jpeg', 'jpeg'],
  gif: ['image/gif', 'gif'],
  webp: ['image/webp', 'webp'],
  txt: ['text/plain; charset=utf-8', 'text'],
  md: ['text/markdown; charset=utf-8', 'text'],
  csv: ['text/csv; charset=utf-8', 'text'],
  rtf: ['application/rtf', 'text'],
  json: ['application/json', 'text'],
  xml: ['application/xml', 'text'],
  sql: ['text/plain; charset=utf-8', 'text'],
  py: ['text/plain; charset=utf-8', 'text'],
  c: ['text/plain; charset=utf-8', 'text'],
  h: ['text/plain; charset=utf-8', 'text'],
  cpp: ['text/plain; charset=utf-8', 'text'],
  cs: ['text/plain; charset=utf-8', 'text'],
  java: ['text/plain; charset=utf-8', 'text'],
  js: ['text/plain; charset=utf-8', 'text'],
  ts: ['text/plain; charset=utf-8', 'text'],
  html: ['text/plain; charset=utf-8', 'text'],
  css: ['text/plain; charset=utf-8', 'text'],
  ipynb: ['application/json', 'text'],
  m: ['text/plain; charset=utf-8', 'text'],
  pas: ['text/plain; charset=utf-8', 'text'],
};

const starts = (b: Buffer, ...sig: number[]) => b.length >= sig.length && sig.every((x, i) => b[i] === x);

function looksLike(check: Check, b: Buffer): boolean {
  switch (check) {
    case 'zip':
      return starts(b, 0x50, 0x4b, 0x03, 0x04);
    case 'pdf':
      return starts(b, 0x25, 0x50, 0x44, 0x46, 0x2d);
    case 'ole':
      return starts(b, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    case 'png':
      return starts(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'jpeg':
      return starts(b, 0xff, 0xd8, 0xff);
    case 'gif':
      return starts(b, 0x47, 0x49, 0x46, 0x38);
    case 'webp':
      return starts(b, 0x52, 0x49, 0x46, 0x46) && b.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'rar':
      return starts(b, 0x52, 0x61, 0x72, 0x21, 0x1a, 0x07);
    case '7z':
      return starts(b, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c);
    case 'text':
      // UTF-8 text without NUL bytes (a binary file renamed to .txt has them).
      return !b.includes(0) && new TextDecoder('utf-8', { fatal: false }).decode(b).indexOf('\ufffd') === -1;
  }
}

/** The content type to serve a file with, or null when its name or bytes are not acceptable. */
export function detectFileType(fileName: string, bytes: Buffer): string | null {
  const ext = orderFileExtension(fileName);
  if (!ext) return null;
  const entry = TYPES[ext];
  return looksLike(entry[1], bytes) ? entry[0] : null;
}
