import type { Tool } from '../tool.ts';
import { ACTION_TOOLS } from './actions/index.ts';
import { DEVTOOLS_TOOLS } from './devtools/index.ts';
import { navigate, navigateBack, navigateForward, reload } from './navigate.ts';
import { takeScreenshot } from './screenshot.ts';
import { snapshot } from './snapshot.ts';
import { tabs } from './tabs.ts';

export const TOOLS: Tool[] = [...([navigate, navigateBack, navigateForward, reload, snapshot, tabs, takeScreenshot] as unknown as Tool[]), ...ACTION_TOOLS, ...DEVTOOLS_TOOLS];
