import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { answerEtag, answerMatches, chooseEncoding, serialiseAnswer } from "./serialised-answer";

const big = serialiseAnswer(Array.from({ length: 50 }, (_, n) => ({ n, name: `Car ${n}` })));
const small = serialiseAnswer({ isBlocked: false });

describe("serialiseAnswer", () => {
  it("keeps the JSON bytes and, from 1 KB on, their gzip and brotli forms", () => {
    expect(JSON.parse(big.bodies.identity.toString("utf8"))).toHaveLength(50);
    expect(gunzipSync(big.bodies.gzip ?? Buffer.alloc(0)).equals(big.bodies.identity)).toBe(true);
    expect(brotliDecompressSync(big.bodies.br ?? Buffer.alloc(0)).equals(big.bodies.identity)).toBe(true);
    expect(small.bodies).toEqual({ identity: Buffer.from('{"isBlocked":false}'), gzip: null, br: null });
    expect(serialiseAnswer({ isBlocked: false }).tag).toBe(small.tag);
    expect(serialiseAnswer({ isBlocked: true }).tag).not.toBe(small.tag);
  });

  it("chooses the accepted encoding with the highest q, brotli first on a tie, identity otherwise", () => {
    expect(chooseEncoding(undefined, big)).toBe("identity");
    expect(chooseEncoding("", big)).toBe("identity");
    expect(chooseEncoding("gzip, deflate, br", big)).toBe("br");
    expect(chooseEncoding("gzip, deflate", big)).toBe("gzip");
    expect(chooseEncoding("br;q=0.2, gzip;q=0.8", big)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0", big)).toBe("identity");
    expect(chooseEncoding("*", big)).toBe("br");
    expect(chooseEncoding("deflate", big)).toBe("identity");
    expect(chooseEncoding("gzip, br", small)).toBe("identity");
    // A spelling read before is remembered, not the choice: it still depends on the answer.
    expect(chooseEncoding("gzip, br", big)).toBe("br");
    for (let i = 0; i < 200; i++) {
      expect(chooseEncoding(`gzip;q=0.${(i % 9) + 1}, br;q=0.05, x-${i}`, big)).toBe("gzip");
    }
    expect(chooseEncoding("br;q=0.2, gzip;q=0.8", big)).toBe("gzip");
  });

  it("gives each encoding its own strong ETag, and If-None-Match matches any of them", () => {
    const tags = (["identity", "gzip", "br"] as const).map((encoding) => answerEtag(big, encoding));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) {
      expect(tag).toMatch(/^"[^"]+"$/);
      expect(answerMatches(tag, big)).toBe(true);
      expect(answerMatches(`W/${tag}`, big)).toBe(true);
      expect(answerMatches(tag, small)).toBe(false);
    }
    expect(answerMatches(`"x", ${tags[2]}`, big)).toBe(true);
    expect(answerMatches("*", big)).toBe(true);
    expect(answerMatches("", big)).toBe(false);
  });
});
