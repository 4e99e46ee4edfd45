import { Button, Group, NativeSelect, NumberInput, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { useState, type FormEvent } from "react";
import { FUEL_EIGHTHS_MAX } from "@car-rental/shared/constants";
import { errorMessages } from "@car-rental/shared/messages";
import { tryParseMoney, normalizeMoney } from "@car-rental/shared/money";
import { handoverMessages } from "@car-rental/shared/schemas/handover";
import type { LocalBooking, LocalHandover } from "../../../data/db";
import { checkInBooking } from "../../../data/mutations/handover/check-in-booking";
import { checkOutBooking } from "../../../data/mutations/handover/check-out-booking";
import { newId, queueChange } from "../frame/queue-change";
import { reference } from "../frame/display";
import { PhotoPicker, type PickedPhoto } from "./photo-picker";
import { keepHandoverFiles } from "./save-files";
import { SignaturePad } from "./signature-pad";

export type HandoverKind = "check-out" | "check-in";

export const handoverLabels = {
  odometer: "Odometer (km)",
  fuel: "Fuel level (eighths 0–8)",
  damageNotes: "Damage notes",
  notes: "Notes",
  chargeLabel: "Charge",
  chargeAmount: "Amount (₱)",
} as const;

const FUEL_OPTIONS = Array.from({ length: FUEL_EIGHTHS_MAX + 1 }, (_, eighths) => ({
  value: String(eighths),
  label: eighths === 0 ? "0/8 (empty)" : eighths === FUEL_EIGHTHS_MAX ? "8/8 (full)" : `${eighths}/8`,
}));

type ChargeRow = { key: string; label: string; amount: string };

type HandoverDialogProps = {
  kind: HandoverKind | null;
  booking: LocalBooking;
  /** The check-out record, for the check-in's odometer rule. */
  checkOut: LocalHandover | undefined;
  onClose: () => void;
};

type Problems = Partial<Record<"odometer" | "fuel" | "signature" | "charges", string>>;

/**
 * `Check out` (a confirmed booking's car leaves) and `Check in` (an active
 * booking's car is back), release 2 §C3. Saved on this device at once and
 * sent when there is a connection: the photos and the signature wait in the
 * browser's database and are uploaded just before the change is sent.
 */
export function HandoverDialog({ kind, booking, checkOut, onClose }: HandoverDialogProps) {
  const [odometer, setOdometer] = useState<string | number>("");
  const [fuel, setFuel] = useState("");
  const [notes, setNotes] = useState("");
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [signature, setSignature] = useState<Blob | null>(null);
  const [charges, setCharges] = useState<ChargeRow[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);

  const close = () => {
    setOdometer("");
    setFuel("");
    setNotes("");
    setPhotos([]);
    setSignature(null);
    setCharges([]);
    setProblems({});
    onClose();
  };

  const checkProblems = (): Problems => {
    const found: Problems = {};
    const km = typeof odometer === "number" ? odometer : Number.NaN;
    if (!Number.isInteger(km) || km < 0) found.odometer = handoverMessages.odometerRequired;
    else if (kind === "check-in" && checkOut && km < checkOut.odometerKm) {
      found.odometer = `${errorMessages.ODOMETER_BEFORE_CHECKOUT} (${checkOut.odometerKm} km)`;
    }
    if (fuel === "") found.fuel = handoverMessages.fuelInvalid;
    if (kind === "check-out" && !signature) found.signature = handoverMessages.signatureRequired;
    const badCharge = charges.some(
      (row) => row.label.trim() === "" || (tryParseMoney(row.amount) ?? 0n) <= 0n,
    );
    if (kind === "check-in" && badCharge)
      found.charges = `${handoverMessages.chargeLabelRequired}; ${handoverMessages.chargeAmountInvalid.toLowerCase()}.`;
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!kind || saving) return;
    const found = checkProblems();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const signatureFile = kind === "check-out" && signature ? { id: newId(), blob: signature } : null;
      await keepHandoverFiles(booking.id, photos, signatureFile);
      const common = {
        id: newId(),
        bookingId: booking.id,
        odometerKm: Number(odometer),
        fuelEighths: Number(fuel),
        notes: notes.trim() || null,
        photos: photos.map((photo) => photo.id),
      };
      const queued =
        kind === "check-out" && signatureFile
          ? await queueChange(checkOutBooking, { ...common, signature: signatureFile.id })
          : await queueChange(checkInBooking, {
              ...common,
              charges: charges.map((row) => ({
                label: row.label.trim(),
                amount: normalizeMoney(row.amount),
              })),
            });
      if (queued) close();
    } finally {
      setSaving(false);
    }
  };

  const title = kind === "check-out" ? "Check out" : "Check in";
  return (
    <DialogModal opened={kind !== null} onClose={close} title={title} centered size="lg">
      {kind ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
          <Stack gap="md">
            <Text size="sm">
              {booking.customerName} · {booking.carName} · Ref. {reference(booking)}
            </Text>
            <Group grow align="flex-start">
              <NumberInput
                label={handoverLabels.odometer}
                size="md"
                min={0}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                value={odometer}
                onChange={setOdometer}
                error={problems.odometer}
                data-autofocus
              />
              <NativeSelect
                label={handoverLabels.fuel}
                size="md"
                data={[{ value: "", label: "Choose…" }, ...FUEL_OPTIONS]}
                value={fuel}
                onChange={(event) => setFuel(event.currentTarget.value)}
                error={problems.fuel}
              />
            </Group>
            <PhotoPicker photos={photos} onChange={setPhotos} />
            <Textarea
              label={kind === "check-out" ? handoverLabels.damageNotes : handoverLabels.notes}
              size="md"
              autosize
              minRows={2}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
            {kind === "check-out" ? (
              <SignaturePad onChange={setSignature} error={problems.signature ?? null} />
            ) : (
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  Extra charges
                </Text>
                {charges.map((row, index) => (
                  <Group key={row.key} align="flex-end" gap="sm" wrap="nowrap">
                    <TextInput
                      label={`${handoverLabels.chargeLabel} ${index + 1}`}
                      placeholder="Late return, fuel, damage, cleaning"
                      style={{ flex: 2 }}
                      value={row.label}
                      onChange={(event) => {
                        const label = event.currentTarget.value;
                        setCharges((rows) => rows.map((r) => (r.key === row.key ? { ...r, label } : r)));
                      }}
                    />
                    <TextInput
                      label={`${handoverLabels.chargeAmount} ${index + 1}`}
                      inputMode="decimal"
                      style={{ flex: 1 }}
                      value={row.amount}
                      onChange={(event) => {
                        const amount = event.currentTarget.value;
                        setCharges((rows) => rows.map((r) => (r.key === row.key ? { ...r, amount } : r)));
                      }}
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      aria-label={`Remove charge ${index + 1}`}
                      onClick={() => setCharges((rows) => rows.filter((r) => r.key !== row.key))}
                    >
                      Remove
                    </Button>
                  </Group>
                ))}
                {problems.charges ? (
                  <Text c="red" size="sm" role="alert">
                    {problems.charges}
                  </Text>
                ) : null}
                <Group>
                  <Button
                    variant="light"
                    onClick={() => setCharges((rows) => [...rows, { key: newId(), label: "", amount: "" }])}
                  >
                    Add charge
                  </Button>
                </Group>
              </Stack>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="md" mih={44} onClick={close}>
                Cancel
              </Button>
              <Button type="submit" size="md" mih={44} loading={saving}>
                {kind === "check-out" ? "Save check-out" : "Save check-in"}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </DialogModal>
  );
}
