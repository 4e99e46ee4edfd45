/**
 * Ends the current task: the browser may paint and handle input before the
 * code after `await nextTask()` runs, so long work becomes several short tasks.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
