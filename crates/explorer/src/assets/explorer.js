// The explorer's page: calls the server's JSON API as you type and shows the answers.
// Plain JavaScript, no framework; every text from the input is set with textContent.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) {
    if (child != null) node.append(child);
  }
  return node;
}

// One round of requests per view at a time: a newer one cancels the older. Each call is
// [path, params]; the answers come back in order, or the first error is thrown.
const pending = {};
async function api(view, ...calls) {
  if (pending[view]) pending[view].abort();
  const controller = new AbortController();
  pending[view] = controller;
  const post = async ([path, params]) => {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(params),
      signal: controller.signal,
    });
    const json = await response.json();
    if (!response.ok) {
      const error = new Error(json.error ? json.error.message : "HTTP " + response.status);
      error.api = json.error;
      throw error;
    }
    return json;
  };
  return Promise.all(calls.map(post));
}

function debounce(fn, ms) {
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}

function verdict(id, text, kind) {
  const node = $(id);
  node.textContent = text;
  node.className = "verdict " + (kind || "");
}

// The input drawn one character a span, so that spans (in characters) can be lit.
function drawShown(container, input) {
  container.replaceChildren();
  const chars = Array.from(input);
  chars.forEach((ch, i) => container.append(el("span", { "data-i": String(i), text: ch })));
  // One more cell after the last character: where "end of URL" is expected.
  container.append(el("span", { class: "end", "data-i": String(chars.length), text: " " }));
  return container.children;
}

function light(cells, start, end, cls) {
  for (const cell of cells) {
    const i = Number(cell.getAttribute("data-i"));
    cell.classList.toggle(cls, i >= start && i < end);
  }
}

// ---- Tabs: a tablist, arrows move between tabs, Home/End the ends.
const tabs = Array.from(document.querySelectorAll("[role=tab]"));
function selectTab(tab, focus) {
  for (const other of tabs) {
    const selected = other === tab;
    other.setAttribute("aria-selected", String(selected));
    other.tabIndex = selected ? 0 : -1;
    $(other.getAttribute("aria-controls")).hidden = !selected;
  }
  if (focus) tab.focus();
  writeHash();
}

// ---- The state in the address: "#parse?input=...&dialect=...&form=...", so that a view
// can be bookmarked and shared. Each field's name is its id without the view's prefix.
function viewFields(name) {
  return Array.from(document.querySelectorAll(`[id^="${name}-"]`))
    .filter((field) => ["INPUT", "SELECT", "TEXTAREA"].includes(field.tagName));
}
function selectedView() {
  const tab = tabs.find((candidate) => candidate.getAttribute("aria-selected") === "true");
  return tab ? tab.id.replace("tab-", "") : "parse";
}
function writeHash() {
  const name = selectedView();
  const params = new URLSearchParams();
  for (const field of viewFields(name)) params.set(field.id.slice(name.length + 1), field.value);
  history.replaceState(null, "", "#" + name + "?" + params.toString());
}
// Reads the address's view and fields (before the first update draws them).
function readHash() {
  const [name, query] = location.hash.slice(1).split(/\?(.*)/s);
  const tab = tabs.find((candidate) => candidate.id === "tab-" + name);
  if (!tab) return;
  const params = new URLSearchParams(query || "");
  for (const field of viewFields(name)) {
    const value = params.get(field.id.slice(name.length + 1));
    if (value === null) continue;
    if (field.tagName === "SELECT" && !Array.from(field.options).some((o) => o.value === value)) continue;
    field.value = value;
  }
  selectTab(tab, false);
}
tabs.forEach((tab, i) => {
  tab.addEventListener("click", () => selectTab(tab, true));
  tab.addEventListener("keydown", (event) => {
    const moves = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      selectTab(tabs[(moves[event.key] + tabs.length) % tabs.length], true);
    }
  });
});

