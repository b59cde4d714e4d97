import { actionHandlers } from '../actions/index.ts';
import { devtoolsHandlers } from '../devtools/index.ts';
import type { Handlers } from '../router.ts';
import { history, navigate } from './navigate.ts';
import { snapshot } from './snapshot.ts';
import { tabsClose, tabsList, tabsNew, tabsSelect } from './tabs.ts';

/** Every method in src/shared/methods/ has exactly one handler here (the type enforces it). */
export const handlers: Handlers = {
  ping: async () => ({ pong: true }),
  navigate,
  history,
  snapshot,
  'tabs.list': tabsList,
  'tabs.new': tabsNew,
  'tabs.select': tabsSelect,
  'tabs.close': tabsClose,
  ...actionHandlers,
  ...devtoolsHandlers,
};
