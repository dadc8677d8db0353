// The school assistant's page on the LangGraph Server API: sign in with an API key, chat with the
// steps shown as they run, decide approvals (the card in the chat, and the inbox), and read a
// thread's timeline in words.
//
// A message is a run on the student's thread; a decision is a run whose command resumes it; the
// inbox is a thread search for what waits on the reader's role (thread metadata `awaiting`). The
// SDK client does the talking (./api.js); `make page` bundles these files, with the SDK from
// tests/browser/node_modules, into agent/interfaces/server/static/app.js, which is committed.
// The page keeps nothing on the server's behalf beyond the key in localStorage.

import { ASSISTANT_ID, STREAM_MODES, connect, pendingOf, sentence, statusOf, textOf } from "./api.js";
import { approvalCard, describeAction, waitsFor } from "./approvals.js";
import { $, el } from "./dom.js";
import { historyBlock, runView } from "./runs.js";
import { timelineItems } from "./timeline.js";

const KEY_STORAGE = "school-agent.api-key";
const INBOX_POLL_MS = 4000;
const TIMELINE_POLL_MS = 5000;
/** How often a student's page looks whether staff have decided what it waits for. */
const STAFF_POLL_MS = 3000;

let api = null; // connect(key) once the key is accepted
let me = null; // {user_id, role} from GET /school/me
/** The open conversation: its thread (null until the first message creates one), the message ids
 * already drawn, what it waits on, and whether a run of ours is in flight. */
const chat = { threadId: null, seen: new Set(), pending: null, busy: false };
let timers = [];
// Each load takes a number; an answer that is no longer the latest is dropped, so a slow poll
// cannot bring back an item just decided, another thread's timeline, or the last user's data.
const loads = { inbox: 0, timeline: 0, thread: 0 };
let timelineShown = "";

const isOperator = () => me?.role === "operator";

function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

/** Say what failed, where it failed (`show`, else the notice); a rejected key signs out everywhere. */
function report(err, show = notice) {
  if (statusOf(err) === 401) {
    signOut();
    notice(`Signed out: ${sentence(err)}`);
    return;
  }
  show(sentence(err));
}

// -- runs -----------------------------------------------------------------------------------------

/** The thread's messages and the request it waits on, read from its state. */
async function readThread(threadId, client = api.client) {
  const state = await client.threads.getState(threadId);
  const interrupts = state.interrupts?.length ? state.interrupts : (state.tasks ?? []).flatMap((task) => task.interrupts ?? []);
  const pending = pendingOf(interrupts);
  // At rest: nothing left to run, or waiting on a decision; else a run is between two steps.
  const settled = Boolean(pending) || !(state.next?.length);
  return { messages: state.values?.messages ?? [], pending, settled };
}

/**
 * Stream one run on `threadId` into `view` (its steps and replies as they come), then read the
 * thread to show how it ended; what the thread waits on then, or null. `payload` is the run's
 * `input` or `command`.
 */
async function runInto(view, threadId, payload) {
  const { client } = api; // the key this run began with, even if the reader signs out meanwhile
  try {
    const parts = client.runs.stream(threadId, ASSISTANT_ID, { ...payload, streamMode: STREAM_MODES, multitaskStrategy: "reject" });
    for await (const part of parts) view.handle(part);
    const { messages, pending } = await readThread(threadId, client);
    view.show(messages);
    view.end(pending ? "interrupted" : "completed", pending ? waitsFor(pending, me) : "Done");
    return pending;
  } catch (err) {
    report(err, (text) => view.end("error", text));
    return undefined;
  }
}

// -- chat (students) ------------------------------------------------------------------------------

function setBusy(busy) {
  chat.busy = busy;
  for (const id of ["send", "message", "thread-id", "new-thread"]) $(id).disabled = busy;
}

/** Show what the open thread waits on, as a card under the conversation. */
function showPending(pending) {
  chat.pending = pending;
  const card = pending ? approvalCard(pending, chat.threadId, me, decideInChat) : null;
  $("pending").replaceChildren(...(card ? [card] : []));
}

/** Open `threadId` (null: a new thread, created by the first message) and draw what it holds. */
async function openThread(threadId) {
  const load = ++loads.thread;
  chat.threadId = threadId;
  chat.seen = new Set();
  $("thread-id").value = threadId ?? "";
  $("conversation").replaceChildren();
  showPending(null);
  if (!threadId) return;
  showTimeline(threadId);
  try {
    const { messages, pending } = await readThread(threadId);
    if (load !== loads.thread) return;
    let block = null;
    for (const message of messages) {
      if (message.type === "human") block = historyBlock($("conversation"), textOf(message), chat.seen);
      else block ??= historyBlock($("conversation"), "", chat.seen);
      block.show([message]);
    }
    showPending(pending);
    notice(""); // an earlier thread's failure to open is no longer news
  } catch (err) {
    if (load === loads.thread) report(err);
  }
}

