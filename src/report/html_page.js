// html_page.js: the script of the page `fix run --html` writes.  It reads the run's data (the
// JSON objects of --json and --trace --json, in the element #fix-data) and draws one section
// per query: the lattice view (Hasse diagram, plane of two numbers, or a table of atoms) with a
// step slider, and for bnb the tree, whose nodes show their interval in that view when clicked.
// No library, nothing fetched: the page works from a file with no network.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const data = JSON.parse(document.getElementById("fix-data").textContent);

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  for (const c of kids) e.append(c);
  return e;
}

function svg(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  return e;
}

// ---- elements and intervals as text ----

function elemText(lat, x) {
  if (Array.isArray(x)) {
    const inner = x.map((v) => elemText(null, v)).join(", ");
    return lat && lat.kind === "powerset" ? "{" + inner + "}" : "(" + inner + ")";
  }
  if (typeof x === "number") return String(+x.toPrecision(6));
  if (x !== null && typeof x === "object") {
    return "{" + Object.keys(x).map((k) => k + ": " + elemText(null, x[k])).join(", ") + "}";
  }
  return String(x);
}

function boundText(lat, b) {
  return "[" + elemText(lat, b.lo) + " .. " + elemText(lat, b.hi) + "]";
}

const key = (x) => JSON.stringify(x);

// What is known of a bnb box, in the words of fix's text output (src/report/text.c): the node
// statuses and result lists of the JSON (docs/json.md) name it.  "fixpoint" with a point: f
// fixes that element exactly; "unique": the box is proved to hold exactly one fixed point;
// "enclosure": the box is proved to hold at least one;
// "within_tolerance": f moves its points by at most the tolerance, not proved.
function verdictText(lat, status, bound, point) {
  if (status === "fixpoint") return "fixed point" + (point !== undefined ? " " + elemText(lat, point) : "");
  if (status === "unique") return "exactly one fixed point in " + boundText(lat, bound);
  if (status === "enclosure") return "at least one fixed point in " + boundText(lat, bound);
  if (status === "within_tolerance")
    return "within tolerance " + boundText(lat, bound) + "  (f moves it by at most the tolerance; not proved to hold a fixed point)";
  return status;
}
const verdictStatuses = ["fixpoint", "unique", "enclosure", "within_tolerance"];

// ---- views: show(bounds, points) draws intervals and marks fixed points ----

function hasseView(lat) {
  const h = lat.hasse, n = h.elems.length;
  const index = new Map(h.elems.map((x, i) => [key(x), i]));
  const leq = [];
  for (let i = 0; i < n; i++) { leq.push(new Array(n).fill(false)); leq[i][i] = true; }
  for (const [a, b] of h.covers) leq[a][b] = true;
  for (let k = 0; k < n; k++)
    for (let i = 0; i < n; i++)
      if (leq[i][k]) for (let j = 0; j < n; j++) if (leq[k][j]) leq[i][j] = true;
  const rank = new Array(n).fill(0);
  for (let pass = 0; pass < n; pass++)     // rank: the longest chain of covers below
    for (const [a, b] of h.covers) if (rank[b] < rank[a] + 1) rank[b] = rank[a] + 1;
  const rows = [];
  rank.forEach((r, i) => { (rows[r] = rows[r] || []).push(i); });
  const width = Math.max(260, 90 * Math.max(...rows.map((r) => r.length)));
  const height = 70 * rows.length + 10;
  const pos = [];
  rows.forEach((row, r) => row.forEach((i, k) => {
    pos[i] = [width * (k + 1) / (row.length + 1), height - 40 - 70 * r];
  }));
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "hasse" });
  for (const [a, b] of h.covers)
    root.append(svg("line", { x1: pos[a][0], y1: pos[a][1], x2: pos[b][0], y2: pos[b][1] }));
  const nodes = h.elems.map((x, i) => {
    const g = svg("g", { class: "elem", "data-elem": i });
    g.append(svg("circle", { cx: pos[i][0], cy: pos[i][1], r: 14 }));
    const t = svg("text", { x: pos[i][0], y: pos[i][1] + 28 });
    t.textContent = elemText(lat, x);
    g.append(t);
    root.append(g);
    return g;
  });
  const caption = el("p", { class: "caption" },
                     "shaded: the interval [lower, upper]; dark ring: its two ends; green ring: a fixed point");
  return {
    node: el("div", {}, root, caption),
    show(bounds, points) {
      const marked = new Set((points || []).map((p) => index.get(key(p))));
      nodes.forEach((g, i) => {
        let inside = false, end = false;
        for (const b of bounds) {
          const lo = index.get(key(b.lo)), hi = index.get(key(b.hi));
          if (lo === undefined || hi === undefined) continue;
          if (leq[lo][i] && leq[i][hi]) inside = true;
          if (i === lo || i === hi) end = true;
        }
        g.classList.toggle("in", inside);
        g.classList.toggle("end", end);
        g.classList.toggle("fixed", marked.has(i));
      });
    },
  };
}

