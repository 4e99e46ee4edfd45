import {
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { IconEdit, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { formatPeso } from "@car-rental/shared/money";
import { useAdminCars } from "../../../data/admin-data";
import type { LocalAdminCar } from "../../../data/db";
import { carBody } from "../../../data/mutations/cars/car-row";
import { deleteCar } from "../../../data/mutations/cars/delete-car";
import { updateCar } from "../../../data/mutations/cars/update-car";
import { queueChange } from "../frame/queue-change";
import classes from "../frame/admin.module.css";
import { CarFormDialog } from "./car-form-dialog";
import { DEFAULT_CAR_PICTURE } from "../frame/display";
import { useCarPictureSrc } from "./car-picture-field";
import { LoadingList } from "../frame/loading-list";
import { SyncBadge } from "../frame/sync-marks";

/** The Available/Rented switch: a PUT of the whole car with `available` changed. */
function setCarAvailability(car: LocalAdminCar, available: boolean): Promise<boolean> {
  const label = `Mark ${car.name} ${available ? "Available" : "Rented"}`;
  // Only the availability: a change made meanwhile elsewhere to the car's other fields stays.
  return queueChange(
    updateCar,
    { ...carBody(car, { available }), id: car.id, changed: ["available"] },
    { label },
  );
}

function CarCard({
  car,
  onEdit,
  onDelete,
}: {
  car: LocalAdminCar;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const picture = useCarPictureSrc(car.image);
  return (
    <Card component="article" aria-label={car.name} padding="md">
      <Card.Section className={classes.carPicture}>
        <AspectRatio ratio={5 / 3}>
          <Image
            src={picture ?? DEFAULT_CAR_PICTURE}
            fallbackSrc={DEFAULT_CAR_PICTURE}
            alt={car.name}
            fit="contain"
            loading="lazy"
            className={car.available ? undefined : classes.carPictureRented}
          />
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} fz="lg" lh={1.25}>
              {car.name}
            </Text>
            <Text size="sm" c="dimmed">
              {car.category}
            </Text>
          </Stack>
          <Badge
            color={car.available ? "green" : "red"}
            variant="light"
            tt="none"
            size="lg"
            className={classes.badge}
          >
            {car.available ? "Available" : "Rented"}
          </Badge>
        </Group>
        <Text fw={700}>{formatPeso(car.dailyRate)}/day</Text>
        <Text size="sm" c="dimmed">
          {car.seats} seats · {car.transmission} · {car.fuel} · {car.year}
          {car.plateNumber ? ` · ${car.plateNumber}` : ""}
        </Text>
        <SyncBadge entity="cars" id={car.id} pending={car._pending} />
        <Switch
          mt="auto"
          pt="xs"
          size="md"
          // A fixed name: the badge above is the one text saying Available or Rented (the
          // switch's checked state says it too). Not "Available …": that would match it again.
          label="For rent"
          checked={car.available}
          onChange={(event) => void setCarAvailability(car, event.currentTarget.checked)}
        />
        <Group gap="sm" grow>
          <Button
            variant="light"
            size="md"
            mih={44}
            leftSection={<IconEdit size={18} aria-hidden />}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Button
            variant="light"
            color="red"
            size="md"
            mih={44}
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={onDelete}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Spec §2 "Fleet Management": car cards with edit, delete and availability, and the add/edit dialog. */
export function FleetTab() {
  const cars = useAdminCars();
  const [editing, setEditing] = useState<LocalAdminCar | null>(null);
  const [adding, setAdding] = useState(false);
  const [query, setQuery] = useState("");

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!cars || needle === "") return cars ?? [];
    return cars.filter((car) =>
      `${car.name} ${car.category} ${car.plateNumber ?? ""}`.toLowerCase().includes(needle),
    );
  }, [cars, query]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label="Search cars"
          placeholder="Name, category or plate"
          leftSection={<IconSearch size={18} aria-hidden />}
          size="md"
          style={{ flex: "1 1 240px", maxWidth: 420 }}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        <Button
          size="md"
          mih={44}
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          Add Car
        </Button>
      </Group>
      {cars === undefined ? (
        <LoadingList />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {cars.length === 0 ? "No cars yet." : "No cars match your search."}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
          {shown.map((car) => (
            <CarCard
              key={car.id}
              car={car}
              onEdit={() => setEditing(car)}
              // Spec §2 asks for no confirmation here (only Unblock has one); the
              // change goes through the outbox and 'Car deleted successfully!' follows.
              onDelete={() => void queueChange(deleteCar, { id: car.id })}
            />
          ))}
        </SimpleGrid>
      )}
      <CarFormDialog
        opened={adding || editing !== null}
        car={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
