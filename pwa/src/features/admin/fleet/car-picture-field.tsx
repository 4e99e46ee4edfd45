import { Box, Button, Group, Image, Loader, Stack, Text } from "@mantine/core";
import { IconPhotoUp } from "@tabler/icons-react";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { uploadToasts } from "@car-rental/shared/messages";
import { showToast } from "../../../lib/toast";
import classes from "../frame/admin.module.css";
import { carPictureUrl } from "../frame/display";
import { CAR_IMAGE_ACCEPT, uploadCarImage } from "./car-image-upload";

export type CarPicture = ReturnType<typeof useCarPicture>;

/**
 * The car form's picture: uploaded as soon as it is chosen (spec §5), shown
 * from the file itself until the form is saved.
 */
export function useCarPicture(initial: string | null) {
  const [image, setImage] = useState<string | null>(initial);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

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
    const outcome = await uploadCarImage(file);
    setUploading(false);
    if (!outcome.ok) {
      showToast({ title: outcome.title, description: outcome.message }, "error");
      return;
    }
    setImage(outcome.objectPath);
    setPreview(URL.createObjectURL(file));
    showToast(uploadToasts.image, "success");
  };

  const src = preview ?? (image ? carPictureUrl(image) : null);
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