function planeView(lat) {
  const [[x0, x1], [y0, y1]] = lat.plane, size = 360, pad = 36;
  const sx = (x) => pad + (x - x0) / (x1 - x0 || 1) * size;
  const sy = (y) => pad + size - (y - y0) / (y1 - y0 || 1) * size;
  const root = svg("svg", { viewBox: `0 0 ${size + 2 * pad} ${size + 2 * pad}`,
                            width: size + 2 * pad, height: size + 2 * pad, class: "plane" });
  root.append(svg("rect", { x: pad, y: pad, width: size, height: size, class: "frame" }));
  for (const [v, anchor, x, y] of [[x0, "middle", sx(x0), sy(y0) + 16], [x1, "middle", sx(x1), sy(y0) + 16],
                                   [y0, "end", sx(x0) - 4, sy(y0)], [y1, "end", sx(x0) - 4, sy(y1) + 4]]) {
    const t = svg("text", { x, y, "text-anchor": anchor });
    t.textContent = String(v);
    root.append(t);
  }
  const layer = svg("g");
  root.append(layer);
  return {
    node: root,
    show(bounds, points, trail) {
      layer.replaceChildren();
      for (const b of trail || [])
        layer.append(svg("rect", { class: "trail", x: sx(b.lo[0]), y: sy(b.hi[1]),
          width: Math.max(1, sx(b.hi[0]) - sx(b.lo[0])), height: Math.max(1, sy(b.lo[1]) - sy(b.hi[1])) }));
      for (const b of bounds)
        layer.append(svg("rect", { class: "box", x: sx(b.lo[0]), y: sy(b.hi[1]),
          width: Math.max(2, sx(b.hi[0]) - sx(b.lo[0])), height: Math.max(2, sy(b.lo[1]) - sy(b.hi[1])) }));
      for (const p of points || [])
        layer.append(svg("circle", { class: "fixed", cx: sx(p[0]), cy: sy(p[1]), r: 4 }));
    },
  };
}

const ATOMS_SHOWN = 200, ROWS_SHOWN = 40;

function atomsView(lat) {
  const atoms = lat.atoms.slice(0, ATOMS_SHOWN);
  const table = el("table", { class: "atoms" });
  const box = el("div", { class: "atoms-box" }, table);
  if (lat.atoms.length > ATOMS_SHOWN)
    box.append(el("p", {}, `(the first ${ATOMS_SHOWN} of ${lat.atoms.length} atoms)`));
  return {
    node: box,
    show(bounds, points, trail, labels) {
      table.replaceChildren(el("tr", {}, el("th", {}, ""), ...atoms.map((a) => el("th", {}, a))));
      let rows = (trail || []).concat(bounds), first = 0;
      if (rows.length > ROWS_SHOWN) {        // the last rows: the current step and a few before
        first = rows.length - ROWS_SHOWN;
        rows = rows.slice(first);
        table.append(el("tr", {}, el("th", { colspan: atoms.length + 1 }, `(${first} earlier rows not shown)`)));
      }
      rows.forEach((b, r) => {
        const lo = new Set(b.lo), hi = new Set(b.hi);
        const tr = el("tr", { class: r === rows.length - 1 ? "current" : "" },
                      el("th", {}, labels ? labels[first + r] : ""));
        for (const a of atoms) {
          const c = lo.has(a) ? "yes" : hi.has(a) ? "maybe" : "no";
          tr.append(el("td", { class: c, title: a + ": " + { yes: "certainly in", maybe: "undecided", no: "out" }[c] },
                       c === "yes" ? "in" : c === "maybe" ? "?" : "out"));
        }
        table.append(tr);
      });
    },
  };
}

