import { Button, Input, Stack, Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { HANDOVER_MAX_PHOTOS } from "@car-rental/shared/constants";
import { newId } from "../frame/queue-change";
import { downscaleToJpeg } from "./downscale";
import classes from "./handover.module.css";

/** A photo taken for a handover: downscaled already, waiting for the form to be saved. */
export type PickedPhoto = { id: string; blob: Blob };

type PhotoPickerProps = {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
};

export const PHOTOS_LABEL = `Photos (up to ${HANDOVER_MAX_PHOTOS})`;

/** The tablet's camera (or its pictures), several at once, up to 12; each downscaled before it is kept. */
export function PhotoPicker({ photos, onChange }: PhotoPickerProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const urls = useMemo(() => photos.map((photo) => URL.createObjectURL(photo.blob)), [photos]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);

  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setProblem(null);
    const room = HANDOVER_MAX_PHOTOS - photos.length;
    const chosen = [...files].slice(0, Math.max(0, room));
    if (files.length > room)
      setProblem(`At most ${HANDOVER_MAX_PHOTOS} photos: the extra ones were left out.`);
    setBusy(true);
    try {
      const added: PickedPhoto[] = [];
      for (const file of chosen) added.push({ id: newId(), blob: await downscaleToJpeg(file) });
      onChange([...photos, ...added]);
    } catch (error) {
      console.error("A photo could not be read", error);
      setProblem("A photo could not be read. Please take it again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label={PHOTOS_LABEL} labelElement="label" id="handover-photos" error={problem}>
      <Stack gap={6}>
        <input
          id="handover-photos"
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          disabled={busy || photos.length >= HANDOVER_MAX_PHOTOS}
          onChange={(event) => {
            const input = event.currentTarget;
            void add(input.files).finally(() => {
              input.value = "";
            });
          }}
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {busy ? "Preparing photos…" : `${photos.length} of ${HANDOVER_MAX_PHOTOS} photos`}
        </Text>
        {photos.length > 0 ? (
          <div className={classes.thumbs}>
            {photos.map((photo, index) => (
              <Stack key={photo.id} gap={2} align="center">
                <img src={urls[index]} alt={`Photo ${index + 1}`} className={classes.thumb} />
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => onChange(photos.filter((p) => p.id !== photo.id))}
                >
                  Remove
                </Button>
              </Stack>
            ))}
          </div>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
