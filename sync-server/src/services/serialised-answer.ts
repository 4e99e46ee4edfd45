import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Bodies from this size on are kept compressed too (the app's compression threshold). */
const COMPRESS_FROM_BYTES = 1024;

export type Encoding = "br" | "gzip" | "identity";

/**
 * A JSON answer serialised once (and, when big enough, compressed once with
 * gzip and brotli at their best settings), for in-memory snapshots: sending
 * it does no JSON or compression work.
 */
export type SerialisedAnswer = {
  readonly bodies: Readonly<Record<Encoding, Buffer | null>> & { readonly identity: Buffer };
  /** A strong validator of the JSON bytes (each encoding's ETag adds its suffix). */
  readonly tag: string;
};

export function serialiseAnswer(value: unknown): SerialisedAnswer {
  const identity = Buffer.from(JSON.stringify(value), "utf8");
  const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  const compress = identity.length >= COMPRESS_FROM_BYTES;
  const br = compress
    ? brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      })
    : null;
  const gzip = compress ? gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }) : null;
  return { bodies: { identity, gzip, br }, tag };
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: "", gzip: "-gzip", br: "-br" };

/** The strong ETag of `answer` as sent with `encoding` (a representation has its own tag). */
export function answerEtag(answer: SerialisedAnswer, encoding: Encoding): string {
  return `"${answer.tag}${ETAG_SUFFIX[encoding]}"`;
}

/**
 * Whether `If-None-Match` names `answer` in any of its encodings (the weak
 * comparison RFC 9110 prescribes for If-None-Match: `W/` prefixes, lists and
 * `*` allowed).
 */
export function answerMatches(ifNoneMatch: string, answer: SerialisedAnswer): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((listed) => {
    const tag = listed.trim().replace(/^W\//, "");
    if (tag === "*") return true;
    const opaque = tag.replace(/^"|"$/g, "").replace(/-(gzip|br)$/, "");
    return opaque === answer.tag;
  });
}

type Weights = { readonly br: number; readonly gzip: number };

/** Accept-Encoding values already read: browsers send a handful of spellings, on every request. */
const weightsOf = new Map<string, Weights>();
const REMEMBERED_SPELLINGS = 64;

/** The `q` an Accept-Encoding value gives brotli and gzip (`*` when not named, 0 when refused). */
function readWeights(acceptEncoding: string): Weights {
  const known = weightsOf.get(acceptEncoding);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name === "") continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const read = { br: weight("br"), gzip: weight("gzip") };
  // A client writing a new spelling each time only refills it.
  if (weightsOf.size >= REMEMBERED_SPELLINGS) weightsOf.clear();
  weightsOf.set(acceptEncoding, read);
  return read;
}

/**
 * The encoding to send: the acceptable one with the highest `q` among those
 * the answer has (ties: brotli, then gzip), identity when none is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, answer: SerialisedAnswer): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = readWeights(acceptEncoding);
  let best: Encoding = "identity";
  let bestWeight = 0;
  for (const encoding of ["br", "gzip"] as const) {
    if (answer.bodies[encoding] && weights[encoding] > bestWeight) {
      best = encoding;
      bestWeight = weights[encoding];
    }
  }
  return best;
}