async function sendMessage(event) {
  event.preventDefault();
  const text = $("message").value.trim();
  if (!text || chat.busy) return;
  setBusy(true);
  try {
    if (!chat.threadId) {
      const thread = await api.client.threads.create();
      await openThread(thread.thread_id);
    }
    // The message moves into the conversation at once, as its heading, so the box is free again.
    $("message").value = "";
    showPending(null);
    const heading = el("p", { class: "user", dataset: { testid: "user-message" } }, text);
    const view = runView($("conversation"), heading, chat.seen);
    const threadId = chat.threadId;
    const pending = await runInto(view, threadId, { input: { messages: [{ role: "user", content: text }] } });
    if (pending !== undefined && threadId === chat.threadId) showPending(pending);
    showTimeline(threadId);
  } catch (err) {
    report(err);
  } finally {
    setBusy(false);
    $("message").focus();
  }
}

/** A decision from the card under the conversation, drawn as a run of the conversation. */
async function decideInChat(resume, verb) {
  const threadId = chat.threadId;
  const what = (chat.pending?.action_requests ?? []).map(describeAction).join("; ");
  setBusy(true);
  showPending(null);
  const heading = el("p", { class: "user decision-heading", dataset: { testid: "decision-heading" } }, `${verb}: ${what}`);
  const pending = await runInto(runView($("conversation"), heading, chat.seen), threadId, { command: { resume } });
  setBusy(false);
  if (threadId === chat.threadId) showPending(pending ?? null);
  showTimeline(threadId);
  refreshInbox();
}

/**
 * While the open thread waits for staff, look now and then whether they decided; when they did,
 * show their decision's replies and what the thread waits on next.
 */
async function watchForStaff() {
  const threadId = chat.threadId;
  const waited = chat.pending;
  if (!threadId || waited?.approver !== "operator" || chat.busy || document.hidden) return;
  const load = loads.thread;
  try {
    const { messages, pending, settled } = await readThread(threadId);
    // Not while staff's run is between its steps: its reply is not written yet.
    if (!settled || load !== loads.thread || chat.busy || chat.pending !== waited || pending?.action_id === waited.action_id) return;
    const heading = el("p", { class: "decision-heading", dataset: { testid: "staff-decided" } }, "Our staff decided");
    const view = runView($("conversation"), heading, chat.seen);
    view.show(messages);
    view.end(pending ? "interrupted" : "completed", pending ? waitsFor(pending, me) : "Done");
    showPending(pending);
    showTimeline(threadId);
  } catch (err) {
    report(err);
  }
}

/** Enter sends, Shift+Enter starts a new line, as in most chat boxes. */
function sendOnEnter(event) {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    $("send-form").requestSubmit();
  }
}

// -- the inbox: what waits on the reader's role ---------------------------------------------------

function inboxItem(thread, request) {
  const threadId = thread.thread_id;
  const student = request.action_requests?.[0]?.args?.student_id ?? "a student";
  const seen = new Set((thread.values?.messages ?? []).map((message) => message.id));
  const item = el("li", { class: "item", dataset: { testid: "inbox-item", threadId, actionId: request.action_id } },
    el("p", { class: "who" }, `${student} · thread `,
      el("button", { type: "button", class: "link", title: "Show its timeline", onclick: () => showTimeline(threadId) }, threadId)),
    approvalCard(request, threadId, me, (resume, verb) => decideInInbox(item, threadId, request, seen, resume, verb)));
  return item;
}

/** A decision from the inbox, drawn under Decisions; the item goes, and the inbox is read again. */
async function decideInInbox(item, threadId, request, seen, resume, verb) {
  item.dataset.deciding = "true";
  const what = (request.action_requests ?? []).map(describeAction).join("; ");
  const heading = el("p", { class: "decision-heading" }, `${verb}: ${what}`);
  await runInto(runView($("decisions"), heading, seen), threadId, { command: { resume } });
  item.remove();
  refreshInbox();
  showTimeline(threadId);
  if (threadId === chat.threadId) openThread(threadId);
}

/** Draw the inbox, keeping items still listed as they are: a poll must not wipe a reason being typed. */
function renderInbox(found) {
  const list = $("inbox-items");
  const listed = new Set(found.map(({ request }) => request.action_id));
  for (const node of [...list.children]) if (!listed.has(node.dataset.actionId) && !node.dataset.deciding) node.remove();
  const shown = new Set([...list.children].map((node) => node.dataset.actionId));
  for (const { thread, request } of found) if (!shown.has(request.action_id)) list.append(inboxItem(thread, request));
  const empty = isOperator() ? "Nothing waits for staff." : "Nothing waits for you.";
  if (!list.children.length) list.append(el("li", { class: "muted", dataset: { testid: "inbox-empty", actionId: "" } }, empty));
  else if (list.children.length > 1) list.querySelector('[data-testid="inbox-empty"]')?.remove();
}

