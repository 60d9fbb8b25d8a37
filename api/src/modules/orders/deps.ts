import type { CoreDeps } from '../../types/deps.js';
import type { FileLinks } from '../files/index.js';

/** What the orders' routes take from the app: the infrastructure and the files' download links. */
export type OrdersDeps = CoreDeps & { links: FileLinks };