// ---- Diagrams: fetched from the server, drawn inline so that boxes can be marked.
const svgCache = new Map();
let diagramShown = 0;
async function showDiagram(url, rule, marked, note, stopped) {
  // Only the latest call draws: an older one whose diagram came late is dropped.
  const call = ++diagramShown;
  const box = $("diagram");
  let text = "";
  if (url) {
    text = svgCache.get(url);
    if (text === undefined) {
      const response = await fetch(url);
      text = response.ok ? await response.text() : "";
      svgCache.set(url, text);
    }
  }
  if (call !== diagramShown) return;
  $("diagram-title").textContent = rule ? "Diagram of " + rule : "Diagram";
  $("diagram-note").textContent = note || "";
  if (!text) {
    box.replaceChildren(el("p", { class: "hint", text: "No diagram of this rule." }));
    return;
  }
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = document.importNode(doc.documentElement, true);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "railroad diagram of " + rule);
  svg.dataset.rule = rule || "";
  // The whole diagram in the column's width (its viewBox scaled), unless the reader asks
  // for its own size: a wide production is no longer cut after its first boxes.
  svg.classList.add("fit");
  const wanted = new Set(marked || []);
  const folder = url.slice(0, url.lastIndexOf("/") + 1);
  for (const group of svg.querySelectorAll("g.nonterminal, g.terminal")) {
    const name = group.textContent.trim();
    if (wanted.has(name)) group.classList.add("marked");
    if (!group.classList.contains("nonterminal")) continue;
    if (name === stopped) group.classList.add("stopped");
    // A rule's box leads to the rule's own diagram.
    const target = folder + name + ".svg";
    group.classList.add("link");
    group.setAttribute("tabindex", "0");
    group.setAttribute("role", "link");
    group.setAttribute("aria-label", "diagram of " + name);
    const open = () => showDiagram(target, name, [], "Reached from " + rule + ".");
    group.addEventListener("click", open);
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); open(); }
    });
  }
  const size = el("button", { type: "button", class: "size", text: "actual size" });
  size.addEventListener("click", () => {
    const fit = svg.classList.toggle("fit");
    size.textContent = fit ? "actual size" : "fit to width";
  });
  box.replaceChildren(svg, el("p", {}, size, " ",
    el("a", { href: url, target: "_blank", text: "open " + url.replace("/diagrams/", "") })));
}

function ruleButton(name, url) {
  if (!url) return el("span", { class: "rule-name", text: name });
  const button = el("button", { type: "button", class: "rule", text: name, title: "show the diagram of " + name });
  button.addEventListener("click", () => showDiagram(url, name, [], ""));
  return button;
}

// ---- Parse.
const parseCells = { cells: [] };
function parseParams() {
  return { input: $("parse-input").value, dialect: $("parse-dialect").value, form: $("parse-form").value };
}

function drawTree(node, cells) {
  const span = el("span", { class: "span", text: `${node.char_start}..${node.char_end}` });
  const row = el("span", { class: "node", tabIndex: 0, "data-rule": node.rule },
    ruleButton(node.rule, node.diagram), span, el("span", { class: "text", text: JSON.stringify(node.text) }));
  const on = () => light(cells, node.char_start, node.char_end, "lit");
  const off = () => light(cells, 0, 0, "lit");
  row.addEventListener("mouseenter", on);
  row.addEventListener("focusin", on);
  row.addEventListener("mouseleave", off);
  row.addEventListener("focusout", off);
  const item = el("li", {}, row);
  if (node.children.length) {
    item.append(el("ul", {}, ...node.children.map((child) => drawTree(child, cells))));
  }
  return item;
}

function drawFields(report) {
  const body = $("parse-fields").tBodies[0];
  body.replaceChildren();
  for (const [key, value] of Object.entries(report)) {
    if (key === "error") continue;
    const cell = value === null
      ? el("td", { class: "null", text: "none" })
      : el("td", { text: typeof value === "string" ? value : JSON.stringify(value) });
    body.append(el("tr", { "data-field": key }, el("th", { text: key }), cell));
  }
}

// What each merge of the surt key means (the book, "Archive keys").
const MERGES = {
  scheme: "the scheme (gopher://h/1 and http://h/1 share a key)",
  login: "the login (telnet://a@h and telnet://b@h share a key)",
  case: "the case of the path, selector or search",
  escape: "an escaped delimiter (%2F against /)",
  order: "the order of &-separated words after ?",
  "trailing-slash": "a final /",
  segments: "empty, . and .. segments",
  www: "a leading www label",
};

