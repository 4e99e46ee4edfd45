import { Stack } from "@mantine/core";
import { ChangePasswordForm } from "./change-password-form";
import { NotificationsSetting } from "./notifications-setting";

/** `/admin/settings`. One section per setting, each its own component in this folder. */
export function SettingsScreen() {
  return (
    <Stack gap="xl">
      <ChangePasswordForm />
      <NotificationsSetting />
    </Stack>
  );
}
