/**
 * Waiting for the page to change: resolves once the DOM has changed and
 * `settle` has passed after it (the rest of a render, the frame it shows in),
 * or after `ms` if nothing changes (then false). The one wait for "something
 * happened" that no event names.
 */
export function afterDomChange(ms: number, settle: () => Promise<void>, options: { attributes: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    let changed = false;
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(changed);
    };
    const observer = new MutationObserver(() => {
      observer.disconnect();
      changed = true;
      void settle().then(done);
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: options.attributes });
    const timer = setTimeout(done, Math.max(0, ms));
  });
}
