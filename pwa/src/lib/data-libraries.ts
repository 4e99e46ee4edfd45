/**
 * The public pages' data features (the fleet, the booking form, the contact
 * form) sit on zod, the shared schemas, Dexie and react-hook-form. Loaded with a feature, they
 * would all be evaluated in one long task; loaded here first, one by one with
 * a task boundary between them, the browser can paint and answer input in
 * between.
 */
import { nextTask } from "./next-task";
import { preloadLaterFiles } from "./preload-later";

let loading: Promise<void> | undefined;
let mantineLoading: Promise<void> | undefined;

/** Resolves once Mantine's run time (lib/mantine-runtime.ts) is evaluated, in a task of its own. */
export function loadMantine(): Promise<void> {
  mantineLoading ??= import("./mantine-runtime").then(
    () => nextTask(),
    // The section's own import reports the failure (and React.lazy retries it).
    () => undefined,
  );
  return mantineLoading;
}

/** Resolves once Mantine, zod, the shared schemas and route table, Dexie, react-hook-form and the browser database are evaluated, in tasks of their own. */
export function loadDataLibraries(): Promise<void> {
  // Every file of the data features is requested now; each is evaluated below in its turn.
  preloadLaterFiles();
  loading ??= (async () => {
    await loadMantine();
    try {
      // Building zod schemas is the costly part: a few modules at a time.
      // (Never `import("zod")` itself: a dynamic import keeps the whole
      // namespace, every locale included, out of tree-shaking's reach.)
      await import("@car-rental/shared/schemas/common");
      await nextTask();
      await import("@car-rental/shared/schemas/car");
      await nextTask();
      await import("@car-rental/shared/schemas/booking");
      await nextTask();
      await import("@car-rental/shared/api-public");
      await nextTask();
      await import("dexie");
      await nextTask();
      await import("react-hook-form");
      await nextTask();
      // Declaring the database's versions (data/db.ts) re-reads every earlier one: a task of its own.
      await import("../data/db");
      await nextTask();
    } catch {
      // The feature's own import reports the failure (and React.lazy retries it).
    }
  })();
  return loading;
}
