import type { DEVTOOLS_METHODS } from '../../shared/methods/devtools.ts';
import type { Handlers } from '../router.ts';

/** Handlers for the debugging-kit methods (src/shared/methods/devtools.ts). */
export const devtoolsHandlers: Pick<Handlers, keyof typeof DEVTOOLS_METHODS> = {};

/** Wires capture (console, network…) into the debugger and tab lifecycle. Called once per worker start. */
export function startDevtoolsCapture(): void {}
