// The shipped web page (GET /, built from web/) end to end in headless Chromium, run by
// tests/test_web.py against a real `school-agent serve`.
//
// A student asks a question and sees the steps and the answer; asks to enroll and sees the card say
// that it waits for her own confirmation (the operator's inbox, open in another browser, does not
// list it; her own "waiting for you" does), confirms on the card; pays with a typed "yes"; cancels,
// confirms, and the card says the refund waits for staff. The operator finds it in the inbox,
// approves it (after a malformed edit is refused in words), and sees it carried out; the student's
// page shows the outcome without a reload. Both timelines tell the story in words; an unknown thread
// is a sentence, not a trace; reopening the thread draws its history; the student declines a new
// request without giving a reason. Debian's Chromium through playwright-core, which never downloads
// a browser.
//
// Environment: BASE_URL (the running serve), ADA_KEY (a student's key), OLGA_KEY (an operator's),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOT_DIR (default a new temporary folder): the pages
// are photographed there (student-waiting.png, operator-inbox.png, and at the end student.png and
// operator.png), and on a failure (failure*.png).
// Exits 0 when every expectation holds; otherwise prints which one failed, the pages' text and the
// screenshots' paths, and exits 1.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const BASE_URL = need("BASE_URL");
const ADA_KEY = need("ADA_KEY");
const OLGA_KEY = need("OLGA_KEY");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SHOTS = process.env.SCREENSHOT_DIR || mkdtempSync(join(tmpdir(), "school-e2e-"));
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

const byTestId = (scope, id) => scope.locator(`[data-testid="${id}"]`);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll `read` until `done(value)`; the failure names `what` and the value last seen. */
async function waitFor(what, read, done) {
  const deadline = Date.now() + TIMEOUT_MS;
  let value;
  while (Date.now() < deadline) {
    value = await read();
    if (done(value)) return value;
    await pause(100);
  }
  throw new ExpectationError(`${what}: not within ${TIMEOUT_MS / 1000} s; last saw ${JSON.stringify(value)}`);
}

/** The text of the first match of `locator` once it matches `pattern`. */
async function waitForText(locator, pattern, what) {
  const read = async () => ((await locator.count()) ? (await locator.first().innerText()).trim() : "");
  return waitFor(`${what} (expected ${pattern})`, read, (text) => pattern.test(text));
}

/** The run block last added to `#listId`, once it has ended as `status`. */
async function finishedRun(page, listId, status, what) {
  const run = page.locator(`#${listId} > [data-testid="run"]`).last();
  const seen = await waitFor(what, async () => ((await run.count()) ? run.getAttribute("data-status") : "(none)"),
    (s) => s !== "running" && s !== "(none)");
  check(seen === status, `${what}: expected the run to end as ${status}, it is ${seen}:\n${await run.innerText()}`);
  return run;
}

/** Node names of a run's step lines, in the order shown, each with its state. */
const steps = (run) => run.locator('[data-event="step"]').evaluateAll(
  (lines) => lines.map((line) => `${line.dataset.node}:${line.dataset.state}`));

async function signIn(page, key, user, role) {
  await page.goto(BASE_URL);
  await byTestId(page, "api-key").fill(key);
  await byTestId(page, "sign-in").click();
  await waitForText(byTestId(page, "whoami"), new RegExp(`^${user} \\(${role}\\)$`), `signed in as ${user}`);
}

/** Send `message` in the chat and wait for its run to end as `status`; the run. */
async function turn(page, message, status, what) {
  const runs = page.locator('#conversation > [data-testid="run"]');
  const before = await runs.count();
  await byTestId(page, "message").fill(message);
  await byTestId(page, "send").click();
  await waitFor(`${what} starts`, () => runs.count(), (n) => n > before);
  return finishedRun(page, "conversation", status, what);
}

/** The card under the conversation, once it is shown for `approver`. */
async function chatCard(page, approver, what) {
  const card = byTestId(byTestId(page, "pending"), "approval");
  await waitFor(what, async () => ((await card.count()) ? card.getAttribute("data-approver") : "(no card)"), (a) => a === approver);
  return card;
}

/** The threads an inbox lists after a refresh. */
async function inboxThreads(page) {
  const status = byTestId(page, "inbox-status");
  const before = await status.innerText();
  await byTestId(page, "inbox-refresh").click();
  await waitFor("the inbox is read again", () => status.innerText(), (text) => text !== before);
  return byTestId(page, "inbox-item").evaluateAll((items) => items.map((i) => i.dataset.threadId));
}

