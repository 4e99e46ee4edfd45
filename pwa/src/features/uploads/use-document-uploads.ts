import { useCallback, useMemo, useRef, useState } from "react";
import { DOCUMENT_KINDS, type DocumentKind } from "@car-rental/shared/constants";
import { uploadMessages, uploadToasts } from "@car-rental/shared/messages";
import { documentKinds } from "./document-kinds";
import { showToast } from "../../lib/toast";
import { UploadCancelled, UploadFailure, uploadDocument, WRONG_FILE_MESSAGE } from "./upload-document";

/** An uploaded document: its object path and the name of the file it came from. */
export type UploadedDocument = { objectPath: string; fileName: string };

export type UploadedDocuments = Record<DocumentKind, UploadedDocument | null>;

export const noDocuments: UploadedDocuments = {
  photoId1Url: null,
  photoId2Url: null,
  proofOfBillingUrl: null,
};

export type DocumentUploads = {
  documents: UploadedDocuments;
  /** Per document: its upload address is being requested or its bytes are being sent. */
  inProgress: Record<DocumentKind, boolean>;
  /** Per document: why its last file was not stored (shown in its dialog as well as in a toast), or null. */
  failures: Record<DocumentKind, string | null>;
  /** Uploads one file; true when it is stored. Shows the spec's toasts either way. */
  upload: (kind: DocumentKind, file: File) => Promise<boolean>;
  /** Stops the upload of that document under way (its dialog was closed): no toast, nothing kept. */
  cancel: (kind: DocumentKind) => void;
  /** Forgets every document (after a booking) or restores saved ones (a draft). */
  replaceAll: (documents: UploadedDocuments) => void;
  allUploaded: boolean;
};

const idle: Record<DocumentKind, boolean> = {
  photoId1Url: false,
  photoId2Url: false,
  proofOfBillingUrl: false,
};

const noFailures: Record<DocumentKind, string | null> = {
  photoId1Url: null,
  photoId2Url: null,
  proofOfBillingUrl: null,
};

/**
 * The three documents of the booking form (spec §4 "Booking form"): each with
 * an in-progress flag, set while its upload runs and cleared on success or
 * failure. Failed files are logged and reported with 'Upload Error' or
 * 'Upload Failed'.
 */
export function useDocumentUploads(initial: UploadedDocuments = noDocuments): DocumentUploads {
  const [documents, setDocuments] = useState<UploadedDocuments>(initial);
  const [inProgress, setInProgress] = useState(idle);
  const [failures, setFailures] = useState(noFailures);

  const running = useRef<Partial<Record<DocumentKind, AbortController>>>({});

  const upload = useCallback(async (kind: DocumentKind, file: File): Promise<boolean> => {
    const setFlag = (value: boolean) => setInProgress((current) => ({ ...current, [kind]: value }));
    const setFailure = (message: string | null) =>
      setFailures((current) => ({ ...current, [kind]: message }));
    const controller = new AbortController();
    running.current[kind]?.abort();
    running.current[kind] = controller;
    setFlag(true);
    setFailure(null);
    try {
      const objectPath = await uploadDocument(file, undefined, controller.signal);
      setDocuments((current) => ({ ...current, [kind]: { objectPath, fileName: file.name } }));
      const entry = documentKinds.find((candidate) => candidate.kind === kind);
      if (entry) showToast(entry.uploadedToast, "success");
      return true;
    } catch (error) {
      if (error instanceof UploadCancelled) return false;
      console.error(`Upload of ${file.name} failed`, error);
      // A file refused for its type or size says so; anything else without a connection says that.
      const offline =
        !navigator.onLine && !(error instanceof UploadFailure && error.message === WRONG_FILE_MESSAGE);
      const message = offline
        ? uploadMessages.offline
        : error instanceof Error
          ? error.message
          : String(error);
      showToast(error instanceof UploadFailure ? error.toast : uploadToasts.failed, "error", message);
      setFailure(message);
      return false;
    } finally {
      if (running.current[kind] === controller) {
        delete running.current[kind];
        setFlag(false);
      }
    }
  }, []);

  // Closing the dialog: its upload stops, and what went wrong before is not shown when it opens again.
  const cancel = useCallback((kind: DocumentKind) => {
    running.current[kind]?.abort();
    setFailures((current) => ({ ...current, [kind]: null }));
  }, []);

  const replaceAll = useCallback((next: UploadedDocuments) => setDocuments(next), []);
  const allUploaded = useMemo(() => DOCUMENT_KINDS.every((kind) => documents[kind] !== null), [documents]);

  return { documents, inProgress, failures, upload, cancel, replaceAll, allUploaded };
}
