// What the useStream page's browser scripts share: expectations, waiting on the page, and serving
// dist/usestream/ at BASE_URL/usestream/ so that the page and the API share an origin.

import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

export const TIMEOUT_MS = 30_000;
const PAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "dist", "usestream");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };

/** A failed expectation: what was expected, and what the page showed instead. */
export class ExpectationError extends Error {}

export function check(condition, message) {
  if (!condition) throw new ExpectationError(message);
}

export const byTestId = (scope, id) => scope.locator(`[data-testid="${id}"]`);
export const texts = (locator) => locator.evaluateAll((items) => items.map((i) => i.innerText.trim()));

/** Poll `read` until `done(value)`; an error shown on the page ends the wait at once, naming it. */
export async function waitFor(page, what, read, done) {
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

/** Serve dist/usestream/ at `baseUrl`/usestream/ (Playwright answers those requests from the folder). */
export async function servePage(page, baseUrl) {
  await page.route(`${baseUrl}/usestream/**`, (route) => {
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