function textView(lat) {
  const p = el("p", { class: "bound-text" });
  return { node: p, show(bounds) { p.textContent = bounds.map((b) => boundText(lat, b)).join("  "); } };
}

function makeView(lat) {
  if (!lat) return null;
  if (lat.hasse) return hasseView(lat);
  if (lat.plane) return planeView(lat);
  if (lat.atoms) return atomsView(lat);
  return textView(lat);
}

// ---- a step slider with a play button ----

function slider(count, labels, onMove) {
  const range = el("input", { type: "range", min: 0, max: count - 1, value: count - 1,
                              class: "steps", "data-positions": count });
  const play = el("button", { type: "button", class: "play" }, "play");
  const label = el("span", { class: "step-label" });
  let timer = null;
  const move = (k) => { range.value = k; label.textContent = labels[k]; onMove(k); };
  range.addEventListener("input", () => move(+range.value));
  play.addEventListener("click", () => {
    if (timer) { clearInterval(timer); timer = null; play.textContent = "play"; return; }
    play.textContent = "pause";
    let k = 0;
    move(0);
    timer = setInterval(() => {
      if (++k >= count) { clearInterval(timer); timer = null; play.textContent = "play"; return; }
      move(k);
    }, 700);
  });
  move(count - 1);
  const box = el("div", { class: "slider" }, play, range, label);
  box.move = (k) => { if (k >= 0 && k < count) move(k); };
  return box;
}

// ---- the bnb tree: collapsible, searchable, each node linked to the view ----

function pruneReason(lat, b) {
  return key(b.lo) === key(b.hi) ? "a point f moves"
    : "no fixed point in it (F gives no interval inside it, or f moves every point of it)";
}

function buildTree(lat, events) {
  const nodes = [], rep = new Map(), roots = [];
  const add = (n, parentIndex) => {
    n.index = nodes.length;
    n.children = [];
    nodes.push(n);
    if (parentIndex === undefined) roots.push(n); else nodes[parentIndex].children.push(n);
    return n;
  };
  for (const ev of events) {
    if (ev.event === "node") {
      const n = add({ kind: "bound", id: ev.id, status: ev.status, bound: ev.bound, point: ev.point }, rep.get(ev.parent));
      if (ev.status === "pruned") n.reason = pruneReason(lat, ev.bound);
      rep.set(ev.id, n.index);
    } else if (ev.event === "merge" || ev.event === "hull") {
      const n = add({ kind: ev.event, id: ev.id, other: ev.other, status: ev.event === "merge" ? "merged" : "hull",
                      bound: ev.bound }, rep.get(ev.id));
      const other = rep.get(ev.other);
      if (other !== undefined) nodes[other].joined = n.index;
      rep.set(ev.id, n.index);
    } else if (ev.event === "final") {
      const at = rep.get(ev.id);
      if (at !== undefined) nodes[at].final = true;
      else rep.set(ev.id, add({ kind: "bound", id: ev.id, status: "final", bound: ev.bound, final: true }).index);
    }
  }
  return { nodes, roots };
}

function nodeLabel(lat, n) {
  let s = (n.kind === "bound" ? "#" + n.id : n.kind + " #" + n.id) + " " + boundText(lat, n.bound);
  if (n.status === "pruned") s += "  pruned: " + n.reason;
  else if (verdictStatuses.includes(n.status)) s += "  " + verdictText(lat, n.status, n.bound, n.point);
  else if (n.kind === "merge") s += "  merge of #" + n.id + " and #" + n.other;
  else if (n.kind === "hull") s += "  hull with #" + n.other;
  else if (n.status === "merged") s += "  merged";
  if (n.final && !verdictStatuses.includes(n.status)) s += "  final";
  if (n.joined !== undefined) s += "  (joined into node " + n.joined + ")";
  return s;
}

