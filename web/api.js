// Talking to `serve`: the official LangGraph SDK client for threads and runs, plain fetch for the
// school's extensions (/school/...), and every failure turned into one short sentence.
//
// The page is served by the API it talks to, so everything is same-origin (no CORS) and the key
// travels as `x-api-key`, as the SDK sends it. Nothing here touches the page's elements.

import { Client } from "@langchain/langgraph-sdk/client";

export const ASSISTANT_ID = "school";
/** "tasks" announces each node when it starts and again when it ends, with what it wrote. */
export const STREAM_MODES = ["tasks"];
/** A request the server refuses (4xx) is not retried; a network failure or a 5xx is, twice. */
const MAX_RETRIES = 2;

/** A failed request to one of the school's extensions: its status and the server's sentence. */
export class RequestFailedError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The API as one key sees it: the SDK client, and the school's extensions under the same key. */
export function connect(key) {
  const client = new Client({ apiUrl: window.location.origin, apiKey: key, callerOptions: { maxRetries: MAX_RETRIES } });
  return { key, client, school: (path, query) => school(key, path, query) };
}

/** GET `/school/<path>` with the key; the parsed JSON, or a RequestFailedError. */
async function school(key, path, query = {}) {
  const url = new URL(`/school/${path}`, window.location.origin);
  for (const [name, value] of Object.entries(query)) if (value != null) url.searchParams.set(name, value);
  let response;
  try {
    response = await fetch(url, { headers: { "x-api-key": key, Accept: "application/json" } });
  } catch {
    throw new RequestFailedError(0, "Could not reach the server.");
  }
  if (!response.ok) throw new RequestFailedError(response.status, detailOf(await response.text(), response.status));
  return response.json();
}

/** The `detail` of the platform's error body; a short sentence when a proxy sent something else. */
export function detailOf(text, status) {
  try {
    const { detail } = JSON.parse(text);
    if (typeof detail === "string" && detail) return detail;
    // A request the server's schema refused lists what was wrong, one item per field.
    if (Array.isArray(detail)) return detail.map((item) => item.msg ?? String(item)).join("; ");
  } catch {
    // not JSON: fall through to the status
  }
  return `The server answered ${status}.`;
}

/** The HTTP status behind an error, 0 when there was none (a network failure, a bug). */
export function statusOf(err) {
  return typeof err?.status === "number" ? err.status : 0;
}

/** What to tell the reader about `err`: the server's own sentence where there is one, never a trace. */
export function sentence(err) {
  if (err instanceof RequestFailedError) return err.message;
  // The SDK's HTTPError carries the status and the body's text.
  if (typeof err?.status === "number" && typeof err?.text === "string") return detailOf(err.text, err.status);
  if (err?.name === "ConnectionError" || (err instanceof TypeError && /fetch|network/i.test(err.message))) return "Could not reach the server.";
  console.error(err); // for whoever opens the console; the reader gets a sentence
  return "Something went wrong on this page; the timeline shows what the server did.";
}

/** A message's text, whether its content is a string or a list of parts. */
export function textOf(message) {
  const { content } = message;
  if (typeof content === "string") return content;
  return Array.isArray(content) ? content.map((part) => (typeof part === "string" ? part : part.text ?? "")).join("") : "";
}

/** The request a thread waits on (LangChain's HITL payload), from a state's or a thread's interrupts. */
export function pendingOf(interrupts) {
  const all = Array.isArray(interrupts) ? interrupts : Object.values(interrupts ?? {}).flat();
  const value = all.find((found) => found?.value?.action_requests)?.value;
  return value ?? null;
}
