import { Button, Text } from "@mantine/core";
import { IconCircleCheckFilled, IconFileText } from "@tabler/icons-react";
import { Suspense, useState } from "react";
import type { DocumentKind } from "@car-rental/shared/constants";
import { documentKinds } from "./document-kinds";
import classes from "./uploads.module.css";
import type { DocumentUploads } from "./use-document-uploads";
import { lazyRetrying, loadRetrying } from "../../lib/lazy-retrying";

// The dialog (a Mantine modal with its focus trap) loads when a document is first chosen, with the
// files it imports in one round trip (vite.config.ts, build.modulePreload).
const loadDialog = () => import("./upload-dialog");
const UploadDialog = lazyRetrying(() => loadDialog().then((m) => ({ default: m.UploadDialog })));

type DocumentUploadListProps = {
  uploads: DocumentUploads;
  /** Disables the buttons (e.g. while the booking is being sent). */
  disabled?: boolean;
};

/**
 * The three document uploads of the booking form (Photo ID #1, Photo ID #2,
 * Proof of Billing), each a button that opens the upload dialog; the button
 * shows its upload running.
 */
export function DocumentUploadList({ uploads, disabled = false }: DocumentUploadListProps) {
  // The dialog keeps its document while it closes, so its title does not flicker.
  const [dialog, setDialog] = useState<{ kind: DocumentKind; opened: boolean; used: boolean }>({
    kind: "photoId1Url",
    opened: false,
    used: false,
  });
  const current = documentKinds.find((entry) => entry.kind === dialog.kind) ?? documentKinds[0];
  // Until the dialog's code is there, the chosen button shows it is working on it.
  const [dialogReady, setDialogReady] = useState(false);
  const open = (kind: DocumentKind) => {
    setDialog({ kind, opened: true, used: true });
    // As the dialog's own load, this waits for the connection should the file fail to arrive.
    loadRetrying(loadDialog).then(
      () => setDialogReady(true),
      () => undefined,
    );
  };

  return (
    <>
      <ul className={classes.documentList}>
        {documentKinds.map(({ kind, label }) => {
          const uploaded = uploads.documents[kind];
          return (
            <li key={kind} className={classes.documentRow} data-uploaded={uploaded !== null || undefined}>
              <div className={classes.documentStatus}>
                {uploaded ? (
                  <IconCircleCheckFilled size={22} className={classes.doneIcon} aria-hidden="true" />
                ) : (
                  <IconFileText size={22} aria-hidden="true" />
                )}
                <div>
                  <Text fw={600}>{label}</Text>
                  <Text size="sm" c="dimmed" className={classes.fileName} title={uploaded?.fileName}>
                    {uploaded ? `Uploaded: ${uploaded.fileName}` : "Not uploaded yet"}
                  </Text>
                </div>
              </div>
              <Button
                variant={uploaded ? "default" : "light"}
                loading={uploads.inProgress[kind] || (dialog.opened && dialog.kind === kind && !dialogReady)}
                disabled={disabled}
                onClick={() => open(kind)}
              >
                {uploaded ? `Replace ${label}` : `Upload ${label}`}
              </Button>
            </li>
          );
        })}
      </ul>
      {dialog.used && (
        <Suspense fallback={null}>
          <UploadDialog
            opened={dialog.opened}
            label={current?.label ?? ""}
            busy={uploads.inProgress[dialog.kind]}
            failure={uploads.failures[dialog.kind]}
            onClose={() => {
              // Closing it while its file is on its way stops that upload (a stalled one included).
              uploads.cancel(dialog.kind);
              setDialog((state) => ({ ...state, opened: false }));
            }}
            onFile={(file) => uploads.upload(dialog.kind, file)}
          />
        </Suspense>
      )}
    </>
  );
}