function treeView(lat, events, onSelect) {
  const { nodes, roots } = buildTree(lat, events);
  const box = el("div", { class: "tree", "data-nodes": nodes.length });
  const items = new Map();     // node index -> its rendered <li>
  let selected = null;
  const counts = {};
  for (const n of nodes) counts[n.status] = (counts[n.status] || 0) + 1;
  const finals = nodes.filter((n) => n.final).length;
  box.append(el("p", { class: "tree-counts" }, `${nodes.length} nodes: ` +
    Object.keys(counts).map((k) => `${counts[k]} ${k}`).join(", ") + `; ${finals} in Final`));
  const select = (n) => {
    if (selected) selected.classList.remove("selected");
    reveal(n);
    selected = items.get(n.index).querySelector(".node");
    selected.classList.add("selected");
    const top = selected.offsetTop - box.offsetTop;     // scroll the tree only, not the page
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 20) box.scrollTop = top - 40;
    onSelect(n);
  };
  const render = (n) => {
    const label = el("span", { class: "node " + n.status + (n.final ? " final" : ""), "data-node": n.index },
                     nodeLabel(lat, n));
    label.addEventListener("click", () => select(n));
    const li = el("li", {}, label);
    if (n.children.length) {
      const toggle = el("button", { type: "button", class: "toggle" }, "+");
      toggle.addEventListener("click", () => setOpen(n, !li.classList.contains("open")));
      li.prepend(toggle);
    }
    items.set(n.index, li);
    return li;
  };
  const setOpen = (n, open) => {
    const li = items.get(n.index);
    if (!li || !n.children.length) return;
    li.classList.toggle("open", open);
    li.querySelector(".toggle").textContent = open ? "-" : "+";
    let ul = li.querySelector(":scope > ul");
    if (open && !ul) li.append(el("ul", {}, ...n.children.map(render)));
    if (ul) ul.hidden = !open;
  };
  const parentOf = new Map();
  for (const n of nodes) for (const c of n.children) parentOf.set(c.index, n);
  const reveal = (n) => {
    const path = [];
    for (let p = parentOf.get(n.index); p; p = parentOf.get(p.index)) path.unshift(p);
    for (const p of path) setOpen(p, true);
  };
  const list = el("ul", { class: "tree-root" }, ...roots.map(render));
  const openTo = (n, depth) => {
    if (depth <= 0) return;
    setOpen(n, true);
    for (const c of n.children) openTo(c, depth - 1);
  };
  for (const r of roots) openTo(r, nodes.length <= 200 ? 64 : 3);
  box.append(searchBox(lat, nodes, select), list);
  box.selectNode = (index) => select(nodes[index]);
  return box;
}

function searchBox(lat, nodes, select) {
  const input = el("input", { type: "search", placeholder: "search nodes: text of a bound, #id, pruned, final..." });
  const hits = el("ul", { class: "hits" });
  input.addEventListener("input", () => {
    hits.replaceChildren();
    const q = input.value.trim();
    if (!q) return;
    let shown = 0, found = 0;
    for (const n of nodes) {
      const text = nodeLabel(lat, n);
      if (!text.includes(q)) continue;
      found++;
      if (shown++ >= 100) continue;
      const a = el("li", { class: "hit" }, text);
      a.addEventListener("click", () => select(n));
      hits.append(a);
    }
    if (found > 100) hits.append(el("li", {}, `... ${found - 100} more`));
    if (!found) hits.append(el("li", {}, "no node matches"));
  });
  return el("div", { class: "search" }, input, hits);
}

// ---- explanations: the query's tree of fix explain (q.why, docs/explain.md) ----

function whyItem(item) {
  const li = el("li", { class: "why-" + item.kind }, item.text);
  if (item.because && item.because.length) li.append(el("ul", {}, ...item.because.map(whyItem)));
  return li;
}

function findWhy(item, pred) {
  if (pred(item)) return item;
  for (const k of item.because || []) {
    const found = findWhy(k, pred);
    if (found) return found;
  }
  return null;
}