/** The controls a card offers, by test id. */
const controls = (card) => card.locator("button").evaluateAll((buttons) => buttons.map((b) => b.dataset.testid));

async function studentAsks(page) {
  const answer = await turn(page, "When does the RAG course start?", "completed", "the question's run");
  const seen = await steps(answer);
  check(seen.includes("router:done") && seen.includes("answer:done") && seen.indexOf("router:done") < seen.indexOf("answer:done"),
    `the run shows the router and then the answer step, saw ${JSON.stringify(seen)}`);
  const words = (await answer.locator('[data-node="router"]').innerText()).trim();
  check(/^Understanding the request/.test(words), `a step is named in words, saw ${JSON.stringify(words)}`);
  const reply = await waitForText(byTestId(answer, "reply").last(), /rag-2/, "the answer names the cohort");
  const threadId = await byTestId(page, "thread-id").inputValue();
  check(/^[0-9a-f-]{36}$/.test(threadId), `the first message created a thread, saw ${JSON.stringify(threadId)}`);
  console.log(`ok: ada's question on thread ${threadId} went through ${seen.join(", ")}; reply: ${reply}`);
  return threadId;
}

async function studentEnrollsAndPays(page, staff, threadId) {
  const enroll = await turn(page, "Enroll me in rag-2", "interrupted", "the enrollment's run");
  check((await steps(enroll)).includes("approval:waiting"), `the approval step waits, saw ${await steps(enroll)}`);
  await waitForText(enroll.locator('[data-event="interrupted"]'), /^Waiting for your confirmation$/, "the run ends waiting for ada");
  const card = await chatCard(page, "student", "the card for ada's own confirmation");
  await waitForText(byTestId(card, "waits-for"), /^Waiting for your confirmation$/, "the card says whose decision it is");
  await waitForText(byTestId(card, "approval-action"), /^Enroll: student ada, cohort rag-2$/, "the card says the action in words");
  const offered = await controls(card);
  check(JSON.stringify(offered) === JSON.stringify(["approve", "reject"]), `a student confirms or declines, no edit; saw ${offered}`);
  check(!(await inboxThreads(staff)).includes(threadId), "the operator's inbox does not list what waits for the student");
  check((await inboxThreads(page)).includes(threadId), "ada's own inbox lists what waits for her");
  console.log("ok: ada's enrollment waits for her own confirmation; only her inbox lists it");

  await byTestId(card, "approve").click();
  const enrolled = await finishedRun(page, "conversation", "completed", "ada's confirmation");
  await waitForText(byTestId(enrolled, "reply").last(), /^Done: you are enrolled in rag-2/, "ada's confirmation enrolls her");
  check(!(await byTestId(page, "pending").locator("*").count()), "the card goes once ada confirmed");

  await turn(page, "Pay for rag-2", "interrupted", "the payment's run");
  const paid = await turn(page, "yes", "completed", "ada's typed yes to the payment");
  await waitForText(byTestId(paid, "reply").last(), /^Payment of €900 received: your place in rag-2 is confirmed\.$/, "the payment on ada's yes");
  console.log("ok: ada confirmed the enrollment on its card and the payment with a typed yes");
}

async function studentCancelsAndTheRefundWaitsForStaff(page) {
  await turn(page, "Please cancel my enrollment in rag-2", "interrupted", "the cancellation's run");
  await byTestId(await chatCard(page, "student", "the cancellation waits for ada first"), "approve").click();
  const confirmed = await finishedRun(page, "conversation", "interrupted", "ada's confirmation of the cancellation");
  await waitForText(byTestId(confirmed, "reply").last(), /^Thank you for confirming\. Because it pays out a refund, a member of our staff must approve it as well/, "the refund also waits for staff");
  const card = await chatCard(page, "operator", "the card now waits for staff");
  await waitForText(byTestId(card, "waits-for"), /^Waiting for staff: a member of our staff decides$/, "the card says staff decide");
  await waitForText(byTestId(card, "approval-action"), /^Cancel the enrollment: student ada, cohort rag-2$/, "the card names the cancellation");
  const offered = await controls(card);
  check(JSON.stringify(offered) === JSON.stringify(["reject"]), `while staff decide, ada may only withdraw; saw ${offered}`);
  await page.screenshot({ path: join(SHOTS, "student-waiting.png") });
  console.log("ok: ada's cancellation waits for staff after her confirmation");
}

