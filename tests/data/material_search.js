// Runs mkdocs-material's search worker (the built site's own copy) under Node on its
// search_index.json: node material_search.js SITE QUERY... prints each query's first 5 locations.
// Written for tests/test_docs_search.py; no third-party code.
const fs = require("fs");
const [site, ...queries] = process.argv.slice(2);
const dir = site + "/assets/javascripts/workers/";
const worker = fs.readdirSync(dir).find(f => f.endsWith(".min.js"));
let handler = null;
const out = [];
globalThis.self = globalThis;
globalThis.addEventListener = (type, fn) => { if (type === "message") handler = fn; };
globalThis.postMessage = (msg) => out.push(msg);
globalThis.importScripts = () => {};
eval(fs.readFileSync(dir + worker, "utf8"));
const index = JSON.parse(fs.readFileSync(site + "/search/search_index.json", "utf8"));
index.options = index.options || { suggest: false };
(async () => {
  await handler({ data: { type: 0, data: index } });
  const results = {};
  for (const q of queries) {
    out.length = 0;
    await handler({ data: { type: 2, data: q } });
    const msg = out.find(m => m.type === 3);
    results[q] = msg ? msg.data.items.slice(0, 5).map(group => group[0].location) : null;
  }
  console.log(JSON.stringify(results, null, 1));
})();
