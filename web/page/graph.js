// The game graph of a small position drawn as the tutorials draw it: the
// position on top, every move an arrow downwards, each position with its
// value, the P-positions (value 0) marked; selecting a position shows the mex
// of its options' values. The graph (positions, values, moves) comes from the
// engine; only the layout is done here.

import {h, svg} from "./dom.js";
import {valueText} from "./json.js";

const kNodeHeight = 34;
const kRowGap = 56;
const kColumnGap = 14;
const kCharWidth = 7.3;

// Rows: the longest path from the root (so every move goes down), or the
// breadth-first depth when the graph has cycles.
function rowsOf(graph) {
  const n = graph.nodes.length;
  const out = Array.from({length: n}, () => []);
  const indegree = new Array(n).fill(0);
  for (const [from, to] of graph.edges) {
    if (from === to) continue;
    out[from].push(to);
    indegree[to]++;
  }
  const row = new Array(n).fill(0);
  const queue = [0];
  let seen = 0;
  const remaining = indegree.slice();
  while (queue.length > 0) {
    const v = queue.shift();
    seen++;
    for (const w of out[v]) {
      row[w] = Math.max(row[w], row[v] + 1);
      if (--remaining[w] === 0) queue.push(w);
    }
  }
  if (seen === n) return row;
  const depth = new Array(n).fill(-1);
  depth[0] = 0;
  const bfs = [0];
  while (bfs.length > 0) {
    const v = bfs.shift();
    for (const w of out[v]) {
      if (depth[w] < 0) {
        depth[w] = depth[v] + 1;
        bfs.push(w);
      }
    }
  }
  return depth;
}

function label(node) {
  return node.text.length > 28 ? node.text.slice(0, 27) + "…" : node.text;
}

