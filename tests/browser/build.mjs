// Bundles JS with esbuild from the packages pinned here (node_modules, from package-lock.json):
//
//   node build.mjs page [OUTFILE]  the shipped web page: web/main.js and the LangGraph SDK into
//                                  agent/interfaces/server/static/app.js (or OUTFILE), minified.
//                                  `make page` runs it; the bundle is committed, so `make serve`
//                                  needs no node, and tests/test_web.py rebuilds it into a temporary
//                                  folder to prove the committed file is exactly what this builds.
//   node build.mjs usestream       the useStream test page (usestream/) into dist/usestream/, not
//                                  committed; `make browser` runs it.

import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const common = {
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "chrome120",
  // The sources import the SDK by name; it is installed here, not beside them.
  nodePaths: [join(here, "node_modules")],
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
};

async function page(outfile = join(root, "agent", "interfaces", "server", "static", "app.js")) {
  await build({
    ...common,
    entryPoints: [join(root, "web", "main.js")],
    outfile,
    minify: true,
    // The same bytes on every machine: no source map, no paths, the licences kept at the end.
    legalComments: "eof",
    banner: { js: "// The school assistant's page, built from web/ by `make page` (tests/browser/build.mjs). Do not edit: edit web/ and rebuild." },
  });
  console.log(`built ${relative(process.cwd(), outfile)}`);
}

async function usestream() {
  const out = join(here, "dist", "usestream");
  mkdirSync(out, { recursive: true });
  await build({
    ...common,
    entryPoints: [join(here, "usestream", "app.jsx")],
    outfile: join(out, "app.js"),
    jsx: "automatic",
    // Unminified, so that an error thrown in the page names readable functions.
    minify: false,
  });
  copyFileSync(join(here, "usestream", "index.html"), join(out, "index.html"));
  console.log(`built ${relative(process.cwd(), out)}`);
}

const [what, ...rest] = process.argv.slice(2);
const targets = { page, usestream };
if (!targets[what]) {
  console.error("usage: node build.mjs page [OUTFILE] | usestream");
  process.exit(2);
}
await targets[what](...rest);
