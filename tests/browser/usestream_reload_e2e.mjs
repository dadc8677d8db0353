// The useStream page (usestream/app.jsx, bundled into dist/usestream/ by `make browser`) reloaded while
// its run is held mid-way, in headless Chromium against a real API, run by tests/test_usestream_page.py.
//
// Ada asks to enroll; once the run is created (the SDK keeps its id in sessionStorage) the page is
// reloaded; the reloaded page must rejoin that run's stream (`reconnectOnMount`) rather than start
// another. The script then prints `rejoined <thread> <run>` and waits for a line on stdin: the test
// lets the held run go. The page must show ada's message and the assistant's reply exactly once,
// waiting for her confirmation; the script prints `final <messages as JSON>` for the test to compare
// with the thread's state. The page is served at BASE_URL/usestream/ (Playwright answers from dist/).
//
// Environment: BASE_URL (the running API), ADA_KEY (a student's key), CHROMIUM (default
// /usr/bin/chromium), SCREENSHOT_DIR (default the system's temp folder).
// Exits 0 when every expectation holds; otherwise prints which one failed, the page's text, every
// LangGraph API request the page made with its answer, and a screenshot path, and exits 1.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";
import { ExpectationError, TIMEOUT_MS, byTestId, check, servePage, waitFor } from "./page_checks.mjs";

const BASE_URL = process.env.BASE_URL;
const ADA_KEY = process.env.ADA_KEY;
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const ASK = "I'd like to enroll in rag-2";

if (!BASE_URL || !ADA_KEY) {
  console.error("usestream_reload_e2e: set BASE_URL and ADA_KEY");
  process.exit(2);
}

const messagesOf = (scope) =>
  byTestId(scope, "chat-message").evaluateAll((items) => items.map((i) => [i.dataset.type, i.innerText.trim()]));

/** Every LangGraph API request the page makes: as `METHOD path` in `sent` (the request itself in
 * `requests`), and with its answer's status in `log`. A stream aborted after its answer started (the
 * reload ends the first) is logged with its status rather than the abort. */
function recordRequests(page, sent, requests, log) {
  const line = (request) => `${request.method()} ${new URL(request.url()).pathname}`;
  const isApi = (request) => new URL(request.url()).pathname.startsWith("/langgraph/");
  const answered = new Set();
  page.on("request", (request) => {
    if (!isApi(request)) return;
    sent.push(line(request));
    requests.push(request);
  });
  page.on("response", async (response) => {
    const request = response.request();
    if (!isApi(request)) return;
    answered.add(request);
    const status = response.status();
    const refusal = status >= 400 ? ` ${await response.text().catch(() => "")}` : "";
    log.push(`${line(request)} ${request.postData() ?? ""} -> ${status}${refusal}`);
  });
  page.on("requestfailed", (request) => {
    if (isApi(request) && !answered.has(request)) log.push(`${line(request)} -> failed: ${request.failure()?.errorText}`);
  });
}

/** The next line the test writes on stdin (it lets the held run go), within the timeout. */
function nextLine() {
  const lines = createInterface({ input: process.stdin });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ExpectationError("the test did not let the run go")), TIMEOUT_MS);
    lines.once("line", (text) => {
      clearTimeout(timer);
      lines.close();
      resolve(text);
    });
  });
}

