// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { contentDisposition, generatedFileName, safeFileName } from './names.js';
export { type FileLinks } from './signing.js';
export { detectFileType } from './types.js';
export { receiveFiles, receiveOneFile, receiveOptionalFile, removeBlobs, type StoredUpload } from './upload.js';
export { removeIfUnreferenced } from './sweep.js';