async function operatorApproves(staff, threadId) {
  check((await inboxThreads(staff)).includes(threadId), `the operator's inbox lists ada's refund on thread ${threadId}`);
  const item = staff.locator(`[data-testid="inbox-item"][data-thread-id="${threadId}"]`);
  const card = byTestId(item, "approval");
  await waitForText(byTestId(card, "waits-for"), /^Waiting for a decision by staff \(you\)$/, "the operator reads that it is theirs to decide");
  const action = await waitForText(byTestId(card, "approval-action"), /^Cancel the enrollment: student ada, cohort rag-2$/, "the inbox says the action in words");
  await waitForText(byTestId(card, "approval-description"), /ada.*rag-2.*Full refund of €900/, "the inbox shows the description");
  const offered = await controls(card);
  check(JSON.stringify(offered) === JSON.stringify(["approve", "reject", "edit"]), `the operator may approve, reject or edit; saw ${offered}`);
  console.log(`ok: olga's inbox shows "${action}"`);
  await staff.screenshot({ path: join(SHOTS, "operator-inbox.png") });

  // A refused decision is a sentence from the server, and the request stays in the inbox to decide.
  await byTestId(card, "edit-cohort").fill("Not A Cohort!");
  await byTestId(card, "edit").click();
  const refused = await finishedRun(staff, "decisions", "error", "an edit to a malformed cohort");
  const said = (await byTestId(refused, "outcome").innerText()).trim();
  check(/cohort/i.test(said) && !/Traceback|[{}]|HTTP \d/.test(said) && said.length < 200, `the refusal is the server's short sentence, saw ${JSON.stringify(said)}`);
  await waitFor("the refused request is back in the inbox", () => byTestId(item, "approve").count(), (n) => n === 1);
  console.log(`ok: a malformed edit is refused in words: "${said}"`);

  await byTestId(card, "approve").click();
  const decision = await finishedRun(staff, "decisions", "completed", "the approval's run");
  const seen = await steps(decision);
  check(seen.includes("execute:done"), `the decision shows the execute step, saw ${JSON.stringify(seen)}`);
  const done = await waitForText(byTestId(decision, "reply").last(), /^Done: your enrollment in rag-2 is cancelled\. €900 will be refunded in full\.$/, "the decision's reply");
  await waitFor("the decided item leaves the inbox", () => item.count(), (n) => n === 0);
  console.log(`ok: olga approved; the run went through ${seen.join(", ")}; reply: ${done}`);
}

async function studentSeesTheOutcome(page) {
  const decided = byTestId(page, "staff-decided");
  await waitFor("ada's page shows that staff decided", () => decided.count(), (n) => n === 1);
  const run = page.locator('#conversation > [data-testid="run"]').last();
  await waitForText(byTestId(run, "reply"), /^Done: your enrollment in rag-2 is cancelled\./, "ada reads the outcome");
  check(!(await byTestId(page, "pending").locator("*").count()), "nothing waits any more on ada's page");
  console.log("ok: ada's page shows the cancellation without a reload");
}

