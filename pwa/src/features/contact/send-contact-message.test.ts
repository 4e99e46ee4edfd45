import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "@car-rental/shared/schemas/contact";
import { ApiClient, type FetchLike } from "../../data/api-client";
import type { OutboxEntry } from "../../data/db";
import type { MutationArgs } from "../../data/mutations/mutation";
import type { EnqueueInput } from "../../data/outbox";
import { sendContactMessage } from "./send-contact-message";

const message = contactMessageSchema.parse({
  firstName: "Maria",
  lastName: "Santos",
  email: "maria@example.ph",
  message: "Is the Fortuner free next week?",
});

/** Sends `message` through a real ApiClient over `fetchImpl`; what was sent and what was queued. */
async function send(fetchImpl: FetchLike, timeoutMs = 5_000) {
  const keys: (string | null)[] = [];
  const queued: EnqueueInput<MutationArgs>[] = [];
  const api = new ApiClient({
    fetch: (url, init) => {
      keys.push(new Headers(init.headers).get("Idempotency-Key"));
      return fetchImpl(url, init);
    },
  });
  const enqueue = async <Args extends MutationArgs>(input: EnqueueInput<Args>): Promise<OutboxEntry> => {
    queued.push(input);
    return { id: input.id ?? "entry" } as OutboxEntry;
  };
  const outcome = await sendContactMessage(message, { api, enqueue, isOnline: () => true, timeoutMs });
  return { outcome, keys, queued };
}

const answer =
  (status: number, body: unknown): FetchLike =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("sendContactMessage on a poor connection", () => {
  it("queues the message under the same key when the server does not answer in time", async () => {
    // A connection that hangs: no answer until the request is given up.
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const started = Date.now();
    const { outcome, keys, queued } = await send(hanging, 100);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(outcome.kind).toBe("queued");
    expect(queued).toHaveLength(1);
    expect(queued[0]?.id).toBe(keys[0]);
    expect(queued[0]?.mutation.route.path).toBe("/api/contact");
  });

  it("queues it when the shop's server is unreachable behind its proxy (502, 503, 504)", async () => {
    for (const status of [502, 503, 504]) {
      const { outcome, keys, queued } = await send(answer(status, { error: "Bad Gateway" }));
      expect(outcome.kind, String(status)).toBe("queued");
      expect(queued[0]?.id).toBe(keys[0]);
    }
  });

  it("shows the server's own refusal as a failure and queues nothing", async () => {
    for (const [status, code] of [
      [422, "VALIDATION_FAILED"],
      [500, "INTERNAL"],
    ] as const) {
      const { outcome, queued } = await send(answer(status, { error: { code, message: "No" } }));
      expect(outcome.kind, String(status)).toBe("failed");
      expect(queued).toHaveLength(0);
    }
  });

  it("sends it once when the server answers", async () => {
    const { outcome, keys, queued } = await send(answer(201, { ok: true }));
    expect(outcome.kind).toBe("sent");
    expect(keys).toHaveLength(1);
    expect(queued).toHaveLength(0);
  });

  it("a message sent again under its key: in progress waits in the outbox, already stored counts as sent", async () => {
    const inProgress = await send(
      answer(409, {
        error: { code: "IDEMPOTENCY_IN_PROGRESS", message: "The same request is still being processed." },
      }),
    );
    expect(inProgress.outcome.kind).toBe("queued");
    expect(inProgress.queued[0]?.id).toBe(inProgress.keys[0]);
    const reused = await send(
      answer(422, {
        error: { code: "IDEMPOTENCY_KEY_REUSED", message: "This Idempotency-Key was already used." },
      }),
    );
    expect(reused.outcome.kind).toBe("sent");
    expect(reused.queued).toHaveLength(0);
  });
});
