import type { ACTION_METHODS } from '../../shared/methods/actions.ts';
import type { Handlers } from '../router.ts';
import { check, fileUpload, focus, scroll, selectOption } from './forms.ts';
import { fill, pressKey, type } from './keyboard.ts';
import { mouseAt } from './coordinates.ts';
import { click, drag, hover } from './pointer.ts';
import { find, get, handleDialog, is, waitFor } from './queries.ts';

export { watchDialogs } from './dialogs-cdp.ts';
export { watchFileChoosers } from './file-chooser.ts';

/** Handlers for element actions and queries (src/shared/methods/actions.ts). */
export const actionHandlers: Pick<Handlers, keyof typeof ACTION_METHODS> = {
  click,
  hover,
  mouseAt,
  focus,
  fill,
  type,
  pressKey,
  check,
  selectOption,
  drag,
  scroll,
  fileUpload,
  waitFor,
  handleDialog,
  get,
  is,
  find,
};