export function drawGraph(container, info, graph, choose) {
  const n = graph.nodes.length;
  const row = rowsOf(graph);
  const rows = [];
  for (let v = 0; v < n; ++v) (rows[row[v]] ||= []).push(v);
  const parents = Array.from({length: n}, () => []);
  for (const [from, to] of graph.edges) parents[to].push(from);
  // Order each row by the mean place of the positions above it (fewer crossings).
  const place = new Array(n).fill(0);
  const width = graph.nodes.map((node) => Math.max(44, label(node).length * kCharWidth + 16));
  let total = 0;
  const x = new Array(n).fill(0);
  rows.forEach((members, r) => {
    if (r > 0) {
      for (const v of members) {
        const above = parents[v].filter((p) => row[p] < r);
        place[v] = above.length ? above.reduce((s, p) => s + x[p], 0) / above.length : 0;
      }
      members.sort((a, b) => place[a] - place[b]);
    }
    let at = 0;
    for (const v of members) {
      x[v] = at + width[v] / 2;
      at += width[v] + kColumnGap;
    }
    total = Math.max(total, at);
  });
  // Centre each row.
  rows.forEach((members) => {
    const last = members[members.length - 1];
    const used = x[last] + width[last] / 2;
    for (const v of members) x[v] += (total - used) / 2;
  });
  // A move that skips rows is drawn as an arc beside the positions it passes,
  // alternately right and left, wider the more rows it skips.
  const skips = new Array(n).fill(0);
  let margin = 10;
  const arcs = graph.edges.map(([from, to]) => {
    const span = row[to] - row[from];
    if (span === 1) return 0;
    const side = skips[from]++ % 2 === 0 ? 1 : -1;
    const bulge = side * (Math.max(width[from], width[to]) / 2 + 14 * Math.max(1, span));
    margin = Math.max(margin, Math.abs(bulge) + 10);
    return bulge;
  });
  for (let v = 0; v < n; ++v) x[v] += margin;
  total += 2 * margin;
  const y = row.map((r) => 20 + r * (kNodeHeight + kRowGap));
  const height = 20 + rows.length * (kNodeHeight + kRowGap);

  const picture = svg("svg", {width: total, height, viewBox: `0 0 ${total} ${height}`, role: "group",
    "aria-label": `game graph of ${graph.nodes[0].text}: ${n} positions, ${graph.edges.length} moves`});
  picture.append(svg("defs", {}, svg("marker", {id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerUnits: "userSpaceOnUse",
    markerWidth: 9, markerHeight: 9, orient: "auto-start-reverse"}, svg("path", {d: "M 0 0 L 10 5 L 0 10 z", fill: "#6f6f6a"}))));
  const edgeLayer = svg("g");
  const edges = graph.edges.map(([from, to, action], i) => {
    let d;
    if (arcs[i] !== 0) {
      // Leave and arrive at the side of the box the arc bends to.
      const side = Math.sign(arcs[i]);
      const x1 = x[from] + side * width[from] / 2;
      const y1 = y[from] + kNodeHeight / 2;
      const x2 = x[to] + side * width[to] / 2;
      const y2 = y[to] + kNodeHeight / 2;
      const reach = arcs[i] - side * Math.max(width[from], width[to]) / 2;
      d = `M ${x1} ${y1} C ${x1 + reach} ${y1}, ${x2 + reach} ${y2}, ${x2} ${y2}`;
    } else {
      const x1 = x[from];
      const y1 = y[from] + kNodeHeight;
      const x2 = x[to];
      const y2 = y[to];
      d = `M ${x1} ${y1} C ${x1} ${y1 + kRowGap / 2}, ${x2} ${y2 - kRowGap / 2}, ${x2} ${y2}`;
    }
    const path = svg("path", {class: "edge", d, "marker-end": "url(#arrow)"}, svg("title", {}, action));
    edgeLayer.append(path);
    return {from, to, path};
  });
  picture.append(edgeLayer);
  const nodes = graph.nodes.map((node, v) => {
    const zero = node.value === 0;
    const g = svg("g", {class: "node" + (zero ? " p" : ""), transform: `translate(${x[v] - width[v] / 2}, ${y[v]})`,
      tabindex: 0, role: "button", "data-index": v,
      "aria-label": `${node.text}, value ${valueText(node.value)}${zero ? ", a P-position" : ""}`});
    g.append(svg("rect", {width: width[v], height: kNodeHeight, rx: 6}));
    g.append(svg("text", {x: width[v] / 2, y: 14, "text-anchor": "middle"}, label(node)));
    g.append(svg("text", {class: "g", x: width[v] / 2, y: 28, "text-anchor": "middle"},
        `g = ${valueText(node.value)}${zero ? "  P" : ""}`));
    g.append(svg("title", {}, node.text));
    const select = () => selectNode(v);
    g.addEventListener("click", select);
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        select();
      }
    });
    picture.append(g);
    return g;
  });

  function selectNode(v) {
    nodes.forEach((g, i) => g.classList.toggle("selected", i === v));
    for (const e of edges) e.path.classList.toggle("chosen", e.from === v);
    const node = graph.nodes[v];
    const options = edges.filter((e) => e.from === v).map((e) => graph.nodes[e.to]);
    info.replaceChildren();
    const finite = options.filter((o) => o.value !== null && typeof o.value !== "object");
    const values = [...new Set(finite.map((o) => Number(o.value)))].sort((a, b) => a - b);
    info.append(h("p", {id: "graph-selected"}, h("strong", {}, node.text), options.length === 0
        ? ": no move, so g = mex{} = 0 (a P-position: the player to move has lost)."
        : `: its ${options.length} option${options.length === 1 ? "" : "s"} have values {${values.join(", ")}}; the mex (least value not among them) is ${valueText(node.value)}` +
          (node.value === 0 ? ": a P-position, every move from it leads to a position of value other than 0." : ".")));
    if (v !== 0) info.append(h("p", {}, h("button", {type: "button", onclick: () => choose(node.text)}, `Make ${node.text} the position`)));
  }

  container.replaceChildren(picture);
  // A wide graph scrolls: start with its first position in view.
  container.scrollLeft = Math.max(0, x[0] - container.clientWidth / 2);
  selectNode(0);
}
