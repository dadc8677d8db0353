// The school flow through the JS `@langchain/langgraph-sdk` Client under node, run by
// tests/test_js_sdk.py against a real `school-agent serve`.
//
// A student creates a thread and streams a run (values, messages-tuple and updates) that stops at
// the approval; the thread reads `interrupted` with the HITL request in its state, which waits for
// the student's own confirmation (the school's approval policy); an operator's resume is refused as
// out of policy; the student resumes in a background run with an approve decision and joins it; the
// thread ends idle with the student enrolled; the thread's stream replays both runs from its
// start; a question asked without a thread (a stateless run) is answered and leaves no thread; a
// weekly cron on the thread is made, found, paused and deleted, and a bad timezone refused. This is a client nobody here wrote: the script holds
// the expectations and, when one fails, prints it with every request made and what each answered.
//
// With SDK_CASES=platform it drives the store (put with a TTL, get, search with a filter, list
// namespaces, delete, a write outside the student's namespace), thread TTLs on create and update,
// `threads.prune` (keep_latest, delete, and a thread waiting for approval), and a run with a
// `webhook`; it prints what each call returned as JSON for the Python test to assert.
//
// Environment: BASE_URL (serve's root; the API is at BASE_URL/langgraph), ADA_KEY (a student's
// key), OLGA_KEY (an operator's), SDK_CASES (school, the default, or platform), WEBHOOK_URL (a
// receiver, for platform). Exits 0 when every expectation holds, 1 otherwise.

import { isDeepStrictEqual } from "node:util";
import { Client } from "@langchain/langgraph-sdk";

const BASE_URL = need("BASE_URL");
const ADA_KEY = need("ADA_KEY");
const OLGA_KEY = need("OLGA_KEY");
const API_URL = `${BASE_URL}/langgraph`;
const ASSISTANT = "school";
const ASK = "I'd like to enroll in rag-2";
const APPROVE = { resume: { decisions: [{ type: "approve" }] } };

function need(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`sdk_client: set ${name}`);
    process.exit(2);
  }
  return value;
}

/** A failed expectation: what was expected, and what the server gave instead. */
class ExpectationError extends Error {}

function check(condition, message) {
  if (!condition) throw new ExpectationError(message);
}

const show = (value) => JSON.stringify(value);

/** What identifies an interrupt wherever it is read (its other fields vary with the release). */
const idAndValue = ({ id, value }) => ({ id, value });

/** Every request the clients made, with the status and (for a refusal) the body that came back. */
const exchanges = [];

/** `fetch` as the SDK calls it, recording each exchange for the failure report. */
async function recordingFetch(input, init) {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  const method = init?.method ?? "GET";
  const key = new Headers(init?.headers).get("x-api-key");
  const who = { [ADA_KEY]: "ada", [OLGA_KEY]: "olga" }[key] ?? "(no key)";
  const line = `${who} ${method} ${url.pathname}${url.search}`;
  let response;
  try {
    response = await fetch(input, init);
  } catch (err) {
    exchanges.push(`${line} -> ${err}`);
    throw err;
  }
  const body = response.ok ? "" : ` ${await response.clone().text()}`;
  exchanges.push(`${line}${init?.body ? ` ${init.body}` : ""} -> ${response.status}${body}`);
  return response;
}

function client(key) {
  // No retries: a refused or missing route answers at once, and the report shows it once.
  return new Client({ apiUrl: API_URL, apiKey: key, callerOptions: { fetch: recordingFetch, maxRetries: 0 } });
}

const ada = client(ADA_KEY);
const olga = client(OLGA_KEY);

/** `action` under a label, so that a thrown HTTP error says which step sent the request. */
async function step(label, action) {
  try {
    return await action();
  } catch (err) {
    if (err instanceof ExpectationError) throw err;
    // An HTTP refusal says it all in its message; anything else needs its stack.
    throw new ExpectationError(`${label}: ${err?.status ? err.message : (err?.stack ?? err)}`);
  }
}