function drawKeys(keys) {
  const body = $("parse-keys").tBodies[0];
  body.replaceChildren();
  const row = (name, value, title) => {
    const cell = value === null
      ? el("td", { class: "null", text: title || "none" })
      : el("td", { text: value });
    body.append(el("tr", { "data-key": name }, el("th", { text: name }), cell));
  };
  row("rfc1738", keys.key === undefined ? null : keys.key, keys.error && "none: " + keys.error.message);
  row("surt", keys.surt, "none: surt raises on it");
  if (keys.merges) {
    row("surt merges", keys.merges.length ? keys.merges.map((m) => MERGES[m] || m).join("; ") : "nothing");
  }
}

async function updateParse() {
  const params = parseParams();
  let report, explained, keys;
  try {
    [report, explained, keys] = await api("parse", ["/api/parse", params], ["/api/tree", params],
      ["/api/key", { input: params.input }]);
  } catch (error) {
    if (error.name === "AbortError") return;
    verdict("parse-verdict", error.message, "bad");
    return;
  }
  const cells = drawShown($("parse-shown"), params.input);
  drawFields(report);
  drawKeys(keys);
  const tree = $("parse-tree");
  tree.replaceChildren();
  $("parse-error").hidden = report.valid;
  if (report.valid) {
    verdict("parse-verdict", `valid ${report.kind} URL by ${report.dialect}`, "ok");
    tree.append(drawTree(explained.tree, cells));
    const production = explained.form === "url" ? explained.tree : findProduction(explained.tree);
    showDiagram(production.diagram, production.rule, [], "The production the URL was read by.");
    return;
  }
  const error = explained.error;
  verdict("parse-verdict", `invalid: ${error.message}`, "bad");
  light(cells, error.char_offset, error.char_offset + 1, "caret");
  $("parse-rendered").textContent = error.rendered;
  const expected = $("parse-expected");
  expected.replaceChildren();
  error.expected.forEach((item, i) => {
    if (i) expected.append(", ");
    expected.append(ruleButton(item.name, item.diagram));
  });
  if (!error.expected.length) expected.append("nothing more");
  const read = explained.read_before_error;
  if (read) {
    // What the grammar reads of the input before its error, read alone.
    tree.append(el("li", { class: "hint", id: "parse-read-before",
      text: `Read before the error (characters 0..${read.char_end}), as the grammar reads that text alone:` }));
    tree.append(drawTree(read, cells));
  } else {
    tree.append(el("li", { class: "hint", text: "No tree: nothing before the error reads as a URL." }));
  }
  if (error.diagram) {
    const notes = {
      expected: "Marked: what was expected at the error, as drawn in " + error.diagram.rule + ".",
      "leads-to-expected": "Marked: the rules of " + error.diagram.rule + " that lead to what was expected at the error.",
      none: "The production being read at the error (what was expected is not drawn in it).",
    };
    const stopped = error.diagram.stopped_in;
    const note = notes[error.diagram.marks] +
      (stopped ? " Outlined: " + stopped + ", whose reading the error stopped." : "");
    showDiagram(error.diagram.url, error.diagram.rule, error.diagram.marked, note, stopped);
  } else {
    showDiagram(null, null, [], "Not even a scheme was found.");
  }
}

// The production read by a reference: the first child of the root (of "prefixedurl"
// when prefixed).
function findProduction(root) {
  const first = root.children[0] || root;
  return first.rule === "prefixedurl" ? first.children[0] : first;
}

// ---- Resolve: every mode side by side (ResolveMode::ALL: the four of 1993-1995, then
// RFC 2396, RFC 3986 and WHATWG; a mode the server was built without answers an error).
function commonEnds(results) {
  if (results.length < 2) return [0, 0];
  let prefix = 0;
  const first = results[0];
  while (prefix < first.length && results.every((r) => r[prefix] === first[prefix])) prefix++;
  let suffix = 0;
  while (suffix < first.length - prefix &&
    results.every((r) => suffix < r.length - prefix && r[r.length - 1 - suffix] === first[first.length - 1 - suffix])) suffix++;
  return [prefix, suffix];
}

