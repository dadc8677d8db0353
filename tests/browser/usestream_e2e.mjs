// The useStream page (usestream/app.jsx, bundled into dist/usestream/ by `make browser`) in headless
// Chromium against a real `school-agent serve`, run by tests/test_usestream_page.py.
//
// A student asks to enroll, sees that it waits for their own confirmation (no operator's panel), and
// says yes; pays the same way; then cancels, and after their yes the refund waits for an operator
// (the school's approval policy): the operator's panel shows the request read from the thread's
// state; the operator approves, and both panels show the cancellation done. The page is served at BASE_URL/usestream/ by this script (Playwright answers
// those requests from dist/), so it shares serve's origin and reaches /langgraph without CORS.
//
// Environment: BASE_URL (the running serve), ADA_KEY (a student's key), OLGA_KEY (an operator's),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOT_DIR (default the system's temp folder).
// Exits 0 when every expectation holds; otherwise prints which one failed, the page's text, every
// LangGraph API request the page made with its answer, and a screenshot path, and exits 1.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { ExpectationError, TIMEOUT_MS, byTestId, check, servePage, waitFor } from "./page_checks.mjs";

const BASE_URL = need("BASE_URL");
const ADA_KEY = need("ADA_KEY");
const OLGA_KEY = need("OLGA_KEY");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const ASK = "I'd like to enroll in rag-2";
const CANCEL = "Please cancel my enrollment in rag-2";

function need(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`usestream_e2e: set ${name}`);
    process.exit(2);
  }
  return value;
}

/** Every LangGraph API request the page makes: who, method, path, body, and the answer's status
 * (with the server's detail when it refused). A stream the SDK aborts once it has read it to its
 * end is logged when its answer starts, so it shows its status rather than the abort. */
function recordRequests(page, exchanges) {
  const who = { [ADA_KEY]: "ada", [OLGA_KEY]: "olga" };
  const line = (request) => {
    const url = new URL(request.url());
    const body = request.postData() ? ` ${request.postData()}` : "";
    const key = who[request.headers()["x-api-key"]] ?? "(no key)";
    return `${key} ${request.method()} ${url.pathname}${url.search}${body}`;
  };
  const isApi = (request) => new URL(request.url()).pathname.startsWith("/langgraph/");
  const answered = new Set();
  page.on("response", async (response) => {
    const request = response.request();
    if (!isApi(request)) return;
    answered.add(request);
    const status = response.status();
    const refusal = status >= 400 ? ` ${await response.text().catch(() => "")}` : "";
    exchanges.push(`${line(request)} -> ${status}${refusal}`);
  });
  page.on("requestfailed", (request) => {
    if (isApi(request) && !answered.has(request)) {
      exchanges.push(`${line(request)} -> failed: ${request.failure()?.errorText}`);
    }
  });
}

const messagesOf = (panel) =>
  byTestId(panel, "chat-message").evaluateAll((items) => items.map((i) => [i.dataset.type, i.innerText.trim()]));

/** Send `text` in the student's chat and wait for the thread to rest in `state`; the messages then. */
async function say(page, text, state) {
  const chat = byTestId(page, "chat");
  const before = (await messagesOf(chat)).length;
  await byTestId(chat, "draft").fill(text);
  await byTestId(chat, "send").click();
  await waitFor(
    page,
    `"${text}" ends with the thread ${state}`,
    async () => [await chat.getAttribute("data-state"), (await messagesOf(chat)).length],
    ([seen, count]) => seen === state && count > before + 1,
  );
  return messagesOf(chat);
}

async function studentAsksAndConfirms(page) {
  await page.goto(`${BASE_URL}/usestream/index.html`);
  await byTestId(page, "student-key").fill(ADA_KEY);
  await byTestId(page, "operator-key").fill(OLGA_KEY);
  const chat = byTestId(page, "chat");
  const messages = await say(page, ASK, "interrupted");
  check(
    messages.length === 2 && messages[0][0] === "human" && messages[0][1] === ASK && messages[1][0] === "ai",
    `the conversation shows ada's message and the assistant's reply, saw ${JSON.stringify(messages)}`,
  );
  check(/Reply 'yes' to confirm or 'no' to drop it\.$/.test(messages[1][1]), `the reply asks ada to confirm, saw ${messages[1][1]}`);
  const waiting = (await byTestId(chat, "awaiting-approval").innerText()).trim();
  check(/^Waiting for your confirmation \(yes or no\): Enroll ada in rag-2 /.test(waiting), `the student sees what waits for her, saw ${waiting}`);
  check(!(await byTestId(page, "review").count()), "the operator's panel stays closed: the enrollment is the student's to confirm");
  const threadId = (await byTestId(page, "thread-id").innerText()).trim();
  check(/^\S+$/.test(threadId), `the page names the thread it made, saw ${JSON.stringify(threadId)}`);
  console.log(`ok: ada's thread ${threadId} waits for her own yes; reply: ${messages[1][1]}`);

  const enrolled = await say(page, "yes", "idle");
  check(/^Done: you are enrolled in rag-2/.test(enrolled.at(-1)[1]), `ada's yes enrolls her, saw ${JSON.stringify(enrolled.at(-1))}`);
  await say(page, "Pay for rag-2", "interrupted");
  const paid = await say(page, "yes", "idle");
  check(paid.at(-1)[1] === "Payment of €900 received: your place in rag-2 is confirmed.", `ada's yes pays, saw ${JSON.stringify(paid.at(-1))}`);
  check(!(await byTestId(page, "review").count()), "nothing of this reached the operator's panel");
  console.log("ok: ada enrolled and paid with her own yes");
}