/** The HITL request the school graph makes for ada's enrollment, as LangChain's middleware shapes it. */
function checkEnrollRequest(value, where) {
  const [action] = value?.action_requests ?? [];
  const [review] = value?.review_configs ?? [];
  check(
    value?.action_requests?.length === 1 && value?.review_configs?.length === 1,
    `${where}: one action request and one review config, saw ${show(value)}`,
  );
  check(
    action.name === "enroll" && isDeepStrictEqual(action.args, { cohort_id: "rag-2", student_id: "ada" }),
    `${where}: the action is enroll(ada, rag-2), saw ${show(action)}`,
  );
  check(/^Enroll ada in rag-2 /.test(action.description), `${where}: the description, saw ${show(action)}`);
  check(
    isDeepStrictEqual(review, { action_name: "enroll", allowed_decisions: ["approve", "reject"] }),
    `${where}: the review config (a student confirms or drops), saw ${show(review)}`,
  );
  check(
    value.approver === "student" &&
      isDeepStrictEqual(value.policy, { rule: "enroll", approvers: ["student"], approved: [] }),
    `${where}: the request waits for the student under the policy row enroll, saw ${show(value)}`,
  );
}

async function studentStreamsToTheApproval() {
  const thread = await step("threads.create", () => ada.threads.create({ metadata: { topic: "js-sdk" } }));
  const threadId = thread.thread_id;
  check(thread.status === "idle", `a new thread is idle, saw ${show(thread)}`);

  const events = [];
  await step("runs.stream", async () => {
    const parts = ada.runs.stream(threadId, ASSISTANT, {
      input: { messages: [{ type: "human", content: ASK }] },
      streamMode: ["values", "messages-tuple", "updates"],
    });
    for await (const part of parts) events.push(part);
  });
  const names = events.map((e) => e.event);
  const report = `events: ${show(events)}`;

  check(names[0] === "metadata", `the stream opens with metadata; ${report}`);
  check(
    typeof events[0].data.run_id === "string" && events[0].data.attempt === 1,
    `metadata carries the run id and attempt 1, saw ${show(events[0].data)}`,
  );
  // The values and updates of each step as the Python SDK sees them, the messages among them.
  const steps = names.filter((n) => n !== "messages");
  const expected = ["metadata", "values", "updates", "values", "updates", "values", "updates", "values"];
  check(isDeepStrictEqual(steps, expected), `values/updates in order ${show(expected)}, saw ${show(names)}; ${report}`);
  const updates = events.filter((e) => e.event === "updates").map((e) => Object.keys(e.data));
  check(
    isDeepStrictEqual(updates, [["router"], ["propose"], ["__interrupt__"]]),
    `updates from router, propose, then the interrupt, saw ${show(updates)}`,
  );
  const values = events.filter((e) => e.event === "values").map((e) => e.data);
  check(
    isDeepStrictEqual(values[0].messages.map((m) => [m.type, m.content]), [["human", ASK]]),
    `the first values hold ada's message, saw ${show(values[0])}`,
  );
  // The interrupt ends the values: with the paused state (as LangGraph 1.2 emits it) or alone
  // (as earlier releases did); the state before it is the same either way.
  const last = values.at(-1);
  const paused = "messages" in last ? last : values.at(-2);
  check(
    Array.isArray(last.__interrupt__) && last.__interrupt__.length === 1,
    `the last values event carries one __interrupt__, saw ${show(last)}`,
  );
  const reply = paused.messages.at(-1);
  check(
    isDeepStrictEqual(paused.messages.map((m) => m.type), ["human", "ai"]),
    `the paused state holds ada's message and the assistant's reply, saw ${show(paused.messages)}`,
  );
  check(/approved/.test(reply.content), `the reply says the enrollment waits for approval, saw ${show(reply)}`);

  // messages-tuple: each event is [message, metadata]; the reply comes from the propose node,
  // before that node's update, as the platform streams a node's messages while it runs.
  const messages = events.map((e, at) => ({ ...e, at })).filter((e) => e.event === "messages");
  check(messages.length > 0, `messages-tuple streams the assistant's reply; ${report}`);
  for (const { data } of messages) {
    check(
      Array.isArray(data) && data.length === 2 && typeof data[0]?.type === "string" && typeof data[1] === "object",
      `a messages event is [message, metadata], saw ${show(data)}`,
    );
  }
  const replied = messages.filter(({ data: [message] }) => message.id === reply.id);
  check(replied.length > 0, `a messages event carries the reply ${show(reply)}; messages: ${show(messages)}`);
  const streamedText = replied.map(({ data: [message] }) => message.content).join("");
  check(
    streamedText === reply.content || replied.some(({ data: [message] }) => message.content === reply.content),
    `the streamed reply reads as the stored one: ${show(streamedText)} vs ${show(reply.content)}`,
  );
  const proposeUpdate = events.findIndex((e) => e.event === "updates" && "propose" in e.data);
  for (const { at, data } of replied) {
    check(data[1].langgraph_node === "propose", `the reply's metadata names the propose node, saw ${show(data[1])}`);
    check(at < proposeUpdate, `the reply streams before propose's update (event ${at} vs ${proposeUpdate}); ${report}`);
  }

  const [interrupt] = last.__interrupt__;
  check(
    isDeepStrictEqual(events.filter((e) => e.event === "updates").at(-1).data, { __interrupt__: last.__interrupt__ }),
    `the interrupt is the same in updates and values; ${report}`,
  );
  checkEnrollRequest(interrupt.value, "the streamed interrupt");
  console.log(`ok: the stream went ${names.join(", ")}; reply: ${reply.content}`);
  return { threadId, interrupt };
}

