const OFFLINE = "You are offline. Please try again when you are online.";
/** Online, but no answer came: the request may have reached the server; trying again is safe. */
const NO_ANSWER = "We could not reach our server, or its answer was lost on the way. Please try again.";

/**
 * What My booking tells the customer when a request got no answer (a
 * NetworkError): offline, or online with the answer lost on a poor connection
 * (where "You are offline" would not be true).
 */
export function noAnswerMessage(): string {
  return typeof navigator !== "undefined" && navigator.onLine === false ? OFFLINE : NO_ANSWER;
}
