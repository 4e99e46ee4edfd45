// The Mantine styles the admin area adds to those of the first view
// (src/styles/mantine.ts); loaded with the admin chunk only.
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/NumberInput.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/Tabs.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/Pagination.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/AspectRatio.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Fieldset.css";
import "@mantine/core/styles/Center.css";
