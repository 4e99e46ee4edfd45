/**
 * Reads the result of one statement from PGlite's raw protocol output, for
 * pglite-prepared.ts. PGlite's own reader copies every field of every row
 * into a new buffer before decoding it, which was a third of the embedded
 * database's thread time on a first admin sync (about 10,000 rows of 35
 * columns a page); this one decodes each field in place. It knows only the
 * messages a statement that succeeded answers with; for anything else (an
 * error, a notice, a parameter status…) it gives up, and the caller reads
 * the same bytes with PGlite's reader.
 */
import { types, type ParserOptions, type Results } from "@electric-sql/pglite";

/** A NOTIFY delivered to this session: its channel and payload. */
export type Notification = { channel: string; payload: string };

type Field = { name: string; dataTypeID: number };

const decoder = new TextDecoder();
const defaultParsers: ParserOptions = types.parsers;

/** The message types a successful Bind/Describe/Execute/Sync answers with, and NOTIFYs. */
const PARSE_COMPLETE = 0x31; // '1'
const BIND_COMPLETE = 0x32; // '2'
const CLOSE_COMPLETE = 0x33; // '3'
const NOTIFICATION = 0x41; // 'A'
const COMMAND_COMPLETE = 0x43; // 'C'
const DATA_ROW = 0x44; // 'D'
const EMPTY_QUERY = 0x49; // 'I'
const ROW_DESCRIPTION = 0x54; // 'T'
const READY_FOR_QUERY = 0x5a; // 'Z'
const NO_DATA = 0x6e; // 'n'
const PORTAL_SUSPENDED = 0x73; // 's'

const SKIPPED: ReadonlySet<number> = new Set([
  PARSE_COMPLETE,
  BIND_COMPLETE,
  CLOSE_COMPLETE,
  EMPTY_QUERY,
  READY_FOR_QUERY,
  NO_DATA,
  PORTAL_SUSPENDED,
]);

/** The commands whose count PGlite adds to `affectedRows` (as its parseResults does). */
const COUNTED: ReadonlySet<string> = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

/**
 * The first statement's result in `bytes` (rows parsed with `parsers`, as
 * PGlite's `parseResults` builds it), and the notifications among them; or
 * null when `bytes` hold a message this reader leaves to PGlite's.
 */
export function readFirstResult(
  bytes: Uint8Array,
  parsers: ParserOptions,
): { result: Results | undefined; notifications: Notification[] } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cstring = (from: number): [string, number] => {
    const end = bytes.indexOf(0, from);
    return [decoder.decode(bytes.subarray(from, end)), end + 1];
  };
  const notifications: Notification[] = [];
  let result: Results | undefined;
  let fields: Field[] = [];
  let rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  let at = 0;
  while (at < bytes.length) {
    const type = bytes[at] ?? 0;
    const length = view.getInt32(at + 1);
    const body = at + 5;
    const end = at + 1 + length;
    at = end;
    if (SKIPPED.has(type)) continue;
    switch (type) {
      case ROW_DESCRIPTION: {
        const count = view.getInt16(body);
        fields = [];
        let cursor = body + 2;
        for (let i = 0; i < count; i++) {
          const [name, next] = cstring(cursor);
          // tableID int32, columnID int16, then dataTypeID int32, size int16, modifier int32, format int16.
          fields.push({ name, dataTypeID: view.getInt32(next + 6) });
          cursor = next + 18;
        }
        break;
      }
      case DATA_ROW: {
        const count = view.getInt16(body);
        const row: Record<string, unknown> = {};
        let cursor = body + 2;
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(cursor);
          cursor += 4;
          const field = fields[i];
          if (!field) return null;
          if (size < 0) {
            row[field.name] = null;
            continue;
          }
          const text = decoder.decode(bytes.subarray(cursor, cursor + size));
          cursor += size;
          // PGlite's parseResults: the instance's parsers, then the defaults.
          // It passes the type too (an array's parser reads it), which ParserOptions's type leaves out.
          const parser = (parsers[field.dataTypeID] ?? defaultParsers[field.dataTypeID]) as
            ((value: string, typeId: number) => unknown) | undefined;
          row[field.name] = parser ? parser(text, field.dataTypeID) : text;
        }
        rows.push(row);
        break;
      }
      case COMMAND_COMPLETE: {
        const [text] = cstring(body);
        const words = text.split(" ");
        const command = words[0] ?? "";
        const count = Number.parseInt(words[words.length - 1] ?? "", 10);
        if (COUNTED.has(command) && !Number.isNaN(count)) affectedRows += count;
        const complete: Results = { rows, fields, command, affectedRows } as Results;
        if (!Number.isNaN(count)) (complete as { rowCount?: number }).rowCount = count;
        result ??= complete;
        fields = [];
        rows = [];
        break;
      }
      case NOTIFICATION: {
        // processID int32, channel, payload.
        const [channel, next] = cstring(body + 4);
        const [payload] = cstring(next);
        notifications.push({ channel, payload });
        break;
      }
      default:
        return null;
    }
  }
  return { result, notifications };
}
