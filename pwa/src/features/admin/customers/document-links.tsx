import { Button, Group, Text } from "@mantine/core";
import { IconFileText, IconId } from "@tabler/icons-react";
import type { MouseEvent, ReactNode } from "react";
import { popupBlocked } from "@car-rental/shared/messages";
import type { LocalCustomer } from "../../../data/db";
import classes from "../frame/admin.module.css";

const DOCUMENTS = [
  { key: "photoId1Url", label: "Photo ID #1", icon: IconId },
  { key: "photoId2Url", label: "Photo ID #2", icon: IconId },
  { key: "proofOfBillingUrl", label: "Proof of Billing", icon: IconFileText },
] as const;

/**
 * Opens a private document in a new window (the admin's session cookie lets
 * the server serve it). Spec §8: a blocked popup is reported with the address.
 */
export function openDocument(path: string): void {
  const url = new URL(path, window.location.origin).toString();
  const opened = window.open(url, "_blank");
  if (opened === null) {
    window.alert(popupBlocked(url));
    return;
  }
  // The document must not script this page.
  opened.opener = null;
}

/**
 * A link to an uploaded document (spec §2: "links to the documents"). A plain
 * click opens it through openDocument() (a blocked popup is reported); a
 * click with a modifier key, a middle click or "open in new tab" use the link
 * itself.
 */
export function DocumentLink({ path, label, icon }: { path: string; label: string; icon: ReactNode }) {
  return (
    <Button
      component="a"
      href={path}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      size="md"
      mih={44}
      leftSection={icon}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openDocument(path);
      }}
    >
      {label}
    </Button>
  );
}

/** The customer's three documents: a link each, or "not uploaded". */
export function DocumentLinks({ customer }: { customer: LocalCustomer }) {
  return (
    <Group gap="xs" wrap="wrap">
      {DOCUMENTS.map(({ key, label, icon: Icon }) => {
        const path = customer[key];
        return path ? (
          <DocumentLink key={key} path={path} label={label} icon={<Icon size={18} aria-hidden />} />
        ) : (
          <Text key={key} size="sm" c="dimmed" className={classes.missingDocument}>
            <Icon size={18} aria-hidden /> {label}: not uploaded
          </Text>
        );
      })}
    </Group>
  );
}