async function updateResolve() {
  let answer;
  try {
    [answer] = await api("resolve", ["/api/resolve", { context: $("resolve-context").value, partial: $("resolve-partial").value }]);
  } catch (error) {
    if (error.name === "AbortError") return;
    verdict("resolve-verdict", error.message, "bad");
    $("resolve-table").tBodies[0].replaceChildren();
    return;
  }
  const results = answer.modes.map((m) => m.resolution.result).filter((r) => typeof r === "string");
  const distinct = new Set(answer.modes.map((m) => m.resolution.result === undefined ? "error:" + m.resolution.error.code : m.resolution.result));
  const [prefix, suffix] = commonEnds(results.map((r) => Array.from(r)));
  const body = $("resolve-table").tBodies[0];
  body.replaceChildren();
  const firstResult = answer.modes[0].resolution.result;
  for (const { resolution, rfc1738 } of answer.modes) {
    const cell = el("td", { class: "result" });
    if (typeof resolution.result === "string") {
      const chars = Array.from(resolution.result);
      const middle = chars.slice(prefix, chars.length - suffix).join("");
      cell.append(chars.slice(0, prefix).join(""));
      if (distinct.size > 1 && middle) cell.append(el("mark", { text: middle }));
      else cell.append(middle);
      cell.append(chars.slice(chars.length - suffix).join(""));
    } else {
      cell.append(el("span", { class: "invalid", text: `no result: ${resolution.error.message}` }));
    }
    const judged = rfc1738 === null
      ? el("td", { class: "null", text: "nothing to judge" })
      : rfc1738.valid
        ? el("td", { class: "valid", text: `valid ${rfc1738.kind}` })
        : el("td", { class: "invalid", text: `invalid: ${rfc1738.error.message}` });
    const differs = resolution.result !== firstResult;
    body.append(el("tr", { class: differs ? "differs" : "", "data-mode": resolution.mode }, el("th", { text: resolution.mode }), cell, judged));
  }
  if (distinct.size === 1) verdict("resolve-verdict", "Every mode agrees.", "ok");
  else verdict("resolve-verdict", `The modes give ${distinct.size} different answers.`, "warn");
}

// ---- Lint.
async function updateLint() {
  const input = $("lint-input").value;
  let report;
  try {
    [report] = await api("lint", ["/api/lint", { input, dialect: $("lint-dialect").value }]);
  } catch (error) {
    if (error.name === "AbortError") return;
    verdict("lint-verdict", error.message, "bad");
    return;
  }
  const cells = drawShown($("lint-shown"), input);
  const list = $("lint-warnings");
  list.replaceChildren();
  for (const warning of report.warnings) {
    const item = el("li", { tabIndex: 0, "data-kind": warning.kind },
      el("span", { class: "severity " + warning.severity, text: warning.severity }), " ",
      el("code", { text: warning.kind }), ` in ${warning.component} (${warning.char_start}..${warning.char_end}): `,
      warning.message);
    const on = () => light(cells, warning.char_start, warning.char_end, "lit");
    item.addEventListener("mouseenter", on);
    item.addEventListener("focus", on);
    list.append(item);
  }
  for (const warning of report.warnings) {
    for (const cell of cells) {
      const i = Number(cell.getAttribute("data-i"));
      if (i >= warning.char_start && i < warning.char_end) cell.classList.add("warned");
    }
  }
  const count = report.warnings.length;
  const said = count === 0 ? "no warning" : count === 1 ? "1 warning" : `${count} warnings`;
  if (!report.valid) verdict("lint-verdict", `invalid: ${report.error.message}; ${said}`, "bad");
  else verdict("lint-verdict", `valid ${report.kind} URL, ${said}`, count ? "warn" : "ok");
}

// ---- Extract.
async function updateExtract() {
  let answer;
  try {
    [answer] = await api("extract", ["/api/extract", { text: $("extract-text").value, dialect: $("extract-dialect").value }]);
  } catch (error) {
    if (error.name === "AbortError") return;
    verdict("extract-verdict", error.message, "bad");
    return;
  }
  const body = $("extract-table").tBodies[0];
  body.replaceChildren();
  for (const found of answer.urls) {
    const judged = found.valid
      ? el("td", { class: "valid", text: `valid ${found.kind}` })
      : el("td", { class: "invalid", text: `invalid: ${found.error ? found.error.message : ""}` });
    body.append(el("tr", {}, el("td", { text: `${found.line}:${found.char_column}` }),
      el("td", { text: found.wrapper }), el("td", { text: found.url }), judged));
    // A URL broken at a hyphen at a line's end has a second reading, without the hyphen
    // (RFC 1738's appendix: the hyphen may be the URL's or the line break's).
    if (found.alternative !== undefined && found.alternative !== null) {
      const second = found.alternative_valid ? "valid" : "invalid";
      body.append(el("tr", { class: "alternative" }, el("td", { text: "" }),
        el("td", { text: "or, without the hyphen" }), el("td", { text: found.alternative }),
        el("td", { class: found.alternative_valid ? "valid" : "invalid", text: second })));
    }
  }
  const valid = answer.urls.filter((found) => found.valid).length;
  verdict("extract-verdict", `${answer.urls.length} URLs found: ${valid} valid, ${answer.urls.length - valid} invalid`,
    valid === answer.urls.length ? "ok" : "warn");
}

