/**
 * Tasks that must not overlap take turns: those given the same key run one
 * after another, in the order they were given; different keys run in
 * parallel. A task that fails does not hold up the next. A key's queue is
 * dropped once it runs empty, so keys can be per tab.
 */
export function takingTurns(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const queues = new Map<string, Promise<unknown>>();
  return (key, task) => {
    const run = (queues.get(key) ?? Promise.resolve()).then(task);
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return run;
  };
}
