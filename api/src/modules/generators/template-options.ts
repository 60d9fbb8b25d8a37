import type Docxtemplater from 'docxtemplater';

/**
 * The docxtemplater options of both the upload check and the generation worker: no
 * expression parser (a tag is a plain name looked up on the data, own properties only, so
 * `{constructor}` or `{__proto__}` find nothing), tag names trimmed, a missing value renders
 * as empty text, and characters XML cannot hold are dropped from students' answers.
 *
 * The worker cannot import this module (it runs plain JS), so it repeats these few lines;
 * keep them in step (see sandbox-worker.ts).
 */
export function templateOptions(): Docxtemplater.DXT.Options {
  return {
    paragraphLoop: true,
    linebreaks: true,
    errorLogging: false,
    stripInvalidXMLChars: true,
    nullGetter: () => '',
    parser: (tag: string) => {
      const name = tag.trim();
      return {
        get: (scope: unknown) => {
          if (name === '.') return scope;
          return scope !== null && typeof scope === 'object' && Object.prototype.hasOwnProperty.call(scope, name)
            ? (scope as Record<string, unknown>)[name]
            : undefined;
        },
      };
    },
  };
}
