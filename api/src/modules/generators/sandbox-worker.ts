/**
 * Source of the worker thread that fills templates. It is plain CommonJS evaluated with
 * `new Worker(code, { eval: true })`, so it runs the same from src/ (tests, tsx) and dist/
 * without a build step of its own; the module paths come in workerData.
 *
 * The options repeat template-options.ts (no expression parser, own-property lookup).
 */
export const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const PizZip = require(workerData.pizzip);
const Docxtemplater = require(workerData.docxtemplater);
const parser = (tag) => {
  const name = tag.trim();
  return {
    get(scope) {
      if (name === '.') return scope;
      return scope !== null && typeof scope === 'object' && Object.prototype.hasOwnProperty.call(scope, name) ? scope[name] : undefined;
    },
  };
};
parentPort.on('message', (job) => {
  try {
    const doc = new Docxtemplater(new PizZip(job.template), {
      paragraphLoop: true, linebreaks: true, errorLogging: false, stripInvalidXMLChars: true,
      nullGetter: () => '', parser,
    });
    doc.render(job.data);
    const out = doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
    if (out.length > job.maxBytes) parentPort.postMessage({ id: job.id, error: 'too-large' });
    else parentPort.postMessage({ id: job.id, bytes: out });
  } catch (err) {
    parentPort.postMessage({ id: job.id, error: String((err && err.message) || err) });
  }
});
`;
