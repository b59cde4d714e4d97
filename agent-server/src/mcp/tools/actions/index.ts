import type { Tool } from '../../tool.ts';

/** Element actions, waits, dialogs and queries. */
export const ACTION_TOOLS: Tool[] = [];
