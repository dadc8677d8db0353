// The school assistant's page: sign in with an API key, chat with live step progress, decide
// approvals (operators), and read a thread's timeline from the journal.
//
// Plain ES2020 with no dependencies and no build step: the page must work where nothing can be
// fetched from the internet. It talks only to the API that serves it; every request carries the
// key as a bearer token. It keeps no state on the server's behalf beyond the key in localStorage.

const KEY_STORAGE = "school-agent.api-key";
const INBOX_POLL_MS = 4000;
const TIMELINE_POLL_MS = 5000;

// Plain words for the graph's nodes; the node name stays visible too, for whoever reads a log.
const NODE_LABELS = {
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

const session = { key: null, me: null };
const timers = { inbox: null, timeline: null };
// Each load takes a number; an answer that is no longer the latest is dropped, so a slow poll
// cannot bring back an approval that was just decided, or another thread's timeline.
const loads = { inbox: 0, timeline: 0 };
let timelineShown = { threadId: null, lastId: null, count: 0 };

const $ = (id) => document.getElementById(id);

/** Build an element: `el("li", {class: "x", dataset: {testid: "y"}}, "text", child)`. */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  // textContent only, never innerHTML: replies, args and reasons come from people and models.
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// -- talking to the API ---------------------------------------------------------------------------

/** A non-2xx answer, carrying the API's `{error, message}` body. */
class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Fetch `path` with the key; throws ApiError for a non-2xx answer, so callers see only success. */
async function api(path, { method = "GET", body, accept = "application/json", key = session.key } = {}) {
  const headers = { Accept: accept, Authorization: `Bearer ${key}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, "unreachable", `Could not reach the server (${err.message}).`);
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** The ApiError for a failed response; the body is JSON by contract, but a proxy may send HTML. */
async function errorFrom(response) {
  const text = await response.text();
  try {
    const body = JSON.parse(text);
    return new ApiError(response.status, body.error || "error", body.message || text);
  } catch {
    return new ApiError(response.status, "error", `${response.status} ${response.statusText}: ${text.slice(0, 200)}`);
  }
}

async function getJson(path) {
  return (await api(path)).json();
}

/** A rejected key ends the session everywhere on the page, not just in the panel that noticed. */
function handleAuthError(err) {
  if (err instanceof ApiError && err.status === 401) {
    signOut();
    showNotice(`Signed out: ${err.message}`);
    return true;
  }
  return false;
}

const threadPath = (threadId, rest) => `/threads/${encodeURIComponent(threadId)}/${rest}`;

// -- reading Server-Sent Events from a fetch body ------------------------------------------------
// EventSource cannot POST or send an Authorization header, so the stream is parsed here.

/** Yield `{name, data}` for each event of an SSE response body, as the bytes arrive. */
async function* readEvents(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    let text = buffer + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
    // A chunk may end between the \r and \n of a CRLF; keep the \r until the next chunk decides.
    const heldCR = !done && text.endsWith("\r");
    if (heldCR) text = text.slice(0, -1);
    const blocks = text.replace(/\r\n?/g, "\n").split("\n\n");
    buffer = blocks.pop() + (heldCR ? "\r" : "");
    for (const block of blocks) {
      const event = parseEvent(block);
      if (event) yield event;
    }
    if (done) return; // an unterminated last block is dropped, as the SSE spec says
  }
}

/** One SSE block to `{name, data}`; null for a comment-only block (keep-alives). */
function parseEvent(block) {
  let name = "message";
  const data = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return null;
  const raw = data.join("\n");
  try {
    return { name, data: JSON.parse(raw) };
  } catch {
    return { name: "error", data: { error: "bad_event", message: `Unreadable ${name} event: ${raw.slice(0, 200)}` } };
  }
}

// -- one streamed run (a turn or a decision), drawn as it happens --------------------------------

/**
 * A block in `list` that shows one run's progress: a line per step, the reply as it is built,
 * and the outcome. Its `handle(name, data)` takes each event; `finish()` marks a cut-off stream.
 */
function runView(list, heading) {
  const progress = el("ul", { class: "progress", dataset: { testid: "progress" } });
  const replies = el("div", { class: "replies" });
  const block = el("li", { class: "run", dataset: { testid: "run", status: "running" } },
    heading, progress, replies);
  list.append(block);
  let building = null; // the reply being assembled from token events
  let ended = false;
  let awaited = "operator"; // whose decision the run waits for (the request's `approver`)

  const line = (text, { dataset = {}, ...attrs } = {}) => {
    const item = el("li", { class: "line", ...attrs, dataset: { testid: "progress-line", ...dataset } }, text);
    progress.append(item);
    item.scrollIntoView({ block: "nearest" });
    return item;
  };
  const reply = () => {
    const bubble = el("p", { class: "reply building", dataset: { testid: "reply" } });
    replies.append(bubble);
    return bubble;
  };
  const end = (status, text, kind) => {
    ended = true;
    block.dataset.status = status;
    // Steps still marked running were cut short (an interrupt or an error), not finished.
    const after = { completed: "done", awaiting_approval: "waiting" }[status] || "stopped";
    for (const item of progress.querySelectorAll('[data-state="running"]')) item.dataset.state = after;
    if (building) building.classList.remove("building");
    line(text, { class: `line outcome ${kind}`, dataset: { event: status } });
  };

  const handlers = {
    turn_started: (d) => line(`Turn ${d.turn_id} started on thread ${d.thread_id}`, { dataset: { event: "turn_started" } }),
    step_started: (d) => {
      const label = NODE_LABELS[d.node] || d.node;
      line(el("span", {}, `${label} `, el("code", { text: d.node })),
        { dataset: { event: "step", node: d.node, state: "running" } });
    },
    step_completed: (d) => {
      // One line per step, updated in place: the latest running line for this node is now done.
      // A step that paused for a human (status "interrupted") is waiting, not done.
      const state = d.status === "interrupted" ? "waiting" : "done";
      const running = progress.querySelectorAll(`[data-node="${CSS.escape(d.node)}"][data-state="running"]`);
      if (running.length) running[running.length - 1].dataset.state = state;
      else line(el("span", {}, `${NODE_LABELS[d.node] || d.node} `, el("code", { text: d.node })), { dataset: { event: "step", node: d.node, state: "done" } });
    },
    token: (d) => {
      building = building || reply();
      building.textContent += d.text;
    },
    reply: (d) => {
      // The complete message replaces what tokens built, so nothing shows twice.
      const bubble = building || reply();
      bubble.textContent = d.text;
      bubble.classList.remove("building");
      building = null;
    },
    approval_requested: (d) => {
      // The school's policy says whose decision it is: the student's own yes, or an operator's.
      awaited = d.approver || "operator";
      const what = awaited === "student" ? "Waiting for the student's confirmation" : "Waiting for approval";
      for (const action of d.action_requests || []) {
        line(`${what}: ${action.description || describeAction(action)}`,
          { class: "line waiting", dataset: { event: "approval_requested", testid: "awaiting-approval", approver: awaited } });
      }
    },
    turn_completed: (d) => d.status === "awaiting_approval"
      ? end("awaiting_approval", awaited === "student" ? "Waiting for a 'yes' or 'no' from the student" : "Waiting for approval by an operator", "waiting")
      : end(d.status, d.status === "completed" ? "Done" : `Finished: ${d.status}`, "ok"),
    error: (d) => end("error", `Error${d.status ? ` ${d.status}` : ""}: ${d.message || d.error}`, "failed"),
  };

  return {
    block,
    get ended() { return ended; },
    handle(name, data) {
      const handler = handlers[name];
      if (handler) handler(data || {});
      // An unknown event is shown rather than dropped: a newer server may send more kinds.
      else line(`${name}`, { dataset: { event: name } });
    },
    finish(message) {
      if (!ended) end("error", message, "failed");
    },
  };
}

/** POST `body` to `path` and draw the SSE answer into a new run block in `list`. */
async function streamRun(list, heading, path, body) {
  const view = runView(list, heading);
  try {
    const response = await api(path, { method: "POST", body, accept: "text/event-stream" });
    const type = response.headers.get("Content-Type") || "";
    if (!type.startsWith("text/event-stream")) {
      view.finish(`The server answered with ${type || "no content type"} instead of an event stream.`);
      return view;
    }
    for await (const { name, data } of readEvents(response)) view.handle(name, data);
    view.finish("The connection closed before the run finished; the timeline shows what happened.");
  } catch (err) {
    if (!handleAuthError(err)) view.finish(err.status ? `Error ${err.status}: ${err.message}` : err.message);
  }
  return view;
}

// -- chat -----------------------------------------------------------------------------------------

function randomThreadId() {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function setBusy(busy) {
  for (const id of ["send", "message", "thread-id", "new-thread"]) $(id).disabled = busy;
}

async function sendMessage(event) {
  event.preventDefault();
  const message = $("message").value.trim();
  const threadId = $("thread-id").value.trim();
  if (!message || !threadId) return;
  const heading = el("p", { class: "user", dataset: { testid: "user-message" } }, message);
  // The message moves into the conversation at once, as its heading, so the box is free again.
  $("message").value = "";
  setBusy(true);
  try {
    await streamRun($("conversation"), heading, threadPath(threadId, "turns"), { message });
  } finally {
    setBusy(false);
    $("message").focus();
  }
  showTimeline(threadId);
  if (isOperator()) refreshInbox();
}

/** Enter sends, Shift+Enter starts a new line, as in most chat boxes. */
function sendOnEnter(event) {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    $("send-form").requestSubmit();
  }
}

/** A new thread starts an empty conversation; the old one stays readable in its timeline. */
function startThread(threadId) {
  $("thread-id").value = threadId;
  $("conversation").replaceChildren();
  $("timeline-thread").value = threadId;
  showTimeline(threadId);
}

// -- approval inbox (operators) -------------------------------------------------------------------

const isOperator = () => session.me && session.me.role === "operator";

function describeAction(action) {
  const args = Object.entries(action.args || {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return `${action.name}(${args.join(", ")})`;
}

/** Decisions every action of the item allows; all three when the API sends no review configs. */
function allowedDecisions(item) {
  let allowed = ["approve", "edit", "reject"];
  for (const config of item.review_configs || []) {
    allowed = allowed.filter((d) => (config.allowed_decisions || []).includes(d));
  }
  return allowed;
}

function approvalItem(item) {
  const allowed = allowedDecisions(item);
  const actions = item.action_requests || [];
  const decide = (decisions, verb) => decideApproval(node, item, decisions, verb);

  const reason = el("input", { name: "reason", placeholder: "Reason", required: true, dataset: { testid: "reject-reason" } });
  const reject = el("form", { class: "decide", onsubmit: (e) => {
    e.preventDefault();
    decide(actions.map(() => ({ type: "reject", message: reason.value.trim() })), "Rejected");
  } }, reason, el("button", { type: "submit", dataset: { testid: "reject" } }, "Reject"));

  // Editing changes the cohort only, and only for a single action that names one; the other
  // arguments are sent unchanged so the edited action is complete on its own.
  const editable = actions.length === 1 && "cohort_id" in (actions[0].args || {});
  const cohort = el("input", { name: "cohort_id", required: true, value: editable ? actions[0].args.cohort_id : "",
    "aria-label": "Cohort id", dataset: { testid: "edit-cohort" } });
  const edit = el("form", { class: "decide", onsubmit: (e) => {
    e.preventDefault();
    const action = actions[0];
    decide([{ type: "edit", edited_action: { name: action.name, args: { ...action.args, cohort_id: cohort.value.trim() } } }],
      `Edited to ${cohort.value.trim()}`);
  } }, cohort, el("button", { type: "submit", dataset: { testid: "edit" } }, "Edit"));

  const approve = el("button", { type: "button", dataset: { testid: "approve" },
    onclick: () => decide(actions.map(() => ({ type: "approve" })), "Approved") }, "Approve");

  const node = el("li", { class: "approval", dataset: { testid: "approval", actionId: item.action_id, threadId: item.thread_id, studentId: item.student_id } },
    el("p", { class: "who" }, `${item.student_id || "unknown student"} · thread `, el("code", { text: item.thread_id })),
    ...actions.map((action) => el("div", { class: "action" },
      el("p", { dataset: { testid: "approval-description" } }, action.description || ""),
      el("code", { dataset: { testid: "approval-action" } }, describeAction(action)))),
    el("div", { class: "controls" },
      allowed.includes("approve") ? approve : null,
      allowed.includes("reject") ? reject : null,
      allowed.includes("edit") && editable ? edit : null));
  return node;
}

/**
 * Send one decision and show its stream under Decisions. The item is then dropped and the inbox
 * reloaded, so a decision the server refused comes back as a fresh, usable item.
 */
async function decideApproval(node, item, decisions, verb) {
  node.dataset.deciding = "true";
  for (const control of node.querySelectorAll("button, input")) control.disabled = true;
  const heading = el("p", { class: "decision-heading" }, `${verb}: ${(item.action_requests || []).map(describeAction).join("; ")} on thread ${item.thread_id}`);
  await streamRun($("decisions"), heading, threadPath(item.thread_id, "decision"), { action_id: item.action_id, decisions });
  node.remove();
  await refreshInbox();
  $("timeline-thread").value = item.thread_id;
  showTimeline(item.thread_id);
}

/**
 * Draw the inbox, keeping the items that are still pending as they are: a poll must not wipe
 * a reason or a cohort the operator is typing.
 */
function renderInbox(items) {
  const list = $("approvals");
  const wanted = new Set(items.map((item) => item.action_id));
  for (const node of [...list.children]) {
    if (!wanted.has(node.dataset.actionId) && !node.dataset.deciding) node.remove();
  }
  const shown = new Set([...list.children].map((node) => node.dataset.actionId));
  for (const item of items) if (!shown.has(item.action_id)) list.append(approvalItem(item));
  if (list.children.length === 0) list.append(el("li", { class: "muted", dataset: { testid: "inbox-empty", actionId: "" } }, "Nothing waits for approval."));
  else list.querySelector('[data-testid="inbox-empty"]')?.remove();
}

async function refreshInbox() {
  if (!isOperator()) return;
  const load = ++loads.inbox;
  try {
    const items = await getJson("/approvals");
    if (load !== loads.inbox) return;
    renderInbox(items);
    $("inbox-status").textContent = `Updated ${new Date().toLocaleTimeString()}`;
  } catch (err) {
    if (load === loads.inbox && !handleAuthError(err)) $("inbox-status").textContent = `Could not load: ${err.message}`;
  }
}

// -- timeline ---------------------------------------------------------------------------------------

function summarise(payload) {
  const text = JSON.stringify(payload || {});
  return text === "{}" ? "" : text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

function timelineEntry(event) {
  const when = new Date(event.at);
  const payload = JSON.stringify(event.payload || {});
  return el("li", { class: "event", title: payload, dataset: { testid: "timeline-event", kind: event.kind, turnId: event.turn_id ?? "" } },
    el("time", { datetime: event.at, text: Number.isNaN(when.getTime()) ? event.at : when.toLocaleTimeString() }),
    el("span", { class: "kind", text: event.kind }),
    event.turn_id != null ? el("span", { class: "muted", text: `turn ${event.turn_id}` }) : null,
    el("span", { class: "payload", text: summarise(event.payload) }));
}

/** Show the thread's journal, oldest first, redrawing only when something was added. */
async function showTimeline(threadId = $("timeline-thread").value.trim()) {
  const list = $("timeline-events");
  if (!threadId || !session.key) return;
  const load = ++loads.timeline;
  try {
    const events = (await getJson(threadPath(threadId, "events"))).sort((a, b) => a.id - b.id);
    if (load !== loads.timeline) return;
    const lastId = events.length ? events[events.length - 1].id : null;
    const same = timelineShown.threadId === threadId && timelineShown.lastId === lastId && timelineShown.count === events.length;
    if (same && list.children.length) return;
    timelineShown = { threadId, lastId, count: events.length };
    list.replaceChildren(...(events.length ? events.map(timelineEntry)
      : [el("li", { class: "muted", dataset: { testid: "timeline-empty" } }, "No events on this thread yet.")]));
  } catch (err) {
    if (load !== loads.timeline || handleAuthError(err)) return;
    timelineShown = { threadId: null, lastId: null, count: 0 };
    list.replaceChildren(el("li", { class: "failed", dataset: { testid: "timeline-error" } }, err.message));
  }
}

// -- signing in and out ---------------------------------------------------------------------------

function showNotice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

/** Ask the API who a key belongs to; only a key it accepts is kept. */
async function signIn(key) {
  try {
    const me = await (await api("/me", { key })).json();
    session.key = key;
    session.me = me;
    localStorage.setItem(KEY_STORAGE, key);
  } catch (err) {
    if (err.status === 401) localStorage.removeItem(KEY_STORAGE);
    showNotice(err.status === 401 ? `Key not accepted: ${err.message}` : err.message);
    return;
  }
  showNotice("");
  showWorkspace();
}

function showWorkspace() {
  $("whoami").textContent = `${session.me.user_id} (${session.me.role})`;
  document.body.dataset.role = session.me.role;
  // Operators decide; they do not write into students' threads (the API refuses it too).
  $("chat").hidden = isOperator();
  $("sign-in-form").hidden = true;
  $("signed-in").hidden = false;
  $("workspace").hidden = false;
  $("inbox").hidden = !isOperator();
  if (!$("thread-id").value) startThread(randomThreadId());
  else showTimeline();
  stopPolling();
  if (isOperator()) {
    refreshInbox();
    timers.inbox = setInterval(() => { if (!document.hidden) refreshInbox(); }, INBOX_POLL_MS);
  }
  // The timeline also changes when someone else acts on the thread (an operator's decision).
  timers.timeline = setInterval(() => { if (!document.hidden) showTimeline(); }, TIMELINE_POLL_MS);
}

function stopPolling() {
  clearInterval(timers.inbox);
  clearInterval(timers.timeline);
}

/** Forget the key and everything shown with it: the next person must not see this one's threads. */
function signOut() {
  stopPolling();
  loads.inbox += 1; // answers still on their way were asked with the old key
  loads.timeline += 1;
  session.key = null;
  session.me = null;
  localStorage.removeItem(KEY_STORAGE);
  delete document.body.dataset.role;
  for (const id of ["conversation", "approvals", "decisions", "timeline-events"]) $(id).replaceChildren();
  timelineShown = { threadId: null, lastId: null, count: 0 };
  $("thread-id").value = "";
  $("timeline-thread").value = "";
  $("api-key").value = "";
  $("sign-in-form").hidden = false;
  $("signed-in").hidden = true;
  $("workspace").hidden = true;
  $("inbox").hidden = true;
}

function init() {
  $("sign-in-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const key = $("api-key").value.trim();
    if (key) signIn(key);
  });
  $("sign-out").addEventListener("click", () => { signOut(); showNotice(""); });
  $("send-form").addEventListener("submit", sendMessage);
  $("message").addEventListener("keydown", sendOnEnter);
  $("new-thread").addEventListener("click", () => startThread(randomThreadId()));
  $("thread-id").addEventListener("change", () => startThread($("thread-id").value.trim()));
  $("inbox-refresh").addEventListener("click", refreshInbox);
  $("timeline-form").addEventListener("submit", (e) => { e.preventDefault(); showTimeline(); });
  const stored = localStorage.getItem(KEY_STORAGE);
  if (stored) signIn(stored);
}

init();
