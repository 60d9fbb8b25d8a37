import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(WEB_ROOT, '..');
export const SCREENSHOTS_DIR = path.join(WEB_ROOT, 'screenshots');
/** Debian's Chromium; never downloaded by the tests. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
