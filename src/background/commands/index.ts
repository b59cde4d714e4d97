import { actionHandlers } from '../actions/index.ts';
import { devtoolsHandlers } from '../devtools/index.ts';
import type { Handlers } from '../router.ts';
import { navigate } from './navigate.ts';
import { screenshot } from './screenshot.ts';
import { snapshot } from './snapshot.ts';
import { tabsList } from './tabs.ts';

/** Every method in src/shared/methods/ has exactly one handler here (the type enforces it). */
export const handlers: Handlers = {
  ping: async () => ({ pong: true }),
  navigate,
  snapshot,
  'tabs.list': tabsList,
  screenshot,
  ...actionHandlers,
  ...devtoolsHandlers,
};
