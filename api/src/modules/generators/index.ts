// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { minimalDocx } from './docx-skeleton.js';
export { DOCX_TEMPLATE, createDocxTemplateGenerator } from './docx-template.js';
export { Sandbox } from './sandbox.js';
export { checkTemplate } from './template-check.js';
export { templateRefSql, toTemplateRef } from './queries.js';
export { insertIdentifier, pointTaskAt } from './identifiers.queries.js';
