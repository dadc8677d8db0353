// One run (a message or a decision) drawn as it happens: a line per node while it works, the
// replies it writes, and how it ended. The events are the `tasks` stream mode's: a task's start
// (`input`, `triggers`) and its end (`result` or `error`, and `interrupts`).

import { textOf } from "./api.js";
import { el } from "./dom.js";

/** Plain words for the graph's nodes; the node's own name stays beside them for whoever reads logs. */
export const NODE_LABELS = {
  router: "Understanding the request",
  answer: "Writing the answer",
  propose: "Preparing the action",
  approval: "Asking for approval",
  execute: "Carrying out the action",
  handoff: "Handing over to a person",
  clarify: "Asking a question back",
  planner: "Planning",
  next_in_program: "Finding the next course in the program",
};

/** Show the replies among `messages` that are not on the page yet, in `replies`. */
function showReplies(replies, messages, seen) {
  for (const message of messages ?? []) {
    if (message?.type !== "ai" || seen.has(message.id)) continue;
    const text = textOf(message);
    if (message.id) seen.add(message.id);
    if (text) replies.append(el("p", { class: "reply", dataset: { testid: "reply" }, text }));
  }
}

/** A block for a past exchange of an opened thread: the student's message (if any) and the replies. */
export function historyBlock(list, text, seen) {
  const replies = el("div", { class: "replies" });
  const heading = text ? el("p", { class: "user", dataset: { testid: "user-message" } }, text) : null;
  list.append(el("li", { class: "run", dataset: { testid: "run", status: "history" } }, heading, replies));
  return { show: (messages) => showReplies(replies, messages, seen) };
}

const isEnd = (task) => "result" in task || "error" in task || "interrupts" in task;

/** Keep the end of a scrolling conversation in sight as it grows. */
function follow(list) {
  list.scrollTop = list.scrollHeight;
}

/**
 * A block appended to `list` for one run: `heading`, its steps, its replies, and how it ended.
 * `seen` holds the ids of the messages already on the page, so a reply never shows twice.
 */
export function runView(list, heading, seen) {
  const steps = el("ul", { class: "progress", dataset: { testid: "progress" } });
  const replies = el("div", { class: "replies" });
  const block = el("li", { class: "run", dataset: { testid: "run", status: "running" } }, heading, steps, replies);
  list.append(block);
  follow(list);

  const stepLine = (task, state) => {
    const label = el("span", {}, `${NODE_LABELS[task.name] ?? task.name} `, el("code", { text: task.name }));
    const item = el("li", { class: "line", dataset: { testid: "progress-line", event: "step", node: task.name, task: task.id, state } }, label);
    steps.append(item);
    follow(list);
    return item;
  };
  const show = (messages) => {
    showReplies(replies, messages, seen);
    follow(list);
  };

  const onTask = (task) => {
    if (!isEnd(task)) {
      stepLine(task, "running");
      return;
    }
    const state = task.error ? "failed" : task.interrupts?.length ? "waiting" : "done";
    const item = steps.querySelector(`[data-task="${CSS.escape(task.id)}"]`) ?? stepLine(task, state);
    item.dataset.state = state;
    const written = task.result?.messages;
    show(Array.isArray(written) ? written : written ? [written] : []);
  };

  return {
    block,
    show,
    /** One streamed event; an `error` event ends the run as failed. */
    handle({ event, data }) {
      if (event === "tasks" && data) onTask(data);
      else if (event === "error") this.end("error", data?.message ?? "The run failed.");
    },
    /** Say how the run ended, under its replies: "completed", "interrupted" (waiting on a decision) or "error". */
    end(status, text) {
      if (block.dataset.status !== "running") return;
      block.dataset.status = status;
      // A step still marked running was cut short (an interrupt or an error), not finished.
      const after = status === "interrupted" ? "waiting" : "stopped";
      for (const item of steps.querySelectorAll('[data-state="running"]')) item.dataset.state = after;
      const kind = { completed: "ok", interrupted: "waiting" }[status] ?? "failed";
      block.append(el("p", { class: `outcome ${kind}`, dataset: { testid: "outcome", event: status } }, text));
      follow(list);
    },
  };
}
