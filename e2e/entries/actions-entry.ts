// Bundled by e2e/helpers/bundle.ts into one script that tests add to a page;
// everything exported here lands on window.__actions. The snapshot engine is
// exported from the same bundle so refs it issues are the ones actions resolve.
export { handleAction } from '../../src/content/actions/index.ts';
export { takeSnapshot, refForElement, resolveRef, currentMaxRef } from '../../src/content/snapshot/index.ts';
// What a request's envelope brings (content/index.ts): the tab's lease of ref numbers.
export { takeRefLease } from '../../src/content/snapshot/refs.ts';