// A panel that shows one item of the explanation and what it rests on (text set, no markup).
function whyPanel(why) {
  const box = el("div", { class: "why" });
  box.show = (item, missing) => {
    box.replaceChildren(el("p", { class: "why-head" }, "why:"),
                        item ? el("ul", {}, whyItem(item)) : el("p", {}, missing));
    box.setAttribute("data-why", item ? item.kind : "none");
  };
  box.show(null, "click the result, a step or a node to see why");
  return box;
}

// ---- why an atom of a logic program has its value (fix explain --json's trees) ----

function whyRuleText(rules, i) {
  const r = rules.get(i);
  if (!r) return "rule " + i;
  const st = r.statement && r.statement !== r.text ? ": " + r.statement : "";
  return r.text + (r.file ? `  [${r.file}:${r.line}${r.col ? ":" + r.col : ""}${st}]` : "");
}

// Every node of a part that is explained in full, by atom (a reference elsewhere opens it).
function whyIndex(part) {
  const full = new Map();
  const walk = (n) => {
    if (!n || typeof n !== "object") return;
    if (n.atom !== undefined && n.value !== undefined && !n.see && !full.has(n.atom)) full.set(n.atom, n);
    for (const k of ["body", "because"]) for (const c of n[k] || []) walk(c);
    for (const f of n.rules || []) walk(f);
    for (const s of n.set || []) for (const f of s.rules) walk(f);
  };
  for (const n of part.explain || []) walk(n);
  return full;
}

function whyFailure(ctx, f) {
  const how = f.fails === "unchosen" ? "left out by the choice (its body holds)"
    : f.fails === "weight" ? "fails: its false literals leave the body below its bound"
    : f.fails === "head" ? `fails: another head atom, ${f.literal}, is true` : `fails at ${f.literal}`;
  return el("li", { class: "why-rule" }, whyRuleText(ctx.rules, f.rule) + "  " + how,
            el("ul", {}, ...(f.because || []).map((c) => whyNode(ctx, c))));
}

// One node as a list item: the atom and its value, then what holds it there; a reference to
// an atom explained elsewhere opens its tree when clicked.
function whyNode(ctx, n) {
  let head = `${n.atom}: ${n.value}`;
  if (n.see) {
    const li = el("li", { class: "why-node why-ref" }, el("span", { class: "why-atom" }, head + " (click to open)"));
    li.addEventListener("click", (ev) => {
      ev.stopPropagation();
      const full = ctx.full.get(n.atom);
      if (full) li.replaceWith(whyNode(ctx, full));
    }, { once: true });
    return li;
  }
  if (n.height !== undefined) head += ` (height ${n.height})`;
  else if (n.unfounded) head += `, in the unfounded set {${n.unfounded.join(", ")}}: each rule for them fails, or needs an atom of the set`;
  else if (n.residual) head += ", kept open by the residual program:";
  else if (n.why === "minimality") head += ", kept by minimality";
  else if (n.absent) head += ", the program has no such atom";
  else if (n.rules && !n.rules.length) head += ", no rule has it in its head";
  const kids = [];
  if (n.height !== undefined && n.rule !== undefined)
    kids.push(el("li", { class: "why-rule" }, whyRuleText(ctx.rules, n.rule),
                 el("ul", {}, ...(n.body || []).map((c) => whyNode(ctx, c)))));
  for (const f of n.rules || []) kids.push(whyFailure(ctx, f));
  for (const s of n.set || []) for (const f of s.rules) kids.push(whyFailure(ctx, f));
  for (const r of n.residual || []) kids.push(el("li", { class: "why-rule" }, whyRuleText(ctx.rules, r)));
  const li = el("li", { class: "why-node" }, el("span", { class: "why-atom" }, head));
  if (kids.length) li.append(el("ul", {}, ...kids));
  return li;
}

// The atoms of one part of a stable query's explanation (its well-founded bound or one
// model), each a button that shows its tree below.
function whyAtoms(why, part) {
  const box = el("div", { class: "why why-atoms-box" });
  if (!part || !part.explain) {
    box.append(el("p", {}, "no explanation kept for this model"));
    return box;
  }
  const ctx = { rules: new Map((why.rules || []).map((r) => [r.index, r])), full: whyIndex(part) };
  const tree = el("ul", { class: "why-tree" });
  const list = el("p", { class: "why-atoms" }, "why is an atom so? ");
  for (const n of part.explain) {
    const b = el("button", { class: "why-button", "data-atom": n.atom }, n.atom);
    b.addEventListener("click", () => tree.replaceChildren(whyNode(ctx, ctx.full.get(n.atom) || n)));
    list.append(b, " ");
  }
  box.append(list, tree);
  box.showAtom = (atom) => {
    for (const b of list.querySelectorAll("button")) if (b.getAttribute("data-atom") === atom) b.click();
  };
  return box;
}