async function reloadMidRun(page, sent, requests) {
  await page.goto(`${BASE_URL}/usestream/index.html?studentKey=${encodeURIComponent(ADA_KEY)}`);
  const chat = byTestId(page, "chat");
  await byTestId(chat, "draft").fill(ASK);
  await byTestId(chat, "send").click();
  const [threadId, runId] = await waitFor(
    page,
    "the run is created and its id kept for a reload",
    () => page.evaluate(() => {
      const thread = sessionStorage.getItem("school:thread");
      return [thread, thread && sessionStorage.getItem(`lg:stream:${thread}`)];
    }),
    ([thread, run]) => !!thread && !!run,
  );
  check((await chat.getAttribute("data-state")) === "running", "the run is still running (held) before the reload");
  console.log(`ok: ada's run ${runId} on thread ${threadId} is held; reloading`);

  sent.length = 0;
  await page.reload();
  const rejoin = `GET /langgraph/threads/${threadId}/runs/${runId}/stream`;
  await waitFor(page, "the reloaded page rejoins the run's stream", async () => sent.includes(rejoin), Boolean);
  const joined = requests.find((request) => `GET ${new URL(request.url()).pathname}` === rejoin);
  console.log(`ok: the reloaded page asks ${joined.url().slice(BASE_URL.length)} with Last-Event-ID ${joined.headers()["last-event-id"]}`);
  const shown = (await byTestId(page, "thread-id").innerText()).trim();
  check(shown === threadId, `the reloaded page shows ada's thread, saw ${JSON.stringify(shown)}`);
  check((await byTestId(page, "chat").getAttribute("data-state")) === "running", "the reloaded page shows the run going on");
  return [threadId, runId, rejoin];
}

async function theRunEndsOnce(page, sent, rejoin) {
  const chat = byTestId(page, "chat");
  await waitFor(page, "the rejoined run ends waiting for ada's yes", () => chat.getAttribute("data-state"), (s) => s === "interrupted");
  await new Promise((resolve) => setTimeout(resolve, 1000)); // nothing more arrives after the end
  const messages = await messagesOf(chat);
  check(
    messages.length === 2 && messages[0][0] === "human" && messages[0][1] === ASK && messages[1][0] === "ai",
    `ada's message and the assistant's reply, each once, saw ${JSON.stringify(messages)}`,
  );
  check(/Reply 'yes' to confirm or 'no' to drop it\.$/.test(messages[1][1]), `the reply asks ada to confirm, saw ${messages[1][1]}`);
  const waiting = (await byTestId(chat, "awaiting-approval").innerText()).trim();
  check(/^Waiting for your confirmation \(yes or no\): Enroll ada in rag-2 /.test(waiting), `the page shows what waits, saw ${waiting}`);
  const runsStarted = sent.filter((line) => /^POST .*\/runs(\/stream)?$/.test(line));
  check(runsStarted.length === 0, `the reloaded page started no run of its own, saw ${JSON.stringify(runsStarted)}`);
  check(sent.filter((line) => line === rejoin).length === 1, `the reloaded page joined the run once, saw ${JSON.stringify(sent)}`);
  const kept = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("lg:stream:")));
  check(kept.length === 0, `the ended run is no longer kept for a rejoin, saw ${JSON.stringify(kept)}`);
  return messages;
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const pageErrors = [];
  const sent = [];
  const requests = [];
  const log = [];
  page.on("pageerror", (err) => pageErrors.push(err.stack ?? err.message));
  page.on("console", (msg) => msg.type() === "error" && pageErrors.push(`console: ${msg.text()}`));
  recordRequests(page, sent, requests, log);
  await servePage(page, BASE_URL);
  try {
    const [threadId, runId, rejoin] = await reloadMidRun(page, sent, requests);
    console.log(`rejoined ${threadId} ${runId}`);
    await nextLine();
    const messages = await theRunEndsOnce(page, sent, rejoin);
    check(pageErrors.length === 0, `the page threw or logged errors:\n${pageErrors.join("\n")}`);
    console.log(`final ${JSON.stringify(messages)}`);
    console.log("usestream_reload_e2e: all expectations held");
    return 0;
  } catch (err) {
    const shot = join(process.env.SCREENSHOT_DIR || mkdtempSync(join(tmpdir(), "school-usestream-")), "failure.png");
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    console.error(`usestream_reload_e2e FAILED: ${err instanceof ExpectationError ? err.message : err.stack}`);
    if (pageErrors.length) console.error(`page errors:\n${pageErrors.join("\n")}`);
    console.error(`page text:\n${await page.locator("body").innerText().catch(() => "(unreadable)")}`);
    console.error(`LangGraph API requests (method, path, body -> status and refusal):\n${log.join("\n")}`);
    console.error(`screenshot: ${shot}`);
    return 1;
  } finally {
    await browser.close();
  }
}

process.exit(await main());
