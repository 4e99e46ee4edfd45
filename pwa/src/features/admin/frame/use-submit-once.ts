import { useRef, useState, type FormEvent } from "react";

/**
 * A form's submit that runs one at a time: a second tap while the first is
 * being saved is ignored (on a slow tablet, a double tap on 'Add Payment'
 * queued the payment twice, each with its own id, so the server rightly
 * recorded both). `submitting` is for the button's `loading`, which also
 * tells the owner the tap was taken. The guard is a ref, not only the state:
 * two taps can land before React has rendered the first one's state.
 */
export function useSubmitOnce(submit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>): {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
} {
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Never the browser's own submission (a page load), whether this tap runs or not.
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    setSubmitting(true);
    submit(event)
      .catch((error: unknown) => console.error("Saving the form failed", error))
      .finally(() => {
        running.current = false;
        setSubmitting(false);
      });
  };
  return { onSubmit, submitting };
}
