// Bundled by e2e/helpers/bundle.ts for bench/libraries.ts; lands on window.__lib.
import { computeAccessibleName, getRole, isInaccessible } from 'dom-accessibility-api';

/**
 * The least a snapshot built on dom-accessibility-api has to do: for every
 * element, decide whether it is exposed, take its role, and name the ones
 * whose role is not a plain container. No tree, no text, no refs, no states.
 */
export function rolesAndNames(): { exposed: number; named: number } {
  let exposed = 0;
  let named = 0;
  for (const el of document.body.querySelectorAll('*')) {
    if (isInaccessible(el)) continue;
    exposed++;
    const role = getRole(el);
    if (!role || role === 'generic' || role === 'presentation' || role === 'none') continue;
    computeAccessibleName(el);
    named++;
  }
  return { exposed, named };
}