// ---- one section per query ----

function resultText(lat, r) {
  if (!r) return "no result (the query stopped with an error; see the messages of the run)";
  const parts = [r.status === "ok" ? "" : r.status];
  if (r.verdict) parts.push(r.verdict);
  if (r.message) parts.push(r.message);
  if ("value" in r) parts.push("= " + elemText(lat, r.value));
  if (r.bound) parts.push(boundText(lat, r.bound));
  const boxes = (r.unique || []).length + (r.enclosures || []).length + (r.within_tolerance || []).length;
  if (r.fixpoints && (r.fixpoints.length || !boxes))
    parts.push(r.fixpoints.length + " fixed point(s): " + r.fixpoints.slice(0, 20).map((x) => elemText(lat, x)).join(", "));
  for (const b of (r.unique || []).slice(0, 20)) parts.push(verdictText(lat, "unique", b));
  for (const b of (r.enclosures || []).slice(0, 20)) parts.push(verdictText(lat, "enclosure", b));
  for (const b of (r.within_tolerance || []).slice(0, 20)) parts.push(verdictText(lat, "within_tolerance", b));
  if (r.models) parts.push(r.models.length + " model(s)" + (r.complete ? "" : ", maybe more"));
  if (r.stats) parts.push(`${r.stats.rounds} rounds, ${r.stats.pruned} pruned, ${r.stats.merged} merged, ` +
                          `${r.stats.hulls} hulls` + (r.stats.stopped_by ? ", stopped by " + r.stats.stopped_by : ""));
  return parts.filter((p) => p).join("; ");
}

function stepsPart(lat, view, steps, points, onStep) {
  const bounds = steps.map((e) => e.bound);
  const labels = steps.map((e, k) => `step ${e.step} of ${steps.length}: ${boundText(lat, e.bound)}`);
  const trail = lat.plane || (lat.atoms && !lat.hasse);
  return slider(steps.length, labels, (k) => {
    view.show([bounds[k]], points, trail ? bounds.slice(0, k) : null,
              steps.slice(0, k + 1).map((e) => "step " + e.step));
    if (onStep) onStep(steps[k].step);
  });
}

// The part of a stable query's explanation (q.why, fix explain --json's object) for frame k of
// its slider: the well-founded bound, or the explained model with the same atoms.
function stableWhyPart(why, root, models, k) {
  if (root && k === 0) return why.wf;
  const atoms = [...models[k - (root ? 1 : 0)]].sort().join("\u0000");
  return (why.models || []).find((m) => [...m.atoms].sort().join("\u0000") === atoms);
}

