import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import { Button, Loader, Text } from "@mantine/core";
import { DialogModal } from "../../lib/dialog-modal";
import { IconFileUpload } from "@tabler/icons-react";
import { useId, useState, type ChangeEvent, type DragEvent } from "react";
import { uploadMessages } from "@car-rental/shared/messages";
import { DOCUMENT_ACCEPT } from "./document-kinds";
import classes from "./uploads.module.css";

type UploadDialogProps = {
  opened: boolean;
  /** What is uploaded, e.g. 'Photo ID #1'. */
  label: string;
  /** Whether the upload of this document is running. */
  busy: boolean;
  /** Why the last file chosen here was not stored, or null. */
  failure?: string | null;
  onClose: () => void;
  /** Uploads the chosen file; resolves true when it is stored. */
  onFile: (file: File) => Promise<boolean>;
};

/**
 * The document upload dialog (spec §2 "Document and image upload dialog"): a
 * modal with the note 'Upload an image to continue' and one file input
 * (JPG, PNG or PDF, at most 5 MB). It closes when the upload completes or
 * when asked to; a failed file stays reported here and in a toast.
 */
export function UploadDialog({ opened, label, busy, failure = null, onClose, onFile }: UploadDialogProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const send = async (file: File | undefined) => {
    if (!file || busy) return;
    if (await onFile(file)) onClose();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Clear the input so choosing the same file again after a failure still fires.
    event.currentTarget.value = "";
    void send(file);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };

  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={`Upload ${label}`}
      centered
      size="md"
      className={classes.dialog}
    >
      <Text fw={600}>{uploadMessages.dialogNote}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        JPG, PNG or PDF, up to 5 MB. A clear photo or scan where every detail is readable.
      </Text>
      <label
        htmlFor={inputId}
        className={classes.dropzone}
        data-dragging={dragging || undefined}
        data-busy={busy || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {busy ? (
          <>
            <Loader size="md" aria-hidden="true" />
            <span role="status">Uploading {label}…</span>
          </>
        ) : (
          <>
            <IconFileUpload size={36} stroke={1.5} aria-hidden="true" />
            <span className={classes.dropzoneTitle}>Choose a file</span>
            <span className={classes.dropzoneHint}>or drag it here</span>
          </>
        )}
      </label>
      {failure && !busy && (
        <Text size="sm" c="red.8" mt="sm" role="alert">
          {failure}
        </Text>
      )}
      {busy && (
        // A stalled connection: the visitor need not wait for the upload's timeout.
        <Button variant="default" mt="md" onClick={onClose}>
          Cancel upload
        </Button>
      )}
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={DOCUMENT_ACCEPT}
        disabled={busy}
        onChange={onChange}
      />
    </DialogModal>
  );
}
