/** Test bundle of the snapshot engine's accessibility core (see e2e/helpers/bundle.ts). */
export { getRole } from '../../src/content/snapshot/roles.ts';
export { getName, getDescription } from '../../src/content/snapshot/names.ts';
export { isHiddenForAria } from '../../src/content/snapshot/visibility.ts';
export { withStyleCache } from '../../src/content/snapshot/dom.ts';
