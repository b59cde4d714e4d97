// Bundled by e2e/helpers/bundle.ts into one script that tests add to a page;
// everything exported here lands on window.__snap.
export { takeSnapshot, resolveRef, refForElement, currentMaxRef } from '../../src/content/snapshot/index.ts';
export type { SnapshotOptions, SnapshotResult, FrameSlot } from '../../src/content/snapshot/index.ts';
