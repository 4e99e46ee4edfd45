/**
 * Kept so the modules beside it (admin-actions.ts, use-outbox-toasts.ts) and
 * their tests keep their import path: the toasts themselves are lib/toast.ts.
 */
export { showAdminError, showSuccess, showToast } from "../../lib/toast";
