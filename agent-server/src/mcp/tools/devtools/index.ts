import type { Tool } from '../../tool.ts';

/** Debugging-kit tools: console, evaluate, network, emulation, service workers, images. */
export const DEVTOOLS_TOOLS: Tool[] = [];