async function theThreadIsInterrupted(threadId, interrupt) {
  const thread = await step("threads.get", () => ada.threads.get(threadId));
  check(thread.status === "interrupted", `the thread reads interrupted, saw ${show(thread)}`);
  check(
    isDeepStrictEqual(Object.values(thread.interrupts ?? {}).flat().map(idAndValue), [idAndValue(interrupt)]),
    `the thread lists the interrupt, saw ${show(thread.interrupts)}`,
  );
  const state = await step("threads.getState", () => ada.threads.getState(threadId));
  check(isDeepStrictEqual(state.next, ["approval"]), `the state waits at approval, saw next ${show(state.next)}`);
  check(
    state.tasks.length === 1 &&
      state.tasks[0].name === "approval" &&
      isDeepStrictEqual(state.tasks[0].interrupts.map(idAndValue), [idAndValue(interrupt)]),
    `the approval task carries the interrupt, saw ${show(state.tasks)}`,
  );
  const inbox = await step("threads.search", () => olga.threads.search({ status: "interrupted" }));
  check(
    inbox.some((t) => t.thread_id === threadId && t.status === "interrupted"),
    `the operator finds the thread among the interrupted ones, saw ${show(inbox.map((t) => t.thread_id))}`,
  );
  console.log(`ok: thread ${threadId} is interrupted at approval`);
}

async function anOperatorCannotConfirmForTheStudent(threadId) {
  let refused;
  try {
    await olga.runs.wait(threadId, ASSISTANT, { command: APPROVE });
  } catch (err) {
    refused = err;
  }
  check(
    refused?.status === 422 && /out of policy: enroll waits for the student's confirmation/.test(refused.message),
    `an operator's resume of what waits for the student is refused with 422, got ${refused ?? "no error"}`,
  );
  const thread = await step("threads.get", () => ada.threads.get(threadId));
  check(thread.status === "interrupted", `the refused resume leaves the thread interrupted, saw ${thread.status}`);
  console.log(`ok: olga's approval was refused: ${refused.message}`);
}

async function studentConfirmsAndJoins(threadId) {
  const run = await step("runs.create (resume)", () => ada.runs.create(threadId, ASSISTANT, { command: APPROVE }));
  check(run.thread_id === threadId && typeof run.run_id === "string", `a background run on the thread, saw ${show(run)}`);
  check(["pending", "running", "success"].includes(run.status), `the run is accepted, saw ${show(run)}`);
  const joined = await step("runs.join", () => ada.runs.join(threadId, run.run_id));
  check(joined && !("__interrupt__" in joined), `the joined run ends without an interrupt, saw ${show(joined)}`);
  const last = joined.messages?.at(-1);
  check(/^Done: you are enrolled in rag-2/.test(last?.content), `join returns the enrolled state, saw ${show(last)}`);
  const finished = await step("runs.get", () => ada.runs.get(threadId, run.run_id));
  check(finished.status === "success", `the run reads success, saw ${show(finished)}`);
  console.log(`ok: ada's run ${run.run_id} ended ${finished.status}; reply: ${last.content}`);
  return run.run_id;
}