/** The timeline of `threadId` on `page`: sentences with times, in the order the story happened. */
async function timelineInWords(page, threadId, who) {
  check((await byTestId(page, "timeline-thread").inputValue()) === threadId, `${who}'s timeline follows thread ${threadId}`);
  const expected = ["approval_requested", "approval_granted", "approval_requested", "approval_granted", "turn_completed"];
  const events = await waitFor(`${who}'s timeline shows ${expected.join(", ")} in order`,
    () => byTestId(page, "timeline-event").evaluateAll((items) => items.map((i) => ({
      kind: i.dataset.kind, time: i.querySelector("time")?.innerText ?? "", text: i.querySelector(".text")?.innerText ?? "",
    }))),
    (found) => {
      let at = 0;
      for (const { kind } of found) if (kind === expected[at]) at += 1;
      return at === expected.length;
    });
  for (const { kind, time, text } of events) {
    check(/\d/.test(time), `each event shows its time, ${kind} shows ${JSON.stringify(time)}`);
    check(/^[A-Z0-9€"'(].*[a-z0-9).:;'"!?€]$/i.test(text) && !/^[{[]/.test(text) && !text.includes('":'), `each event is a sentence, not data: ${kind} reads ${JSON.stringify(text)}`);
  }
  console.log(`ok: ${who}'s timeline reads:\n  ${events.map(({ time, text }) => `${time}  ${text}`).join("\n  ")}`);
}

async function anUnknownThreadIsASentence(page) {
  await byTestId(page, "thread-id").fill("no-such-thread");
  await byTestId(page, "thread-id").dispatchEvent("change");
  const said = await waitForText(byTestId(page, "notice"), /\S/, "an unknown thread is reported");
  check(!/Traceback|\{|HTTP \d/.test(said) && said.length < 200, `the error is a short sentence, saw ${JSON.stringify(said)}`);
  console.log(`ok: an unknown thread reads "${said}"`);
}

async function reopeningTheThreadShowsItsHistory(page, threadId) {
  await byTestId(page, "thread-id").fill(threadId);
  await byTestId(page, "thread-id").dispatchEvent("change");
  const asked = await waitFor("the reopened thread shows ada's five messages",
    () => byTestId(page, "user-message").allInnerTexts(), (texts) => texts.length === 5);
  check(asked[0] === "When does the RAG course start?" && asked[4] === "Please cancel my enrollment in rag-2", `the messages in order, saw ${JSON.stringify(asked)}`);
  await waitForText(byTestId(page, "reply").last(), /^Done: your enrollment in rag-2 is cancelled\./, "the reopened thread ends with the outcome");
  check(await byTestId(page, "notice").isHidden(), "the earlier error is gone once a thread opens");
  console.log("ok: reopening the thread shows its history");
}

async function studentDeclinesWithoutAReason(page) {
  await turn(page, "Enroll me in rag-2", "interrupted", "a second enrollment's run");
  const card = await chatCard(page, "student", "the second enrollment waits for ada");
  await byTestId(card, "reject").click();
  const declined = await finishedRun(page, "conversation", "completed", "ada's decline");
  const heading = (await byTestId(declined, "decision-heading").innerText()).trim();
  check(heading === "You declined: Enroll: student ada, cohort rag-2", `the decline is said in words, saw ${JSON.stringify(heading)}`);
  const reply = (await byTestId(declined, "reply").last().innerText()).trim();
  check(reply === "All right, I dropped that request; nothing was changed.", `the decline's reply, saw ${JSON.stringify(reply)}`);
  check(!(await byTestId(page, "pending").locator("*").count()), "nothing waits once ada declined");
  console.log(`ok: ada declined without a reason; reply: ${reply}`);
}

async function signedOutPageIsEmpty(page) {
  await byTestId(page, "sign-out").click();
  check(await page.locator("#workspace").isHidden(), "signing out hides the workspace");
  const left = (await byTestId(page, "conversation").textContent()).trim();
  check(left === "", `signing out clears the conversation, saw ${JSON.stringify(left)}`);
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  // The operator in a browser of their own (a context keeps its own stored key).
  const staff = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  const pageErrors = [];
  for (const p of [page, staff]) p.on("pageerror", (err) => pageErrors.push(err.stack ?? err.message));
  try {
    await signIn(staff, OLGA_KEY, "olga", "operator");
    check(await byTestId(staff, "chat").isHidden(), "an operator has no chat: they do not write into students' threads");
    await signIn(page, ADA_KEY, "ada", "student");
    await waitForText(page.locator("#inbox-title"), /^Waiting for you$/, "a student's inbox is what waits for them");
    const threadId = await studentAsks(page);
    await studentEnrollsAndPays(page, staff, threadId);
    await studentCancelsAndTheRefundWaitsForStaff(page);
    await operatorApproves(staff, threadId);
    await studentSeesTheOutcome(page);
    await timelineInWords(staff, threadId, "olga");
    await timelineInWords(page, threadId, "ada");
    await page.screenshot({ path: join(SHOTS, "student.png"), fullPage: true });
    await staff.screenshot({ path: join(SHOTS, "operator.png"), fullPage: true });
    await anUnknownThreadIsASentence(page);
    await reopeningTheThreadShowsItsHistory(page, threadId);
    await studentDeclinesWithoutAReason(page);
    await signedOutPageIsEmpty(page);
    check(pageErrors.length === 0, `the page threw:\n${pageErrors.join("\n")}`);
    console.log(`e2e: all expectations held; screenshots in ${SHOTS}`);
    return 0;
  } catch (err) {
    const shot = join(SHOTS, "failure.png");
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    await staff.screenshot({ path: shot.replace(/\.png$/, "-operator.png"), fullPage: true }).catch(() => {});
    console.error(`e2e FAILED: ${err instanceof ExpectationError ? err.message : err.stack}`);
    if (pageErrors.length) console.error(`page errors:\n${pageErrors.join("\n")}`);
    console.error(`student's page text:\n${await page.locator("body").innerText().catch(() => "(unreadable)")}`);
    console.error(`operator's page text:\n${await staff.locator("body").innerText().catch(() => "(unreadable)")}`);
    console.error(`screenshots: ${shot} and its -operator twin`);
    return 1;
  } finally {
    await browser.close();
  }
}

process.exit(await main());
