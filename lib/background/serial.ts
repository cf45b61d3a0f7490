/**
 * A queue of async tasks that run one after another, each after every earlier one has
 * finished (a failure does not stop the queue). For read-modify-write of a stored object:
 * two writers interleaving would lose one's change.
 */
export function createSerial() {
  let last: Promise<unknown> = Promise.resolve();
  return function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = last.then(task, task);
    last = run.catch(() => undefined);
    return run;
  };
}
