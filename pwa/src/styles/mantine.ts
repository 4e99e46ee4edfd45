// Only the Mantine styles the app uses (the full stylesheet is ~4x larger).
// Order matters: globals first, then shared building blocks, then components.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
// Our theme's variables, generated once (npm run styles:mantine) instead of by MantineProvider at run time.
import "./mantine-theme-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/Notification.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Tooltip.css";
import "@mantine/notifications/styles.css";
