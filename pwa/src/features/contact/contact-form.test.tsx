import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactTopicNotes } from "@car-rental/shared/constants";
import { contactToasts } from "@car-rental/shared/messages";
import { ApiClient, type FetchLike } from "../../data/api-client";
import type { OutboxEntry } from "../../data/db";
import type { MutationArgs } from "../../data/mutations/mutation";
import type { EnqueueInput } from "../../data/outbox";
import { ContactSection } from "./contact-form";

type Sent = { url: string; init: RequestInit };

function renderForm(fetchImpl: FetchLike, outboxFails = { times: 0 }) {
  const sent: Sent[] = [];
  const queued: EnqueueInput<MutationArgs>[] = [];
  const api = new ApiClient({
    fetch: (url, init) => {
      sent.push({ url, init });
      return fetchImpl(url, init);
    },
  });
  const enqueue = async <Args extends MutationArgs>(input: EnqueueInput<Args>): Promise<OutboxEntry> => {
    if (outboxFails.times > 0) {
      outboxFails.times -= 1;
      throw new TypeError("Failed to fetch dynamically imported module");
    }
    queued.push(input);
    return {
      id: input.id ?? "entry",
      seq: queued.length,
      mutation: input.mutation.name,
      args: input.args,
      createdAt: new Date().toISOString(),
      attempts: 0,
      state: "pending",
      lastError: null,
      lastStatus: null,
      nextAttemptAt: 0,
      claimedAt: null,
      entity: input.mutation.entity,
      entityId: input.id ?? "entry",
      related: [],
      label: input.label ?? "Contact message",
    };
  };
  render(
    <MantineProvider>
      <Notifications />
      <ContactSection api={api} enqueue={enqueue} />
    </MantineProvider>,
  );
  return { sent, queued };
}

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

async function fillRequired() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/First Name/), "Maria");
  await user.type(screen.getByLabelText(/Last Name/), "Santos");
  await user.type(screen.getByLabelText(/Email/), "maria@example.ph");
  await user.type(screen.getByLabelText(/^Message/), "Is the Fortuner free next week?");
  return user;
}

afterEach(() => {
  notifications.clean();
});

describe("ContactSection", () => {
  it("has the labelled fields of spec §2, with an e-mail field and the seven topics", () => {
    renderForm(answer(201, { ok: true }));
    for (const label of [/First Name/, /Last Name/, /Email/, /Phone/, /Subject/, /^Message/]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByLabelText(/Email/).getAttribute("type")).toBe("email");
    const options = Array.from(
      screen.getByLabelText(/Subject/).querySelectorAll("option"),
      (option) => option.value,
    );
    expect(options.filter(Boolean)).toEqual([
      "General Inquiry",
      "Booking Question",
      "Fleet Information",
      "Corporate Rentals",
      "VIP Booking",
      "All Package Booking",
      "Support",
    ]);
  });

  it("names each field exactly by its visible label and marks the four required ones for assistive technology", () => {
    renderForm(answer(201, { ok: true }));
    for (const label of ["First Name", "Last Name", "Email", "Message"]) {
      const field = screen.getByLabelText(label, { exact: true });
      expect(field.getAttribute("aria-required")).toBe("true");
      // No native 'required': the form's own check shows the spec's toast instead of the browser's bubble.
      expect(field.hasAttribute("required")).toBe(false);
    }
    for (const label of ["Phone", "Subject"]) {
      expect(screen.getByLabelText(label, { exact: true }).hasAttribute("aria-required")).toBe(false);
    }
    expect(screen.getByText("First name, last name, email and message are required.")).toBeTruthy();
  });

  it("shows 'Required Fields Missing' when required fields are empty, and sends nothing", async () => {
    const { sent } = renderForm(answer(201, { ok: true }));
    await userEvent.setup().click(screen.getByRole("button", { name: /Send Message/ }));
    expect(await screen.findByText(contactToasts.missingFields.title)).toBeTruthy();
    expect(screen.getByText(contactToasts.missingFields.description)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("shows the notes of 'VIP Booking' and 'All Package Booking'", async () => {
    renderForm(answer(201, { ok: true }));
    const user = userEvent.setup();
    const vipNote = contactTopicNotes["VIP Booking"] ?? "";
    const packageNote = contactTopicNotes["All Package Booking"] ?? "";
    expect(screen.queryByText(vipNote)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/Subject/), "VIP Booking");
    expect(await screen.findByText(vipNote)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/Subject/), "All Package Booking");
    expect(await screen.findByText(packageNote)).toBeTruthy();
    expect(screen.queryByText(vipNote)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/Subject/), "Support");
    await waitFor(() => expect(screen.queryByText(packageNote)).toBeNull());
  });

  it("sends the message, says 'Message Sent!' and clears the form", async () => {
    const { sent } = renderForm(answer(201, { ok: true, id: "x", createdAt: "2026-11-21T01:30:00Z" }));
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: /Send Message/ }));
    expect(await screen.findByText(contactToasts.sent.title)).toBeTruthy();
    expect(screen.getByText(contactToasts.sent.description)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe("/api/contact");
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      firstName: "Maria",
      lastName: "Santos",
      email: "maria@example.ph",
      phone: null,
      subject: null,
      message: "Is the Fortuner free next week?",
    });
    expect(new Headers(sent[0]?.init.headers).get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/First Name/).value).toBe(""));
  });

  it("says 'Failed to Send Message' when the server refuses", async () => {
    renderForm(answer(422, { error: { code: "VALIDATION_FAILED", message: "Invalid input" } }));
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: /Send Message/ }));
    expect(await screen.findByText(contactToasts.failed.title)).toBeTruthy();
    expect(screen.getByText(contactToasts.failed.description)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/First Name/).value).toBe("Maria");
  });

  it("queues the message with the same Idempotency-Key when the network fails", async () => {
    const { sent, queued } = renderForm(vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: /Send Message/ }));
    expect(await screen.findByText(contactToasts.queued.title)).toBeTruthy();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.mutation.route.method).toBe("POST");
    expect(queued[0]?.mutation.route.path).toBe("/api/contact");
    expect(queued[0]?.id).toBe(new Headers(sent[0]?.init.headers).get("Idempotency-Key"));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/First Name/).value).toBe(""));
  });

  it("sends the same message again under the same key when its outcome was unknown, so it is stored once", async () => {
    // The answer is lost and the outbox cannot load (a first visit on a dropping connection).
    const { sent, queued } = renderForm(
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
      { times: 1 },
    );
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: /Send Message/ }));
    expect(await screen.findByText(contactToasts.failed.title)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/First Name/).value).toBe("Maria");
    await user.click(screen.getByRole("button", { name: /Send Message/ }));
    expect(await screen.findByText(contactToasts.queued.title)).toBeTruthy();
    const keys = sent.map((request) => new Headers(request.init.headers).get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(queued[0]?.id).toBe(keys[0]);
  });

  it("sends an edited message under a new key", async () => {
    const { sent } = renderForm(
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
      {
        times: 1,
      },
    );
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: /Send Message/ }));
    expect(await screen.findByText(contactToasts.failed.title)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Message/), " And the Vios?");
    await user.click(screen.getByRole("button", { name: /Send Message/ }));
    expect(await screen.findByText(contactToasts.queued.title)).toBeTruthy();
    const keys = sent.map((request) => new Headers(request.init.headers).get("Idempotency-Key"));
    expect(keys[1]).not.toBe(keys[0]);
  });
});
