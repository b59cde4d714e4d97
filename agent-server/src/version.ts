import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** Read at run time so the bundled CLI reports the installed package's version. */
export const SERVER_VERSION: string = (require('../../package.json') as { version: string }).version;
