// A thread's timeline from the journal (GET /school/threads/{id}/timeline), in the server's words:
// each event's time and `text`, never its raw data.

import { el, clock } from "./dom.js";

/** The kinds that tell each step of a run; shown only when the reader asks for them. */
const STEP_KINDS = new Set(["step_started", "step_completed"]);

/** The list items for `events` (oldest first), steps only `withSteps`; one line when there are none. */
export function timelineItems(all, withSteps) {
  const events = withSteps ? all : all.filter((event) => !STEP_KINDS.has(event.kind));
  if (!events.length) return [el("li", { class: "muted", dataset: { testid: "timeline-empty" } }, "Nothing has happened on this thread yet.")];
  return events.map((event) => el("li", { class: "event", title: event.kind, dataset: { testid: "timeline-event", kind: event.kind, id: event.id } },
    el("time", { datetime: event.at, text: clock(event.at) }),
    el("span", { class: "text", text: event.text })));
}