function stablePart(lat, view, q) {
  const root = q.events.find((e) => e.event === "node" && e.parent === -1);
  const models = q.result.models || [];
  const frames = [], labels = [];
  if (root) { frames.push(root.bound); labels.push("well-founded bound " + boundText(lat, root.bound)); }
  models.forEach((m, k) => { frames.push({ lo: m, hi: m }); labels.push(`model ${k + 1} of ${models.length}: {${m.join(", ")}}`); });
  if (!frames.length) return el("p", {}, "no well-founded bound and no model");
  const rowLabels = labels.map((l) => l.split(":")[0].replace(/ \[.*/, ""));
  const why = q.why && q.why.kind === "explain" ? q.why : null;
  const whyBox = el("div", { class: "why-frame" });
  const part = el("div", { class: "stable" });
  const bar = slider(frames.length, labels, (k) => {
    view.show([frames[k]], [], lat.atoms ? frames.slice(0, k) : null, rowLabels.slice(0, k + 1));
    if (why) whyBox.replaceChildren(whyAtoms(why, stableWhyPart(why, root, models, k)));
  });
  part.append(bar, whyBox);
  part.showWhy = (k, atom) => {
    bar.move(k);
    const box = whyBox.firstChild;
    if (box && box.showAtom) box.showAtom(atom);
  };
  return part;
}

function section(q, qi) {
  const r = q.result, lat = q.lattice;
  const kind = r ? r.query : "error";
  const sec = el("section", { class: "query", id: "q" + qi, "data-kind": kind });
  sec.append(el("h2", {}, el("span", { class: "where" }, `line ${q.line}`), " ", q.text));
  const result = el("p", { class: "result " + (r ? r.status : "error") }, resultText(lat, r));
  sec.append(result);
  if (lat) sec.append(el("p", { class: "lattice" }, `lattice ${lat.type}`));
  const why = q.why && kind !== "stable" ? whyPanel(q.why) : null;
  if (why) {
    result.classList.add("explained");
    result.addEventListener("click", () => why.show(q.why));
  }
  const showStep = why ? (k) => why.show(findWhy(q.why, (i) => i.kind === "step" && i.step === k),
                                         "no explanation of step " + k) : null;
  const view = makeView(lat);
  if (!view) { if (why) sec.append(why); return sec; }
  const points = r && r.fixpoints ? r.fixpoints : [];
  const steps = q.events.filter((e) => e.event === "step");
  sec.append(el("div", { class: "view" }, view.node));
  if (r && r.query === "stable") {
    const part = stablePart(lat, view, q);
    sec.append(part);
    sec.showWhy = part.showWhy;
  }
  else if (steps.length && r && (r.query === "refine" || r.query === "approx")) sec.append(stepsPart(lat, view, steps, points, showStep));
  else if (r && r.bound) view.show([r.bound], points);
  else if (r && "value" in r && r.value !== null) view.show([{ lo: r.value, hi: r.value }], []);
  else view.show(r && r.final ? r.final : [], points);
  if (q.events.some((e) => e.event === "node") && kind !== "stable") {
    const shown = el("p", { class: "shown" }, "click a node to see its interval above");
    const tree = treeView(lat, q.events, (n) => {
      view.show([n.bound], points);
      shown.textContent = "shown: " + nodeLabel(lat, n);
      sec.setAttribute("data-selected", n.index);
      if (why) why.show(findWhy(q.why, (i) => i.kind === "node" && i.id === n.id),
                        "no explanation kept for node #" + n.id + " (the page keeps the first " +
                        "nodes of a large tree)");
    });
    sec.append(shown, tree);
    sec.selectNode = tree.selectNode;
  }
  if (why) sec.append(why);
  if (q.omitted_events) sec.append(el("p", { class: "note" }, `${q.omitted_events} more events not kept`));
  if (q.omitted_bounds) sec.append(el("p", { class: "note" }, `${q.omitted_bounds} more bounds and fixed points not kept (the output above counts them all)`));
  return sec;
}

const main = document.getElementById("queries");
const sections = data.queries.map((q, qi) => { const s = section(q, qi); main.append(s); return s; });

// Hooks in the address, for tests and pictures: #select=Q:N clicks node N of query Q's tree once
// the page is drawn (so a headless browser's --dump-dom shows what a click shows); #why=Q:K:ATOM
// moves stable query Q's slider to frame K (0: the well-founded bound when shown) and clicks
// ATOM (URI-encoded); #show=Q shows query Q only.  They may be given together, joined by '&'.
for (const part of location.hash.slice(1).split("&")) {
  const select = /^select=(\d+):(\d+)$/.exec(part), show = /^show=(\d+)$/.exec(part);
  const whyAt = /^why=(\d+):(\d+):(.+)$/.exec(part);
  if (select && sections[+select[1]] && sections[+select[1]].selectNode)
    sections[+select[1]].selectNode(+select[2]);
  if (whyAt && sections[+whyAt[1]] && sections[+whyAt[1]].showWhy)
    sections[+whyAt[1]].showWhy(+whyAt[2], decodeURIComponent(whyAt[3]));
  if (show) sections.forEach((s, i) => { s.hidden = i !== +show[1]; });
}
document.body.setAttribute("data-load-ms", Math.round(performance.now()));   // since navigation
document.body.setAttribute("data-ready", "yes");