async function theThreadsStreamReplaysItsRuns(threadId, lastRunId) {
  // From the thread's start ("-1") to the end of its last run; the stream itself never ends.
  const events = await step("threads.joinStream", async () => {
    const found = [];
    for await (const part of ada.threads.joinStream(threadId, { lastEventId: "-1" })) {
      found.push(part);
      if (part.event === "metadata" && part.data.status === "run_done" && part.data.run_id === lastRunId) break;
    }
    return found;
  });
  const lifecycle = events.filter((e) => e.event === "metadata").map((e) => e.data.status ?? "start");
  check(
    isDeepStrictEqual(lifecycle, ["start", "run_done", "start", "run_done"]),
    `the thread's stream holds its two runs, each started and done, saw ${show(lifecycle)}`,
  );
  const last = events.filter((e) => e.event === "values").at(-1)?.data;
  check(/^Done: you are enrolled in rag-2/.test(last?.messages?.at(-1)?.content), `it ends enrolled, saw ${show(last)}`);
  console.log(`ok: the thread's stream replayed ${events.length} events of its two runs`);
}

async function theStudentIsEnrolled(threadId) {
  const thread = await step("threads.get", () => ada.threads.get(threadId));
  check(
    thread.status === "idle" && isDeepStrictEqual(thread.interrupts, {}),
    `the thread is idle with no interrupts, saw ${show(thread)}`,
  );
  const state = await step("threads.getState", () => ada.threads.getState(threadId));
  const last = state.values.messages.at(-1);
  check(isDeepStrictEqual(state.next, []) && isDeepStrictEqual(state.tasks, []), `nothing is left to run, saw ${show(state)}`);
  check(/^Done: you are enrolled in rag-2/.test(last.content), `ada's thread says she is enrolled, saw ${show(last)}`);
  console.log(`ok: ada reads ${show(last.content)}`);
}

async function aQuestionIsAnsweredStatelessly() {
  const threadIds = async () =>
    (await step("threads.search", () => ada.threads.search({ limit: 1000 }))).map((t) => t.thread_id).sort();
  const before = await threadIds();
  const values = await step("runs.wait (stateless)", () =>
    ada.runs.wait(null, ASSISTANT, { input: { messages: [{ role: "user", content: "When does rag-2 start?" }] } }),
  );
  const kinds = (values.messages ?? []).map((m) => m.type);
  const reply = values.messages?.at(-1);
  check(
    isDeepStrictEqual(kinds, ["human", "ai"]) && /rag-2 starts 2027-01-15/.test(reply.content),
    `a stateless run answers the question on a thread of its own, saw ${show(values)}`,
  );
  const after = await threadIds();
  check(isDeepStrictEqual(after, before), `its temporary thread is deleted, saw ${show(before)} then ${show(after)}`);
  console.log(`ok: answered statelessly: ${reply.content}`);
}

async function aBatchOfQuestionsIsAnswered() {
  // createBatch sends each payload as given (its camelCase fields unconverted): on_completion is
  // written as the API names it, so that the threads stay for the joins below.
  const ask = {
    assistantId: ASSISTANT,
    input: { messages: [{ role: "user", content: "When does rag-2 start?" }] },
    on_completion: "keep",
  };
  const runs = await step("runs.createBatch", () => ada.runs.createBatch([ask, ask]));
  check(
    runs.length === 2 && new Set(runs.map((r) => r.thread_id)).size === 2 && runs.every((r) => r.status === "pending"),
    `a batch makes a pending run on a thread of its own for each question, saw ${show(runs)}`,
  );
  for (const run of runs) {
    const ended = await step("runs.join (batch)", () => ada.runs.join(run.thread_id, run.run_id));
    const reply = ended.messages?.at(-1);
    check(/rag-2 starts 2027-01-15/.test(reply?.content ?? ""), `each batch run answers, saw ${show(ended)}`);
  }
  console.log(`ok: a batch of ${runs.length} stateless runs answered`);
}

