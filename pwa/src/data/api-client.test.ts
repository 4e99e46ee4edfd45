import { describe, expect, it, vi } from "vitest";
import { ApiClient, NetworkError } from "./api-client";

const answers: Record<string, unknown> = {
  "/api/blocked-names/check?name=Juan": { isBlocked: false },
  "/api/admin/session": { authenticated: true },
};

describe("the API client's routes", () => {
  it("calls the public routes by name, and the admin routes once admin-api.ts has handed them over", async () => {
    const fetchMock = vi.fn((url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify(answers[url]), { status: 200 })),
    );
    const client = new ApiClient({ fetch: fetchMock });
    // A visitor's pages know the public routes only: an admin route is refused before any request.
    await expect(client.call("adminSession", {})).rejects.toThrow(/admin route/);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await client.call("checkBlockedName", { query: { name: "Juan" } })).toEqual({ isBlocked: false });

    await import("./admin-api");
    expect(await client.call("adminSession", {})).toEqual({ authenticated: true });
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/admin/session",
      expect.objectContaining({ method: "GET" }),
    );
  });
});

describe("the API client on a connection that hangs", () => {
  const hanging = (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
    });

  it("reports no answer within a timeout as a NetworkError, like no connection", async () => {
    const client = new ApiClient({ fetch: hanging });
    const call = client.raw("GET", "/api/cars", { signal: AbortSignal.timeout(50) });
    await expect(call).rejects.toBeInstanceOf(NetworkError);
  });

  it("leaves the caller's own abort to the caller", async () => {
    const client = new ApiClient({ fetch: hanging });
    const controller = new AbortController();
    const call = client.raw("GET", "/api/cars", { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.not.toBeInstanceOf(NetworkError);
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });
});