async function studentCancelsAndTheRefundWaitsForStaff(page) {
  const chat = byTestId(page, "chat");
  await say(page, CANCEL, "interrupted");
  check(!(await byTestId(page, "review").count()), "the cancellation waits for ada's yes before it reaches staff");
  const confirmed = await say(page, "yes", "interrupted");
  check(
    /^Thank you for confirming\. Because it pays out a refund, a member of our staff must approve it as well/.test(confirmed.at(-1)[1]),
    `ada's yes sends the refund to staff, saw ${JSON.stringify(confirmed.at(-1))}`,
  );
  const waiting = (await byTestId(chat, "awaiting-approval").innerText()).trim();
  check(/^Waiting for approval: Cancel ada's enrollment in rag-2 /.test(waiting), `the student sees what waits for staff, saw ${waiting}`);
  console.log("ok: ada's cancellation waits for an operator after her yes");
}

async function operatorApproves(page) {
  const review = byTestId(page, "review");
  await waitFor(page, "the operator's panel shows the request", async () => ((await review.count()) ? review.getAttribute("data-state") : ""), (s) => s === "waiting");
  const action = (await byTestId(review, "approval-action").innerText()).trim();
  check(action === 'cancel({"cohort_id":"rag-2","student_id":"ada"})', `the action and its arguments, saw ${action}`);
  const description = (await byTestId(review, "approval-description").innerText()).trim();
  check(/^Cancel ada's enrollment in rag-2 \(.*\)\. Full refund of €900\.$/.test(description), `the request's description, saw ${description}`);
  const allowed = (await byTestId(review, "approval-decisions").innerText()).trim();
  check(allowed === "approve, edit, reject", `the decisions the request allows, saw ${allowed}`);
  console.log(`ok: olga's panel shows ${action}, allowing ${allowed}`);

  await byTestId(review, "approve").click();
  const reply = await waitFor(
    page,
    "the operator's panel shows the decision's reply",
    async () => ((await byTestId(review, "review-reply").count()) ? (await byTestId(review, "review-reply").innerText()).trim() : ""),
    (text) => text !== "",
  );
  check(reply === "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full.", `the approval's reply, saw ${reply}`);
  check(!(await byTestId(review, "approval").count()), "the decided request leaves the operator's panel");
  console.log(`ok: olga approved; reply: ${reply}`);
}

async function studentSeesTheCancellation(page) {
  const chat = byTestId(page, "chat");
  const messages = await waitFor(
    page,
    "the student's conversation shows the cancellation",
    () => messagesOf(chat),
    (seen) => /^Done: your enrollment in rag-2 is cancelled\./.test(seen.at(-1)?.[1] ?? ""),
  );
  const expected = ["human", "ai", "human", "ai", "human", "ai", "human", "ai", "human", "ai", "human", "ai", "ai"];
  check(
    JSON.stringify(messages.map(([type]) => type)) === JSON.stringify(expected),
    `three requests each confirmed, then the operator's decision, saw ${JSON.stringify(messages)}`,
  );
  check((await chat.getAttribute("data-state")) === "idle", "the student's thread no longer waits");
  check(!(await byTestId(chat, "awaiting-approval").count()), "nothing waits for approval any more");
  console.log(`ok: ada reads ${JSON.stringify(messages.at(-1)[1])}`);
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const pageErrors = [];
  const exchanges = [];
  page.on("pageerror", (err) => pageErrors.push(err.stack ?? err.message));
  page.on("console", (msg) => msg.type() === "error" && pageErrors.push(`console: ${msg.text()}`));
  recordRequests(page, exchanges);
  await servePage(page, BASE_URL);
  try {
    await studentAsksAndConfirms(page);
    await studentCancelsAndTheRefundWaitsForStaff(page);
    await operatorApproves(page);
    await studentSeesTheCancellation(page);
    check(pageErrors.length === 0, `the page threw or logged errors:\n${pageErrors.join("\n")}`);
    console.log("usestream_e2e: all expectations held");
    return 0;
  } catch (err) {
    const shot = join(process.env.SCREENSHOT_DIR || mkdtempSync(join(tmpdir(), "school-usestream-")), "failure.png");
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    console.error(`usestream_e2e FAILED: ${err instanceof ExpectationError ? err.message : err.stack}`);
    if (pageErrors.length) console.error(`page errors:\n${pageErrors.join("\n")}`);
    console.error(`page text:\n${await page.locator("body").innerText().catch(() => "(unreadable)")}`);
    console.error(`LangGraph API requests (who, method, path, body -> status and refusal):\n${exchanges.join("\n")}`);
    console.error(`screenshot: ${shot}`);
    return 1;
  } finally {
    await browser.close();
  }
}

process.exit(await main());
