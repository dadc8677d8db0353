// End-to-end test of the web page in headless Chromium, run by tests/test_web.py.
//
// A student asks a question and sees the steps as they happen, enrolls and pays with their own
// "yes" (the school's policy gives those to the student: the operator's inbox, open beside them in
// another browser, stays empty), then cancels: the refund waits for an operator after the student's
// yes. The operator approves it in the inbox, sees the cancellation carried out, and reads the
// thread's timeline. Uses Debian's Chromium through playwright-core (which never downloads a browser).
//
// Environment: BASE_URL (the running API), ADA_KEY (a student's key), OLGA_KEY (an operator's),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOT_DIR (default the system's temp folder).
// Exits 0 when every expectation holds; otherwise prints which one failed, the page's text and
// a screenshot path, and exits 1.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const BASE_URL = need("BASE_URL");
const ADA_KEY = need("ADA_KEY");
const OLGA_KEY = need("OLGA_KEY");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const TIMEOUT_MS = 30_000;

function need(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`e2e: set ${name}`);
    process.exit(2);
  }
  return value;
}

/** A failed expectation: what was expected, and what the page showed instead. */
class ExpectationError extends Error {}

function check(condition, message) {
  if (!condition) throw new ExpectationError(message);
}

/** Wait until `locator`'s text matches `pattern`; the failure names `what` and the text last seen. */
async function waitForText(locator, pattern, what) {
  const deadline = Date.now() + TIMEOUT_MS;
  let text = "";
  while (Date.now() < deadline) {
    text = (await locator.count()) ? (await locator.first().innerText()).trim() : "";
    if (pattern.test(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new ExpectationError(`${what}: expected text matching ${pattern}, saw ${JSON.stringify(text)}`);
}

/** Wait for a selector to be visible, failing with `what` rather than Playwright's generic text. */
async function waitVisible(locator, what) {
  try {
    await locator.first().waitFor({ state: "visible", timeout: TIMEOUT_MS });
  } catch {
    throw new ExpectationError(`${what}: not shown within ${TIMEOUT_MS / 1000} s`);
  }
}

const byTestId = (scope, id) => scope.locator(`[data-testid="${id}"]`);

/** The run (turn or decision) last added to `list`, once it has ended with `status`. */
async function finishedRun(page, listId, status, what) {
  const run = page.locator(`#${listId} > [data-testid="run"]`).last();
  await waitVisible(run, what);
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline && (await run.getAttribute("data-status")) === "running") {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seen = await run.getAttribute("data-status");
  check(seen === status, `${what}: expected the run to end as ${status}, it is ${seen}:\n${await run.innerText()}`);
  return run;
}

/** Node names of a run's step lines, in the order shown, each with its state. */
async function steps(run) {
  return run.locator('[data-event="step"]').evaluateAll(
    (lines) => lines.map((line) => `${line.dataset.node}:${line.dataset.state}`));
}

async function signIn(page, key, user, role) {
  await byTestId(page, "api-key").fill(key);
  await byTestId(page, "sign-in").click();
  await waitForText(byTestId(page, "whoami"), new RegExp(`^${user} \\(${role}\\)$`), `signed in as ${user}`);
}

async function send(page, message) {
  await byTestId(page, "message").fill(message);
  await byTestId(page, "send").click();
}

/** Send `message` and wait for its turn to end as `status`; the run. */
async function turn(page, message, status, what) {
  const before = await page.locator('#conversation > [data-testid="run"]').count();
  await send(page, message);
  const run = page.locator('#conversation > [data-testid="run"]').nth(before);
  await waitVisible(run, what);
  return finishedRun(page, "conversation", status, what);
}

/** The operator's inbox, refreshed now; the items it lists, by thread. */
async function inboxThreads(page) {
  const status = byTestId(page, "inbox-status");
  const before = await status.innerText();
  await byTestId(page, "inbox-refresh").click();
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline && (await status.innerText()) === before) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return page.locator('[data-testid="approval"]').evaluateAll((items) => items.map((i) => i.dataset.threadId));
}

async function studentAsksEnrollsAndPays(page, inbox) {
  await page.goto(BASE_URL);
  await signIn(page, ADA_KEY, "ada", "student");
  check(await byTestId(page, "inbox").isHidden(), "a student must not see the approval inbox");
  const threadId = await byTestId(page, "thread-id").inputValue();
  check(/^\S+$/.test(threadId), `a fresh thread id is filled in, saw ${JSON.stringify(threadId)}`);

  const answer = await turn(page, "When does the RAG course start?", "completed", "the question's turn");
  const answerSteps = await steps(answer);
  check(answerSteps.includes("router:done") && answerSteps.includes("answer:done")
        && answerSteps.indexOf("router:done") < answerSteps.indexOf("answer:done"),
  `the turn shows the router and then the answer step, saw ${JSON.stringify(answerSteps)}`);
  const reply = await waitForText(byTestId(answer, "reply").last(), /rag-2/, "the answer names the cohort");
  console.log(`ok: ada's question went through ${answerSteps.join(", ")}; reply: ${reply}`);

  const enroll = await turn(page, "Enroll me in rag-2", "awaiting_approval", "the enrollment turn");
  await waitForText(byTestId(enroll, "awaiting-approval"), /^Waiting for the student's confirmation: .*rag-2/, "the turn says what waits for the student's yes");
  await waitForText(enroll.locator('[data-event="awaiting_approval"]'), /^Waiting for a 'yes' or 'no' from the student$/, "the turn ends waiting for the student");
  const listed = await inboxThreads(inbox);
  check(!listed.includes(threadId), `the operator's inbox must not list a request waiting for its student, lists ${JSON.stringify(listed)}`);
  console.log(`ok: ada's enrollment waits for her own yes, and the operator's inbox does not list it`);

  const enrolled = await turn(page, "yes", "completed", "ada's yes to the enrollment");
  await waitForText(byTestId(enrolled, "reply").last(), /^Done: you are enrolled in rag-2/, "the enrollment is carried out on ada's yes");
  await turn(page, "Pay for rag-2", "awaiting_approval", "the payment turn");
  const paid = await turn(page, "yes", "completed", "ada's yes to the payment");
  await waitForText(byTestId(paid, "reply").last(), /^Payment of €900 received: your place in rag-2 is confirmed\.$/, "the payment on ada's yes");
  console.log("ok: ada enrolled and paid with her own yes");
  return threadId;
}

async function studentCancelsAndTheRefundWaitsForStaff(page) {
  const cancel = await turn(page, "Please cancel my enrollment in rag-2", "awaiting_approval", "the cancellation turn");
  await waitForText(byTestId(cancel, "reply").last(), /Full refund of €900\. .*a member of our staff approves it after you\.$/, "the proposal says staff approve the refund after the student");
  const confirmed = await turn(page, "yes", "awaiting_approval", "ada's yes to the cancellation");
  await waitForText(byTestId(confirmed, "reply").last(), /^Thank you for confirming\. Because it pays out a refund, a member of our staff must approve it as well/, "the yes is not the last word on a refund");
  await waitForText(byTestId(confirmed, "awaiting-approval"), /^Waiting for approval: Cancel ada's enrollment in rag-2/, "the turn says what waits for staff");
  await waitForText(confirmed.locator('[data-event="awaiting_approval"]'), /^Waiting for approval by an operator$/, "the turn ends waiting for an operator");
  console.log("ok: ada's cancellation waits for an operator after her yes");
}

async function operatorApproves(page, threadId) {
  const item = page.locator(`[data-testid="approval"][data-thread-id="${threadId}"]`);
  check((await inboxThreads(page)).includes(threadId), `ada's refund on thread ${threadId} is in the inbox`);
  await waitVisible(item, `ada's request on thread ${threadId} in the inbox`);
  const action = await waitForText(byTestId(item, "approval-action"), /^cancel\(.*rag-2.*\)$/, "the inbox shows the action and its arguments");
  check(/"ada"/.test(action), `the action names the student, saw ${action}`);
  await waitForText(byTestId(item, "approval-description"), /ada.*rag-2.*Full refund of €900/, "the inbox shows the description");
  console.log(`ok: olga's inbox shows ${action}`);

  await byTestId(item, "approve").click();
  const decision = await finishedRun(page, "decisions", "completed", "the approval's run");
  const decisionSteps = await steps(decision);
  check(decisionSteps.includes("execute:done"), `the decision shows the execute step, saw ${JSON.stringify(decisionSteps)}`);
  const done = await waitForText(byTestId(decision, "reply").last(), /^Done: your enrollment in rag-2 is cancelled\. €900 will be refunded in full\.$/, "the decision's reply");
  console.log(`ok: the approval went through ${decisionSteps.join(", ")}; reply: ${done}`);

  await item.waitFor({ state: "detached", timeout: TIMEOUT_MS })
    .catch(() => { throw new ExpectationError("the decided approval leaves the inbox"); });
}

async function signedOutPageIsEmpty(page) {
  await byTestId(page, "sign-out").click();
  const left = (await byTestId(page, "conversation").innerText()).trim();
  check(left === "", `signing out clears the conversation, saw ${JSON.stringify(left)}`);
}

async function timelineShowsTheStory(page, threadId) {
  const shown = await byTestId(page, "timeline-thread").inputValue();
  check(shown === threadId, `the timeline follows the decided thread ${threadId}, shows ${JSON.stringify(shown)}`);
  const expected = ["turn_started", "approval_requested", "approval_granted", "approval_requested", "approval_granted", "turn_completed"];
  const deadline = Date.now() + TIMEOUT_MS;
  let kinds = [];
  while (Date.now() < deadline) {
    kinds = await byTestId(page, "timeline-event").evaluateAll((items) => items.map((i) => i.dataset.kind));
    // The kinds in this order, other events allowed in between.
    let at = 0;
    for (const kind of kinds) if (kind === expected[at]) at += 1;
    if (at === expected.length && kinds[kinds.length - 1] === "turn_completed") {
      console.log(`ok: the timeline shows ${kinds.join(", ")}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new ExpectationError(`the timeline shows ${expected.join(", ")} in order, ending with turn_completed; saw ${JSON.stringify(kinds)}`);
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The operator in a browser of their own (a context keeps its own stored key).
  const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const pageErrors = [];
  for (const p of [page, staff]) p.on("pageerror", (err) => pageErrors.push(err.message));
  try {
    await staff.goto(BASE_URL);
    await signIn(staff, OLGA_KEY, "olga", "operator");
    await waitVisible(byTestId(staff, "inbox"), "the approval inbox for an operator");
    const threadId = await studentAsksEnrollsAndPays(page, staff);
    await studentCancelsAndTheRefundWaitsForStaff(page);
    await signedOutPageIsEmpty(page);
    await operatorApproves(staff, threadId);
    await timelineShowsTheStory(staff, threadId);
    check(pageErrors.length === 0, `the page threw:\n${pageErrors.join("\n")}`);
    console.log("e2e: all expectations held");
    return 0;
  } catch (err) {
    const shot = join(process.env.SCREENSHOT_DIR || mkdtempSync(join(tmpdir(), "school-e2e-")), "failure.png");
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    await staff.screenshot({ path: shot.replace(/\.png$/, "-operator.png"), fullPage: true }).catch(() => {});
    console.error(`e2e FAILED: ${err instanceof ExpectationError ? err.message : err.stack}`);
    if (pageErrors.length) console.error(`page errors:\n${pageErrors.join("\n")}`);
    console.error(`page text:\n${await page.locator("body").innerText().catch(() => "(unreadable)")}`);
    console.error(`operator's page text:\n${await staff.locator("body").innerText().catch(() => "(unreadable)")}`);
    console.error(`screenshot: ${shot}`);
    return 1;
  } finally {
    await browser.close();
  }
}

process.exit(await main());
