import { describe, expect, it, vi } from "vitest";
import { ApiClient } from "./api-client";

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