async function refreshInbox() {
  if (!api) return;
  const load = ++loads.inbox;
  try {
    const threads = await api.client.threads.search({ status: "interrupted", metadata: { awaiting: me.role }, limit: 100 });
    if (load !== loads.inbox) return;
    const found = threads.map((thread) => ({ thread, request: pendingOf(thread.interrupts) })).filter(({ request }) => request);
    renderInbox(found);
    $("inbox-status").textContent = `Updated ${new Date().toLocaleTimeString()}`;
  } catch (err) {
    if (load === loads.inbox) report(err, (text) => { $("inbox-status").textContent = `Could not read the inbox: ${text}`; });
  }
}

// -- the timeline ---------------------------------------------------------------------------------

/** Show a thread's journal in words, oldest first, redrawing only when something was added. */
async function showTimeline(threadId = $("timeline-thread").value.trim()) {
  if (!threadId || !api) return;
  $("timeline-thread").value = threadId;
  const load = ++loads.timeline;
  try {
    const events = await api.school(`threads/${encodeURIComponent(threadId)}/timeline`);
    if (load !== loads.timeline) return;
    const withSteps = $("timeline-steps").checked;
    const mark = `${threadId}:${events.length}:${events.at(-1)?.id}:${withSteps}`;
    if (mark === timelineShown) return;
    timelineShown = mark;
    const list = $("timeline-events");
    list.replaceChildren(...timelineItems(events, withSteps));
    list.scrollTop = list.scrollHeight; // the newest event is the one to see

  } catch (err) {
    if (load !== loads.timeline) return;
    timelineShown = "";
    report(err, (text) => $("timeline-events").replaceChildren(el("li", { class: "failed", dataset: { testid: "timeline-error" } }, text)));
  }
}

// -- signing in and out ---------------------------------------------------------------------------

/** Ask the server who a key belongs to; only a key it accepts is kept. */
async function signIn(key) {
  const candidate = connect(key);
  try {
    me = await candidate.school("me");
  } catch (err) {
    if (statusOf(err) === 401) localStorage.removeItem(KEY_STORAGE);
    notice(statusOf(err) === 401 ? `Key not accepted: ${sentence(err)}` : sentence(err));
    return;
  }
  api = candidate;
  localStorage.setItem(KEY_STORAGE, key);
  notice("");
  showWorkspace();
}

function every(ms, work) {
  timers.push(setInterval(() => { if (!document.hidden) work(); }, ms));
}

function showWorkspace() {
  $("whoami").textContent = `${me.user_id} (${me.role})`;
  document.body.dataset.role = me.role;
  // Operators decide; they do not write into students' threads (the server refuses it too).
  $("chat").hidden = isOperator();
  $("inbox-title").textContent = isOperator() ? "Approval inbox" : "Waiting for you";
  $("sign-in-form").hidden = true;
  $("signed-in").hidden = false;
  $("workspace").hidden = false;
  openThread(null);
  refreshInbox();
  every(INBOX_POLL_MS, refreshInbox);
  // The timeline also changes when someone else acts on the thread (an operator's decision).
  every(TIMELINE_POLL_MS, () => showTimeline());
  if (!isOperator()) every(STAFF_POLL_MS, watchForStaff);
}

/** Forget the key and everything shown with it: the next person must not see this one's threads. */
function signOut() {
  for (const timer of timers) clearInterval(timer);
  timers = [];
  for (const name of Object.keys(loads)) loads[name] += 1; // answers on their way used the old key
  api = null;
  me = null;
  localStorage.removeItem(KEY_STORAGE);
  delete document.body.dataset.role;
  Object.assign(chat, { threadId: null, seen: new Set(), pending: null });
  for (const id of ["conversation", "pending", "inbox-items", "decisions", "timeline-events"]) $(id).replaceChildren();
  timelineShown = "";
  for (const id of ["thread-id", "timeline-thread", "api-key"]) $(id).value = "";
  $("inbox-status").textContent = "";
  $("sign-in-form").hidden = false;
  $("signed-in").hidden = true;
  $("workspace").hidden = true;
}

function init() {
  $("sign-in-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const key = $("api-key").value.trim();
    if (key) signIn(key);
  });
  $("sign-out").addEventListener("click", () => { signOut(); notice(""); });
  $("send-form").addEventListener("submit", sendMessage);
  $("message").addEventListener("keydown", sendOnEnter);
  $("new-thread").addEventListener("click", () => openThread(null));
  $("thread-id").addEventListener("change", () => openThread($("thread-id").value.trim() || null));
  $("inbox-refresh").addEventListener("click", refreshInbox);
  $("timeline-form").addEventListener("submit", (event) => { event.preventDefault(); showTimeline(); });
  $("timeline-steps").addEventListener("change", () => showTimeline());
  const stored = localStorage.getItem(KEY_STORAGE);
  if (stored) signIn(stored);
}

init();
