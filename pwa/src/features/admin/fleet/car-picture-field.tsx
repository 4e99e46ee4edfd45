import { Box, Button, Group, Image, Loader, Stack, Text } from "@mantine/core";
import { IconPhotoUp } from "@tabler/icons-react";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { uploadMessages, uploadToasts } from "@car-rental/shared/messages";
import { showToast } from "../../../lib/toast";
import classes from "../frame/admin.module.css";
import { carPictureUrl } from "../frame/display";
import { useKeptCarImage } from "../../../data/admin-data";
import { db as appDb } from "../../../data/db";
import { isKeptCarImage, keepCarImage } from "../../../data/mutations/cars/car-image-files";
import { CAR_IMAGE_ACCEPT, carImageProblem, uploadCarImage } from "./car-image-upload";

export type CarPicture = ReturnType<typeof useCarPicture>;

/** An object URL for `blob` while the component shows it (revoked after). */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return undefined;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** Where to show a car's picture from: the server's, or the file kept on this device until the car is sent. */
export function useCarPictureSrc(image: string | null | undefined): string | null {
  const kept = useKeptCarImage(image);
  const keptUrl = useObjectUrl(kept?.blob ?? undefined);
  if (!isKeptCarImage(image)) return image ? carPictureUrl(image) : null;
  // Once its car reached the server only the server's copy is left.
  return keptUrl ?? (kept?.objectPath ? carPictureUrl(kept.objectPath) : null);
}

/**
 * The car form's picture: uploaded as soon as it is chosen (spec §5), shown
 * from the file itself until the form is saved. When the server cannot be
 * reached (offline, or no answer), the picture is kept on this device and
 * uploaded just before the car's change is sent (car-image-files.ts).
 */
export function useCarPicture(initial: string | null) {
  const [image, setImage] = useState<string | null>(initial);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const stored = useCarPictureSrc(image);

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    setUploading(true);
    try {
      const problem = carImageProblem(file);
      if (problem) {
        showToast({ title: uploadToasts.failed.title, description: problem }, "error");
        return;
      }
      const online = typeof navigator === "undefined" || navigator.onLine !== false;
      const outcome = online ? await uploadCarImage(file) : null;
      if (outcome && !outcome.ok && !outcome.unreachable) {
        showToast({ title: outcome.title, description: outcome.message }, "error");
        return;
      }
      let chosen: string;
      if (outcome?.ok) {
        chosen = outcome.objectPath;
        showToast(uploadToasts.image, "success");
      } else {
        // No connection: the picture waits on this device and goes up with the car.
        chosen = await keepCarImage(appDb, file, file.type);
        showToast(uploadToasts.imageKept, "info");
      }
      setImage(chosen);
      setPreview(URL.createObjectURL(file));
    } catch (error) {
      // Keeping the file failed (the browser's storage is full, say): nothing was chosen.
      console.error("Keeping the car picture failed", error);
      showToast({ title: uploadToasts.failed.title, description: uploadMessages.noFilesProcessed }, "error");
    } finally {
      setUploading(false);
    }
  };

  const src = preview ?? stored;
  return { image, src, uploading, onFile };
}

/** The preview and the upload button of the car form. */
export function CarPictureField({ picture }: { picture: CarPicture }) {
  const { image, src: pictureSrc, uploading, onFile } = picture;
  const fileId = useId();
  return (
    <Stack gap={6}>
      <Text fw={500} size="md">
        Car Image
      </Text>
      <Group gap="md" align="center" wrap="wrap">
        <Box className={classes.picturePreview}>
          {pictureSrc ? (
            <Image src={pictureSrc} alt="Car picture preview" fit="contain" h="100%" w="100%" />
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              No picture yet
            </Text>
          )}
        </Box>
        <Stack gap={4}>
          <input
            id={fileId}
            type="file"
            accept={CAR_IMAGE_ACCEPT}
            aria-label="Car Image"
            className={classes.fileInput}
            disabled={uploading}
            onChange={(event) => void onFile(event)}
          />
          <Button
            component="label"
            htmlFor={fileId}
            variant="light"
            size="md"
            mih={44}
            leftSection={uploading ? <Loader size={16} /> : <IconPhotoUp size={18} aria-hidden />}
            data-disabled={uploading || undefined}
          >
            {image ? "Replace Image" : "Upload Image"}
          </Button>
          <Text size="xs" c="dimmed">
            JPG or PNG, up to 10 MB
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