async function aWeeklyReminderIsScheduled(threadId) {
  const input = { messages: [{ role: "user", content: "When does rag-2 start?" }] };
  const cron = await step("crons.createForThread", () =>
    ada.crons.createForThread(threadId, ASSISTANT, { schedule: "0 9 * * 1", timezone: "Europe/Berlin", input }),
  );
  const berlin = new Date(cron.next_run_date).toLocaleString("en-GB", {
    timeZone: "Europe/Berlin",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  check(
    cron.thread_id === threadId && cron.schedule === "0 9 * * 1" && cron.enabled === true && berlin === "Mon 09:00",
    `a weekly cron on ada's thread, next on a Monday at 09:00 in Berlin, saw ${show(cron)} (${berlin})`,
  );
  const found = await step("crons.search", () => ada.crons.search({ thread_id: threadId }));
  const counted = await step("crons.count", () => ada.crons.count({ thread_id: threadId }));
  check(
    isDeepStrictEqual(found.map((c) => c.cron_id), [cron.cron_id]) && counted === 1,
    `ada finds her one cron, saw ${show(found)} and a count of ${counted}`,
  );
  const paused = await step("crons.update", () => ada.crons.update(cron.cron_id, { enabled: false }));
  check(paused.enabled === false, `the cron is paused, saw ${show(paused)}`);
  let refused = null;
  try {
    await ada.crons.createForThread(threadId, ASSISTANT, { schedule: "0 9 * * 1", timezone: "Mars/Olympus", input });
  } catch (err) {
    refused = err;
  }
  check(refused?.status === 422, `an unknown timezone is refused with 422, saw ${refused?.status ?? "no refusal"}`);
  await step("crons.delete", () => ada.crons.delete(cron.cron_id));
  const left = await step("crons.count", () => ada.crons.count({ thread_id: threadId }));
  check(left === 0, `the deleted cron is gone, saw a count of ${left}`);
  console.log(`ok: a weekly reminder scheduled, paused and deleted (next was ${cron.next_run_date})`);
}

// --- The platform's store, thread TTLs and prune, and a run's webhook (SDK_CASES=platform) ---
// These record what each SDK call returned, or how the server refused it, and print it all as one
// JSON line (`results: {...}`); tests/test_js_sdk.py asserts the results exactly, with what the
// database and the webhook receiver hold after them.

const QUESTION = { messages: [{ role: "user", content: "When does rag-2 start?" }] };
const ENROLL = { messages: [{ role: "user", content: "Enroll me in rag-2" }] };
const ADA_MEMORY = ["memories", "ada"];

/** What `action` returned (undefined as null), or `{refused: {status, detail}}` for an HTTP refusal. */
async function outcome(label, action) {
  try {
    return (await action()) ?? null;
  } catch (err) {
    const answer = /^HTTP \d+: (.*)$/s.exec(err?.message ?? "");
    if (!err?.status || !answer) throw new ExpectationError(`${label}: ${err?.stack ?? err}`);
    let body;
    try {
      body = JSON.parse(answer[1]);
    } catch {
      body = answer[1];
    }
    return { refused: { status: err.status, detail: body?.detail ?? body } };
  }
}

async function theStoreIsCuratedInItsNamespace() {
  const budget = { fact: "My budget is 1000 euros" };
  const goal = { fact: "I want to learn RAG" };
  return {
    putWithTtl: await outcome("store.putItem", () => ada.store.putItem(ADA_MEMORY, "budget", budget, { ttl: 90 })),
    put: await outcome("store.putItem", () => ada.store.putItem(ADA_MEMORY, "goal", goal)),
    got: await outcome("store.getItem", () => ada.store.getItem(ADA_MEMORY, "budget")),
    filtered: await outcome("store.searchItems", () => ada.store.searchItems(["memories"], { filter: goal })),
    namespaces: await outcome("store.listNamespaces", () => ada.store.listNamespaces()),
    operatorNamespaces: await outcome("store.listNamespaces", () => olga.store.listNamespaces({ prefix: ["memories"] })),
    othersNamespace: await outcome("store.putItem", () =>
      ada.store.putItem(["memories", "bob"], "debt", { fact: "Bob owes me 10 euros" }),
    ),
    deleted: await outcome("store.deleteItem", () => ada.store.deleteItem(ADA_MEMORY, "goal")),
    gotDeleted: await outcome("store.getItem", () => ada.store.getItem(ADA_MEMORY, "goal")),
  };
}

async function answered(threadId, turns) {
  await step("threads.create", () => ada.threads.create({ threadId }));
  for (let turn = 0; turn < turns; turn++) {
    await step("runs.wait", () => ada.runs.wait(threadId, ASSISTANT, { input: QUESTION }));
  }
}

async function threadsAreKeptForTheirTtlAndPruned() {
  const created = await outcome("threads.create", () => ada.threads.create({ threadId: "js-ttl", ttl: 30 }));
  // The JS SDK's types name only "delete" as a strategy; the body carries whichever is given.
  const updated = await outcome("threads.update", () =>
    ada.threads.update("js-ttl", { metadata: { term: "spring" }, ttl: { ttl: 60, strategy: "keep_latest" } }),
  );
  const zeroTtl = await outcome("threads.create", () => ada.threads.create({ threadId: "js-zero", ttl: 0 }));

  await answered("js-long", 2);
  const state = await step("threads.getState", () => ada.threads.getState("js-long"));
  const history = await step("threads.getHistory", () => ada.threads.getHistory("js-long", { limit: 100 }));
  const keptLatest = await outcome("threads.prune", () => ada.threads.prune(["js-long"], { strategy: "keep_latest" }));
  const pruned = await step("threads.getHistory", () => ada.threads.getHistory("js-long", { limit: 100 }));

  await step("threads.create", () => ada.threads.create({ threadId: "js-waiting" }));
  const asked = await step("runs.wait", () => ada.runs.wait("js-waiting", ASSISTANT, { input: ENROLL }));
  const waitingRefused = await outcome("threads.prune", () => ada.threads.prune(["js-waiting"]));
  const stillWaiting = await step("threads.get", () => ada.threads.get("js-waiting"));

  await answered("js-done", 1);
  const deleted = await outcome("threads.prune", () => ada.threads.prune(["js-done"]));
  const gone = await outcome("threads.get", () => ada.threads.get("js-done"));
  return {
    created: { thread_id: created.thread_id, status: created.status },
    updated: { thread_id: updated.thread_id, metadata: updated.metadata },
    zeroTtl,
    keepLatest: {
      checkpointsBefore: history.length,
      pruned: keptLatest,
      checkpointsAfter: pruned.map((h) => h.checkpoint.checkpoint_id),
      latest: state.checkpoint.checkpoint_id,
      sameValues: isDeepStrictEqual(pruned[0]?.values, state.values),
      parent: pruned[0]?.parent_checkpoint ?? null,
    },
    waiting: { interrupted: "__interrupt__" in asked, prune: waitingRefused, status: stillWaiting.status },
    delete: { pruned: deleted, get: gone },
  };
}

async function aRunsEndIsPostedToItsWebhook() {
  const webhook = `${need("WEBHOOK_URL")}/run`;
  await step("threads.create", () => ada.threads.create({ threadId: "js-hooked" }));
  const run = await step("runs.create", () => ada.runs.create("js-hooked", ASSISTANT, { input: QUESTION, webhook }));
  const joined = await step("runs.join", () => ada.runs.join("js-hooked", run.run_id));
  const refused = await outcome("runs.create", () =>
    ada.runs.create("js-hooked", ASSISTANT, { input: QUESTION, webhook: "ftp://127.0.0.1/hook" }),
  );
  const runs = await step("runs.list", () => ada.runs.list("js-hooked"));
  return {
    run_id: run.run_id,
    webhook: run.kwargs?.webhook ?? null,
    answer: joined.messages?.at(-1)?.content ?? null,
    refused,
    runs: runs.map((r) => [r.run_id, r.status]),
  };
}

async function platformCases() {
  const results = {
    store: await theStoreIsCuratedInItsNamespace(),
    threads: await threadsAreKeptForTheirTtlAndPruned(),
    webhook: await aRunsEndIsPostedToItsWebhook(),
  };
  console.log(`results: ${JSON.stringify(results)}`);
}

async function schoolCases() {
  const { threadId, interrupt } = await studentStreamsToTheApproval();
  await theThreadIsInterrupted(threadId, interrupt);
  await anOperatorCannotConfirmForTheStudent(threadId);
  const resumeId = await studentConfirmsAndJoins(threadId);
  await theStudentIsEnrolled(threadId);
  await theThreadsStreamReplaysItsRuns(threadId, resumeId);
  await aQuestionIsAnsweredStatelessly();
  await aBatchOfQuestionsIsAnswered();
  await aWeeklyReminderIsScheduled(threadId);
  console.log("sdk_client: all expectations held");
}

async function main() {
  const cases = { school: schoolCases, platform: platformCases }[process.env.SDK_CASES ?? "school"];
  if (!cases) {
    console.error(`sdk_client: SDK_CASES is school or platform, not ${process.env.SDK_CASES}`);
    return 2;
  }
  try {
    await cases();
    return 0;
  } catch (err) {
    console.error(`sdk_client FAILED: ${err instanceof ExpectationError ? err.message : err.stack}`);
    console.error(`requests (who, method, path, body -> status and refusal):\n${exchanges.join("\n")}`);
    return 1;
  }
}

process.exit(await main());