// ---- Then and now: each standard's verdict in its year, and the link in every mode,
// the rows that differ from the CERN library's marked as the Resolve view marks them.
async function updateTimeline() {
  let report;
  const params = { input: $("timeline-input").value };
  if ($("timeline-base").value) params.base = $("timeline-base").value;
  try {
    [report] = await api("timeline", ["/api/timeline", params]);
  } catch (error) {
    if (error.name === "AbortError") return;
    verdict("timeline-verdict", error.message, "bad");
    $("timeline-verdicts").tBodies[0].replaceChildren();
    $("timeline-resolutions").tBodies[0].replaceChildren();
    return;
  }
  const verdicts = $("timeline-verdicts").tBodies[0];
  verdicts.replaceChildren();
  for (const v of report.verdicts) {
    const said = v.valid === null
      ? el("td", { class: "null", text: "not built in this server" })
      : v.valid
        ? el("td", { class: "valid", text: "valid" })
        : el("td", { class: "invalid", text: v.error.offset === null ? `invalid: ${v.error.message}` : `invalid at ${v.error.offset}: ${v.error.message}` });
    verdicts.append(el("tr", { "data-standard": v.standard }, el("td", { class: "date", text: v.date }), el("th", { text: v.title }), said));
  }
  const valid = report.verdicts.filter((v) => v.valid).map((v) => v.title);
  verdict("timeline-verdict", valid.length ? `Valid by ${valid.join(", ")}.` : "Valid by no standard.", valid.length ? "ok" : "bad");
  const rows = $("timeline-resolutions").tBodies[0];
  rows.replaceChildren();
  const resolutions = report.resolutions || [];
  const results = resolutions.map((r) => r.result).filter((r) => typeof r === "string");
  const [prefix, suffix] = commonEnds(results.map((r) => Array.from(r)));
  const then = (resolutions.find((r) => r.mode === "cern") || {}).result;
  for (const r of resolutions) {
    const cell = el("td", { class: "result" });
    if (typeof r.result === "string") {
      const chars = Array.from(r.result);
      const middle = chars.slice(prefix, chars.length - suffix).join("");
      cell.append(chars.slice(0, prefix).join(""));
      if (new Set(results).size > 1 && middle) cell.append(el("mark", { text: middle }));
      else cell.append(middle);
      cell.append(chars.slice(chars.length - suffix).join(""));
    } else {
      cell.append(el("span", { class: "invalid", text: `no result: ${r.error.message}` }));
    }
    const differs = r.result !== then;
    rows.append(el("tr", { class: differs ? "differs" : "", "data-mode": r.mode }, el("th", { text: r.mode }), cell));
  }
}

// ---- Wiring: every field updates its view as you type.
const views = [
  [["parse-input", "parse-dialect", "parse-form"], updateParse],
  [["resolve-context", "resolve-partial"], updateResolve],
  [["lint-input", "lint-dialect"], updateLint],
  [["extract-text", "extract-dialect"], updateExtract],
  [["timeline-input", "timeline-base"], updateTimeline],
];
readHash();
for (const [ids, draw] of views) {
  // Each change is written into the address too.
  const update = () => { writeHash(); return draw(); };
  const later = debounce(update, 120);
  for (const id of ids) {
    const field = $(id);
    // Typing (debounced); a choice at once. Leaving a text field changes nothing, so its
    // "change" is not listened to: redrawing then would take away what got the focus.
    field.addEventListener("input", field.tagName === "SELECT" ? update : later);
    if (field.tagName === "INPUT") {
      field.addEventListener("keydown", (event) => {
        if (event.key === "Enter") update();
      });
    }
  }
  draw();
}
writeHash();
// An address changed by hand (or a link followed) redraws its view.
window.addEventListener("hashchange", () => {
  readHash();
  for (const [, draw] of views) draw();
});
