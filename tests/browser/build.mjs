// Bundles the useStream page (usestream/) into dist/usestream/ with esbuild; `make browser` runs it.
// dist/ is git-ignored: the bundle is built from the pinned node modules, never committed.

import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "dist", "usestream");

mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(here, "usestream", "app.jsx")],
  outfile: join(out, "app.js"),
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "chrome120",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  // Unminified, so that an error thrown in the page names readable functions.
  minify: false,
  logLevel: "warning",
});
copyFileSync(join(here, "usestream", "index.html"), join(out, "index.html"));
console.log(`built ${join("tests", "browser", "dist", "usestream")}`);
