// Yielding the main thread: the form's long jobs (the engine's warm-up, mounting) go in steps, and
// the page's input, frames and other scripts run between two steps.

/**
 * Resolves in a later task: `scheduler.yield()` where the browser has it (the continuation keeps
 * its place ahead of other tasks), else a zero timeout.
 * @returns {Promise<void>}
 */
export function yieldToPage() {
  const scheduler = globalThis.scheduler;
  if (scheduler && typeof scheduler.yield === "function") return scheduler.yield();
  return new Promise((resolve) => { setTimeout(resolve, 0); });
}
