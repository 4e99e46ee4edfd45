import { describe, expect, it } from "vitest";
import { fittedSize } from "./downscale";

describe("the handover photo's size (release 2 §C3: long side at most 1600 px)", () => {
  it("shrinks the long side to 1600 px and keeps the aspect ratio", () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(1800, 2400)).toEqual({ width: 1200, height: 1600 });
    expect(fittedSize(2400, 1600)).toEqual({ width: 1600, height: 1067 });
  });

  it("leaves a photo already small enough as it is", () => {
    expect(fittedSize(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fittedSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});
