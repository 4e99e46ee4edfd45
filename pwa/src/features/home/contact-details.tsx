import { Anchor, Card, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconClock, IconMail, IconMapPin, IconPhone } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { contactSettings } from "@car-rental/shared/constants";
import classes from "./home.module.css";

function Item({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className={classes.contactItem}>
      <ThemeIcon size={42} radius="md" variant="light">
        {icon}
      </ThemeIcon>
      <div>
        <Text fw={700}>{title}</Text>
        {children}
      </div>
    </div>
  );
}

/** The business's contact details, from the shared contact settings. */
export function ContactDetails() {
  return (
    <Card padding="xl">
      <Stack gap="lg">
        <Item icon={<IconMapPin size={22} />} title="Visit us">
          <Anchor href={contactSettings.mapsUrl} target="_blank" rel="noopener noreferrer">
            {contactSettings.address}
          </Anchor>
        </Item>
        <Item icon={<IconPhone size={22} />} title="Call or text">
          {contactSettings.phones.map((phone) => (
            <div key={phone}>
              <Anchor href={`tel:${phone.replace(/\s+/g, "")}`}>{phone}</Anchor>
            </div>
          ))}
        </Item>
        <Item icon={<IconMail size={22} />} title="Email">
          <Anchor href={`mailto:${contactSettings.email}`}>{contactSettings.email}</Anchor>
        </Item>
        <Item icon={<IconClock size={22} />} title="Opening hours">
          <Text c="dimmed">{contactSettings.hours}</Text>
        </Item>
      </Stack>
    </Card>
  );
}
