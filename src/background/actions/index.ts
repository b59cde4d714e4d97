import type { ACTION_METHODS } from '../../shared/methods/actions.ts';
import type { Handlers } from '../router.ts';

/** Handlers for element actions and queries (src/shared/methods/actions.ts). */
export const actionHandlers: Pick<Handlers, keyof typeof ACTION_METHODS> = {};
