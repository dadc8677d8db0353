// The useStream page (usestream/app.jsx, bundled into dist/usestream/ by `make browser`) in headless
// Chromium against a real `school-agent serve`, run by tests/test_usestream_page.py.
//
// A student asks to enroll and sees the reply and that it waits for approval; the operator's panel
// shows the request read from the thread's state; the operator approves, and both panels show the
// enrollment done. The page is served at BASE_URL/usestream/ by this script (Playwright answers
// those requests from dist/), so it shares serve's origin and reaches /langgraph without CORS.
//
// Environment: BASE_URL (the running serve), ADA_KEY (a student's key), OLGA_KEY (an operator's),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOT_DIR (default the system's temp folder).
// Exits 0 when every expectation holds; otherwise prints which one failed, the page's text, every
// LangGraph API request the page made with its answer, and a screenshot path, and exits 1.

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const BASE_URL = need("BASE_URL");
const ADA_KEY = need("ADA_KEY");
const OLGA_KEY = need("OLGA_KEY");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const PAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "dist", "usestream");
const TIMEOUT_MS = 30_000;
const ASK = "I'd like to enroll in rag-2";
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };

function need(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`usestream_e2e: set ${name}`);
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
const texts = (locator) => locator.evaluateAll((items) => items.map((i) => i.innerText.trim()));

/** Poll `read` until `done(value)`; an error shown on the page ends the wait at once, naming it. */
async function waitFor(page, what, read, done) {
  const deadline = Date.now() + TIMEOUT_MS;
  let value;
  while (Date.now() < deadline) {
    value = await read();
    if (done(value)) return value;
    const shown = await texts(byTestId(page, "error"));
    if (shown.length) throw new ExpectationError(`${what}: the page shows an error: ${shown.join(" | ")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new ExpectationError(`${what}: not within ${TIMEOUT_MS / 1000} s; last saw ${JSON.stringify(value)}`);
}

/** Serve dist/usestream/ at BASE_URL/usestream/, so that the page and the API share an origin. */
async function servePage(page) {
  await page.route(`${BASE_URL}/usestream/**`, (route) => {
    const path = normalize(new URL(route.request().url()).pathname.replace(/^\/usestream\//, ""));
    if (path.startsWith("..")) return route.fulfill({ status: 404 });
    try {
      const body = readFileSync(join(PAGE_DIR, path));
      return route.fulfill({ status: 200, body, contentType: TYPES[path.slice(path.lastIndexOf("."))] });
    } catch {
      return route.fulfill({ status: 404, body: `${path} is not in tests/browser/dist/usestream` });
    }
  });
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

async function studentAsks(page) {
  await page.goto(`${BASE_URL}/usestream/index.html`);
  await byTestId(page, "student-key").fill(ADA_KEY);
  await byTestId(page, "operator-key").fill(OLGA_KEY);
  const chat = byTestId(page, "chat");
  await byTestId(chat, "draft").fill(ASK);
  await byTestId(chat, "send").click();

  await waitFor(page, "the student's thread stops at the approval", () => chat.getAttribute("data-state"), (s) => s === "interrupted");
  const messages = await messagesOf(chat);
  check(
    messages.length === 2 && messages[0][0] === "human" && messages[0][1] === ASK && messages[1][0] === "ai",
    `the conversation shows ada's message and the assistant's reply, saw ${JSON.stringify(messages)}`,
  );
  check(/approved/.test(messages[1][1]), `the reply says the enrollment waits for approval, saw ${messages[1][1]}`);
  const waiting = (await byTestId(chat, "awaiting-approval").innerText()).trim();
  check(/^Waiting for approval: Enroll ada in rag-2 /.test(waiting), `the student sees what waits, saw ${waiting}`);
  const threadId = (await byTestId(page, "thread-id").innerText()).trim();
  check(/^\S+$/.test(threadId), `the page names the thread it made, saw ${JSON.stringify(threadId)}`);
  console.log(`ok: ada's thread ${threadId} waits for approval; reply: ${messages[1][1]}`);
}

async function operatorApproves(page) {
  const review = byTestId(page, "review");
  await waitFor(page, "the operator's panel shows the request", () => review.getAttribute("data-state"), (s) => s === "waiting");
  const action = (await byTestId(review, "approval-action").innerText()).trim();
  check(action === 'enroll({"cohort_id":"rag-2","student_id":"ada"})', `the action and its arguments, saw ${action}`);
  const description = (await byTestId(review, "approval-description").innerText()).trim();
  check(/^Enroll ada in rag-2 \(/.test(description), `the request's description, saw ${description}`);
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
  check(/^Done: you are enrolled in rag-2/.test(reply), `the approval's reply, saw ${reply}`);
  check(!(await byTestId(review, "approval").count()), "the decided request leaves the operator's panel");
  console.log(`ok: olga approved; reply: ${reply}`);
}

async function studentSeesTheEnrollment(page) {
  const chat = byTestId(page, "chat");
  const messages = await waitFor(
    page,
    "the student's conversation shows the enrollment",
    () => messagesOf(chat),
    (seen) => /^Done: you are enrolled in rag-2/.test(seen.at(-1)?.[1] ?? ""),
  );
  check(
    JSON.stringify(messages.map(([type]) => type)) === JSON.stringify(["human", "ai", "ai"]),
    `ada's message, the proposal and the enrollment, saw ${JSON.stringify(messages)}`,
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
  await servePage(page);
  try {
    await studentAsks(page);
    await operatorApproves(page);
    await studentSeesTheEnrollment(page);
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
