import { Card, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { formatPeso } from "@car-rental/shared/money";
import type { HandoverFile, LocalHandover } from "../../../data/db";
import { longDateOfInstant } from "../frame/display";
import classes from "./handover.module.css";

/** Where to show a photo or signature from: this device's copy when it has one, else the server's. */
export function useFileSources(
  files: readonly HandoverFile[] | undefined,
): (ref: string | null) => string | null {
  const urls = useMemo(() => {
    const byRef = new Map<string, string>();
    for (const file of files ?? []) {
      const url = URL.createObjectURL(file.blob);
      byRef.set(file.id, url);
      if (file.objectPath) byRef.set(file.objectPath, url);
    }
    return byRef;
  }, [files]);
  useEffect(() => () => new Set(urls.values()).forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return (ref) => {
    if (ref === null) return null;
    return urls.get(ref) ?? (ref.startsWith("/objects/") ? ref : null);
  };
}

export const fuelText = (eighths: number) => `${eighths}/8`;

function Reading({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}

function RecordCard({
  title,
  record,
  source,
}: {
  title: string;
  record: LocalHandover | undefined;
  source: (ref: string | null) => string | null;
}) {
  return (
    <Card padding="md" withBorder component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {record ? (
          <>
            <Table withRowBorders={false} verticalSpacing={2}>
              <Table.Tbody>
                <Reading label="Date" value={longDateOfInstant(record.createdAt)} />
                <Reading label="Odometer" value={`${record.odometerKm.toLocaleString("en-PH")} km`} />
                <Reading label="Fuel" value={fuelText(record.fuelEighths)} />
                <Reading
                  label={record.kind === "check-out" ? "Damage notes" : "Notes"}
                  value={record.notes ?? "—"}
                />
                {record.kind === "check-in" ? (
                  <Reading
                    label="Charges"
                    value={
                      record.charges.length === 0
                        ? "None"
                        : record.charges.map((c) => `${c.label}: ${formatPeso(c.amount)}`).join(" · ")
                    }
                  />
                ) : null}
              </Table.Tbody>
            </Table>
            <Text size="sm" fw={600}>
              Photos ({record.photos.length})
            </Text>
            {record.photos.length > 0 ? (
              <div className={classes.thumbs}>
                {record.photos.map((ref, index) => {
                  const src = source(ref);
                  const alt = `${title} photo ${index + 1}`;
                  return src ? (
                    <a key={ref} href={src} target="_blank" rel="noreferrer">
                      <img src={src} alt={alt} className={classes.thumb} />
                    </a>
                  ) : (
                    <Text key={ref} size="xs" c="dimmed">
                      {alt} (not on this device)
                    </Text>
                  );
                })}
              </div>
            ) : null}
            {record.kind === "check-out" ? (
              <>
                <Text size="sm" fw={600}>
                  Signature
                </Text>
                {source(record.signature) ? (
                  <img
                    src={source(record.signature) ?? undefined}
                    alt="Customer's signature"
                    className={classes.signatureImage}
                  />
                ) : (
                  <Text size="xs" c="dimmed">
                    Not on this device
                  </Text>
                )}
              </>
            ) : null}
            {record._pending ? (
              <Text size="xs" c="dimmed">
                Saved on this device; sent when online.
              </Text>
            ) : null}
          </>
        ) : (
          <Text c="dimmed" size="sm">
            Not recorded yet.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The check-out and check-in records side by side (release 2 §C3), to settle a damage claim from. */
export function HandoverRecords({
  checkOut,
  checkIn,
  files,
}: {
  checkOut: LocalHandover | undefined;
  checkIn: LocalHandover | undefined;
  files: readonly HandoverFile[] | undefined;
}) {
  const source = useFileSources(files);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <RecordCard title="Check-out" record={checkOut} source={source} />
      <RecordCard title="Check-in" record={checkIn} source={source} />
    </SimpleGrid>
  );
}
