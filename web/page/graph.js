// The game graph of a position, drawn so that a learner can read it at any
// width. A small graph is drawn whole, as the tutorials draw it: the position
// on top, every move an arrow downwards, each position with its value, the
// P-positions (value 0) marked. A graph too large to read in one drawing (or
// too wide for the screen) is drawn around one position: that position, its
// options sorted by value, each option opening onto its own options, and any
// position can become the centre. Either way the drawing is never wider than
// its box, and selecting a position shows the mex of its options' values.
// The graph (positions, values, moves) comes from the engine; only the layout
// is done here.

import {h, svg} from "./dom.js";
import {valueText} from "./json.js";

// The whole graph: a box is 20 px plus 14 px a line of its position's text.
const kNodeHeight = 20;
const kLineHeight = 14;
// Characters a line of a position's text in the whole graph.
const kWholeGraphLineLength = 28;
const kRowGap = 56;
const kColumnGap = 14;
// The width of one character of the 12px monospace font the nodes use.
const kCharWidth = 7.3;

// The whole graph is drawn only while it stays readable. Judged on
// screenshots at 1100 px (scripts and pictures: docs/web.md, "Game graph"):
// nim(1,1,3), 16 positions and 40 moves, and sub{1,2,3}(20), 21 and 57, are
// followed move by move; nim(1,2,3), 24 and 72, and nim(2,2,3), 36 and 126,
// are not: their arcs past several rows cover one another. And the text must
// stay at 10 px or more once the drawing is scaled down to its box's width
// (12 px × 0.84).
const kWholeGraphMaximumPositions = 40;
const kWholeGraphMaximumMoves = 60;
const kWholeGraphMinimumScale = 0.84;

// The graph around one position: one row per position drawn, each level of
// options indented under its position.
const kRowHeight = 40;
const kBoxHeight = 30;
const kIndent = 34;
const kToggleSize = 28;
const kToggleGap = 6;
// The centre's options, and their options: deeper positions are reached by
// centring the graph on one of them, so the drawing stays narrow.
const kDeepestLevel = 2;

// At most this many lines of a position's text, the last cut short with "…".
const kMostLines = 5;

// A position's text in lines of at most `length` characters, so that long
// sums stay readable (their options differ in any one component, often the
// last): broken before " + " (between the games of a sum) where it can be,
// else after a comma or a slash (heaps, board rows), else anywhere.
function lines(text, length) {
  const result = [];
  let rest = text;
  while (rest.length > length && result.length < kMostLines) {
    let cut = rest.lastIndexOf(" + ", length);
    if (cut > 0) {
      result.push(rest.slice(0, cut));
      rest = rest.slice(cut + 1);
      continue;
    }
    cut = Math.max(rest.lastIndexOf(",", length - 1), rest.lastIndexOf("/", length - 1));
    cut = cut > 0 ? cut + 1 : length;
    result.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (result.length === kMostLines) result[kMostLines - 1] = result[kMostLines - 1].slice(0, -1) + "…";
  else result.push(rest);
  return result;
}

function longest(strings) {
  return Math.max(...strings.map((line) => line.length));
}

// The lines as one SVG text element.
function textLines(strings, attributes) {
  return svg("text", attributes, strings.map((line, k) => svg("tspan", {x: attributes.x, dy: k === 0 ? 0 : kLineHeight}, line)));
}

function valueLabel(node) {
  return `g = ${valueText(node.value)}${node.value === 0 ? "  P" : ""}`;
}

// Values in increasing order: numbers, then the ones beyond 2^53 (kept as
// decimal text), then ∞(K) and the unknown.
function compareValues(a, b) {
  const rank = (v) => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === "number") return a - b;
  if (typeof a === "string") {
    const difference = BigInt(a) - BigInt(b);
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  }
  return 0;
}

// Rows: the longest path from the root (so every move goes down), or the
// breadth-first depth when the graph has cycles; and whether it has none.
function rowsOf(graph, options) {
  const n = graph.nodes.length;
  const remaining = new Array(n).fill(0);
  for (const [from, to] of graph.edges) if (from !== to) remaining[to]++;
  const row = new Array(n).fill(0);
  const queue = [0];
  let seen = 0;
  while (queue.length > 0) {
    const v = queue.shift();
    seen++;
    for (const {to} of options[v]) {
      if (to === v) continue;
      row[to] = Math.max(row[to], row[v] + 1);
      if (--remaining[to] === 0) queue.push(to);
    }
  }
  if (seen === n) return {row, acyclic: true};
  const depth = new Array(n).fill(-1);
  depth[0] = 0;
  const breadthFirst = [0];
  while (breadthFirst.length > 0) {
    const v = breadthFirst.shift();
    for (const {to} of options[v]) {
      if (depth[to] < 0) {
        depth[to] = depth[v] + 1;
        breadthFirst.push(to);
      }
    }
  }
  return {row: depth, acyclic: false};
}

// Where each position of the whole graph goes, at its natural size: rows by
// rowsOf, each row ordered by the mean place of its neighbours in the other
// rows (sweeps down and up: fewer crossings), centred.
function layOutWholeGraph(graph, options) {
  const n = graph.nodes.length;
  const {row, acyclic} = rowsOf(graph, options);
  const rows = [];
  for (let v = 0; v < n; ++v) (rows[row[v]] ||= []).push(v);
  const parents = Array.from({length: n}, () => []);
  for (const [from, to] of graph.edges) if (from !== to) parents[to].push(from);
  const text = graph.nodes.map((node) => lines(node.text, kWholeGraphLineLength));
  const width = text.map((strings) => Math.max(44, longest(strings) * kCharWidth + 16));
  const height = text.map((strings) => kNodeHeight + kLineHeight * strings.length);
  // x: the centre of each box, each row centred on 0 while ordering.
  const x = new Array(n).fill(0);
  const placeRow = (members) => {
    const used = members.reduce((sum, v) => sum + width[v], 0) + kColumnGap * (members.length - 1);
    let at = -used / 2;
    for (const v of members) {
      x[v] = at + width[v] / 2;
      at += width[v] + kColumnGap;
    }
    return used;
  };
  rows.forEach(placeRow);
  const orderBy = (members, neighbours) => {
    const mean = new Map();
    for (const v of members) {
      const near = neighbours(v);
      mean.set(v, near.length ? near.reduce((sum, w) => sum + x[w], 0) / near.length : x[v]);
    }
    members.sort((a, b) => mean.get(a) - mean.get(b));
    placeRow(members);
  };
  for (let sweep = 0; sweep < 4; ++sweep) {
    for (let r = 1; r < rows.length; ++r) orderBy(rows[r], (v) => parents[v].filter((p) => row[p] < r));
    for (let r = rows.length - 2; r >= 0; --r) {
      orderBy(rows[r], (v) => options[v].map((o) => o.to).filter((w) => row[w] > r));
    }
  }
  let total = 0;
  for (const members of rows) total = Math.max(total, placeRow(members));
  // A move that skips rows is drawn as an arc beside the positions it passes,
  // alternately right and left, wider the more rows it skips.
  const skips = new Array(n).fill(0);
  let margin = 10;
  const arcs = graph.edges.map(([from, to]) => {
    const span = row[to] - row[from];
    if (span === 1) return 0;
    const side = skips[from]++ % 2 === 0 ? 1 : -1;
    const bulge = side * (Math.max(width[from], width[to]) / 2 + 14 * Math.max(1, Math.abs(span)));
    margin = Math.max(margin, Math.abs(bulge) + 10);
    return bulge;
  });
  for (let v = 0; v < n; ++v) x[v] += total / 2 + margin;
  // Each row as tall as its tallest box.
  const rowTop = [20];
  rows.forEach((members, r) => { rowTop[r + 1] = rowTop[r] + Math.max(...members.map((v) => height[v])) + kRowGap; });
  const y = row.map((r) => rowTop[r]);
  return {acyclic, x, y, width, height, text, arcs, total: total + 2 * margin, pictureHeight: rowTop[rows.length]};
}

// The drawing's box: its natural size, scaled down by the style sheet
// (max-width: 100%, height: auto) when its box is narrower.
function picture(width, height, name) {
  const drawing = svg("svg", {width, height, viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": name,
    "data-natural-width": width});
  drawing.append(svg("defs", {}, svg("marker", {id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5,
    markerUnits: "userSpaceOnUse", markerWidth: 9, markerHeight: 9, orient: "auto-start-reverse"},
  svg("path", {d: "M 0 0 L 10 5 L 0 10 z", fill: "#6f6f6a"}))));
  return drawing;
}

function onActivate(element, action) {
  element.addEventListener("click", action);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
}

export class GraphView {
  // elements: {note, mode (a fieldset of two radio buttons, whole and focus),
  // trail, picture, info}; choose(text) makes a position the page's position.
  constructor(elements, choose) {
    this.elements = elements;
    this.choose = choose;
    this.graph = null;
    // Counts the graphs shown: an answer asked for an earlier one is dropped.
    this.generation = 0;
    for (const radio of elements.mode.querySelectorAll("input[type=radio]")) {
      radio.addEventListener("change", () => {
        if (!radio.checked) return;
        this.chosenMode = radio.value;
        this.render();
      });
    }
    // A narrower box (a phone turned, a window resized) may make the whole
    // graph unreadable, or a wider one readable again; around one position,
    // the positions' text is broken into lines to fit the width.
    this.lastWidth = 0;
    new ResizeObserver(() => {
      const width = elements.picture.clientWidth;
      if (this.graph === null || width === 0 || width === this.lastWidth) return;
      this.lastWidth = width;
      if (this.mode() !== this.drawnMode || this.wholeGraphRefusal() !== this.drawnRefusal || this.drawnMode === "focus") {
        this.renderKeepingFocus();
      }
    }).observe(elements.picture);
  }

  // A new graph ({nodes, edges}, root first), all of it: drawn whole if that
  // is readable in the picture's box (which must be shown), else around its root.
  show(graph) {
    this.start(graph, null);
  }

  // A graph with more than `limit` positions: only the neighbourhood of its
  // root (the engine's graph with "depth": 2, or 1), drawn around it;
  // `around(text)` asks the engine for the neighbourhood of another position,
  // a promise of its answer.
  showAround(neighbourhood, limit, around) {
    this.start(neighbourhood, {limit, around});
  }

  start(graph, partial) {
    this.generation++;
    this.partial = partial;
    this.rootText = graph.nodes[0].text;
    this.trail = [this.rootText];
    this.chosenMode = null;
    this.load(graph, 0);
    this.lastWidth = this.elements.picture.clientWidth;
    this.render();
  }

  load(graph, centre) {
    this.graph = graph;
    this.options = graph.nodes.map(() => []);
    for (const [from, to, action] of graph.edges) this.options[from].push({to, action});
    // Each position's options by value: the P-positions (the winning moves) first, the mex where a value is missing.
    for (const list of this.options) {
      list.sort((a, b) => compareValues(graph.nodes[a.to].value, graph.nodes[b.to].value));
    }
    this.indexOf = new Map(graph.nodes.map((node, v) => [node.text, v]));
    // Laid out when first needed: never for a graph too large to be drawn whole.
    this.wholeLayout = null;
    this.centre = centre;
    this.expanded = new Set();
    this.selected = centre;
  }

  // Too many positions even around this one: nothing drawn, `why` said.
  tooLarge(why) {
    this.generation++;
    this.graph = null;
    this.elements.note.textContent = why;
    for (const element of [this.elements.picture, this.elements.info, this.elements.trail]) element.replaceChildren();
    this.elements.mode.hidden = true;
    this.elements.trail.hidden = true;
  }

  // Why the whole graph is not drawn, or null when it can be.
  wholeGraphRefusal() {
    if (this.partial !== null) return "too many positions to draw whole";
    const {nodes, edges} = this.graph;
    if (nodes.length > kWholeGraphMaximumPositions || edges.length > kWholeGraphMaximumMoves) {
      return "too many to read in one drawing";
    }
    this.wholeLayout ||= layOutWholeGraph(this.graph, this.options);
    const width = this.elements.picture.clientWidth;
    if (width > 0 && width / this.wholeLayout.total < kWholeGraphMinimumScale) return "too wide to read on this screen";
    return null;
  }

  mode() {
    if (this.wholeGraphRefusal() !== null) return "focus";
    return this.chosenMode || "whole";
  }

  render() {
    const {nodes, edges} = this.graph;
    const mode = this.mode();
    this.drawnMode = mode;
    const refusal = this.wholeGraphRefusal();
    this.drawnRefusal = refusal;
    // "120 positions, 720 moves: too many to read in one drawing, so drawn around one position: …"
    const size = this.partial !== null ? `More than ${this.partial.limit} positions can be reached from here`
      : `${nodes.length} position${nodes.length === 1 ? "" : "s"}, ${edges.length} move${edges.length === 1 ? "" : "s"}`;
    const why = this.partial !== null ? ": too many to draw whole, so" : refusal === null ? "," : `: ${refusal}, so`;
    const rowsText = mode === "whole" && !this.wholeLayout.acyclic
      ? "drawn in rows by the fewest moves from the start: the graph has cycles, so not every move can go down"
      : "drawn in rows: every move goes down";
    this.elements.note.textContent = mode === "whole"
      ? `${size}, ${rowsText}. P-positions (value 0) are marked; select a position to see the mex of its options.`
      : `${size}${why} drawn around one position: its options, sorted by value, the P-positions (value 0) marked: ` +
        `a move to one is a winning move. ${this.options[this.centre].some(({to}) => this.canOpen({index: to, level: 1}))
          ? "+ shows an option's own options; " : ""}select a position to see the mex of its options or to centre the graph on it.`;
    const whole = this.elements.mode.querySelector("input[value=whole]");
    whole.disabled = refusal !== null;
    whole.checked = mode === "whole";
    this.elements.mode.querySelector("input[value=focus]").checked = mode === "focus";
    this.elements.mode.hidden = nodes.length === 1;
    if (mode === "whole") {
      this.elements.trail.hidden = true;
      this.drawWholeGraph();
    } else {
      this.drawTrail();
      this.drawAroundCentre();
    }
    this.selectNode(this.selected);
  }

  // Drawn again, the focus (if it was in the drawing) on the same position or button.
  renderKeepingFocus() {
    const focused = document.activeElement;
    let selector = null;
    if (focused !== null && this.elements.picture.contains(focused)) {
      if (focused.classList.contains("toggle")) selector = `.toggle[data-key="${focused.dataset.key}"]`;
      else if (focused.dataset.key !== undefined) selector = `g.node[data-key="${focused.dataset.key}"]`;
      else selector = `g.node[data-index="${focused.dataset.index}"]`;
    }
    this.render();
    const again = selector === null ? null : this.elements.picture.querySelector(selector);
    if (again !== null) again.focus();
  }

  drawWholeGraph() {
    const {nodes, edges} = this.graph;
    const {x, y, width, height, text, arcs, total, pictureHeight} = this.wholeLayout;
    const drawing = picture(total, pictureHeight, `game graph of ${nodes[0].text}: ${nodes.length} positions, ${edges.length} moves`);
    const edgeLayer = svg("g");
    this.drawnEdges = edges.map(([from, to, action], i) => {
      let d;
      if (arcs[i] !== 0) {
        // Leave and arrive at the side of the box the arc bends to.
        const side = Math.sign(arcs[i]);
        const x1 = x[from] + side * width[from] / 2;
        const y1 = y[from] + height[from] / 2;
        const x2 = x[to] + side * width[to] / 2;
        const y2 = y[to] + height[to] / 2;
        const reach = arcs[i] - side * Math.max(width[from], width[to]) / 2;
        d = `M ${x1} ${y1} C ${x1 + reach} ${y1}, ${x2 + reach} ${y2}, ${x2} ${y2}`;
      } else {
        const x1 = x[from];
        const y1 = y[from] + height[from];
        const x2 = x[to];
        const y2 = y[to];
        d = `M ${x1} ${y1} C ${x1} ${y1 + kRowGap / 2}, ${x2} ${y2 - kRowGap / 2}, ${x2} ${y2}`;
      }
      const path = svg("path", {class: "edge", d, "marker-end": "url(#arrow)"}, svg("title", {}, action));
      edgeLayer.append(path);
      return {from, path};
    });
    drawing.append(edgeLayer);
    this.drawnNodes = nodes.map((node, v) => {
      const g = this.nodeElement(v, `translate(${x[v] - width[v] / 2}, ${y[v]})`);
      g.append(svg("rect", {width: width[v], height: height[v], rx: 6}));
      g.append(textLines(text[v], {x: width[v] / 2, y: 14, "text-anchor": "middle"}));
      g.append(svg("text", {class: "g", x: width[v] / 2, y: height[v] - 6, "text-anchor": "middle"}, valueLabel(node)));
      drawing.append(g);
      return g;
    });
    this.elements.picture.replaceChildren(drawing);
  }

  // A position drawn, selected by a click or by Enter or Space.
  nodeElement(v, transform) {
    const node = this.graph.nodes[v];
    const zero = node.value === 0;
    const g = svg("g", {class: "node" + (zero ? " p" : ""), transform, tabindex: 0, role: "button", "data-index": v,
      "aria-label": `${node.text}, value ${valueText(node.value)}${zero ? ", a P-position" : ""}`});
    g.append(svg("title", {}, node.text));
    onActivate(g, () => this.selectNode(v));
    return g;
  }

  // The rows around the centre: the centre, its options, and the options of
  // each option shown open. A row's key names its path from the centre. Among
  // the centre's options, sorted by value, a row without a position marks the
  // first value missing: the mex, the centre's own value.
  rowsAroundCentre() {
    const {nodes} = this.graph;
    const rows = [{index: this.centre, level: 0, key: "c", parent: null}];
    const mex = nodes[this.centre].value;
    const allNumbers = typeof mex === "number" && this.options[this.centre].every(({to}) => typeof nodes[to].value === "number");
    let gapShown = !allNumbers;
    const add = (parentRow, level, keyPrefix) => {
      for (const {to, action} of this.options[rows[parentRow].index]) {
        if (level === 1 && !gapShown && nodes[to].value > mex) {
          rows.push({gap: mex, level});
          gapShown = true;
        }
        const key = `${keyPrefix}/${to}`;
        rows.push({index: to, level, key, parent: parentRow, action});
        if (level < kDeepestLevel && this.expanded.has(key)) add(rows.length - 1, level + 1, key);
      }
    };
    add(0, 1, "c");
    if (!gapShown) rows.push({gap: mex, level: 1});
    return rows;
  }

  drawAroundCentre() {
    const {nodes} = this.graph;
    const rows = this.rowsAroundCentre();
    const gapText = (mex) => `no option of value ${mex}: g = mex = ${mex}`;
    const left = rows.map((row) => 2 + row.level * kIndent);
    const opens = rows.map((row) => row.gap === undefined && this.canOpen(row));
    // A position's text in as many lines as it takes to fit the box's width
    // at full size (a long sum on a phone), so that it is never scaled down.
    const available = this.elements.picture.clientWidth || 960;
    const text = rows.map((row, i) => {
      if (row.gap !== undefined) return [gapText(row.gap)];
      const room = available - left[i] - 16 - (valueLabel(nodes[row.index]).length + 2) * kCharWidth -
                   (opens[i] ? kToggleGap + kToggleSize : 0) - 4;
      return lines(nodes[row.index].text, Math.max(14, Math.floor(room / kCharWidth)));
    });
    const boxWidth = rows.map((row, i) => row.gap !== undefined
      ? longest(text[i]) * kCharWidth + 16
      : (longest(text[i]) + 2 + valueLabel(nodes[row.index]).length) * kCharWidth + 16);
    const boxHeight = text.map((strings) => kBoxHeight + kLineHeight * (strings.length - 1));
    const top = [6];
    rows.forEach((row, i) => { top[i + 1] = top[i] + boxHeight[i] + kRowHeight - kBoxHeight; });
    const total = Math.max(...rows.map((row, i) => left[i] + boxWidth[i] + (opens[i] ? kToggleGap + kToggleSize : 0))) + 4;
    const height = top[rows.length];
    const centreNode = nodes[this.centre];
    const drawing = picture(total, height, `game graph around ${centreNode.text}: its ${this.options[this.centre].length} options`);
    drawing.classList.add("focused");
    const edgeLayer = svg("g");
    this.drawnEdges = [];
    rows.forEach((row, i) => {
      if (row.parent === null || row.gap !== undefined) return;
      // Down from under the parent's box, then right into this one.
      const trunk = left[row.parent] + 14;
      const path = svg("path", {class: "edge", d: `M ${trunk} ${top[row.parent] + boxHeight[row.parent]} V ${top[i] + kBoxHeight / 2} H ${left[i]}`,
        "marker-end": "url(#arrow)"}, svg("title", {}, row.action));
      edgeLayer.append(path);
      this.drawnEdges.push({from: rows[row.parent].index, path});
    });
    drawing.append(edgeLayer);
    this.drawnNodes = [];
    // The element of each row that the arrow keys move to (none for the mex's row).
    const rowElements = rows.map(() => null);
    rows.forEach((row, i) => {
      if (row.gap !== undefined) {
        drawing.append(svg("g", {class: "gap", transform: `translate(${left[i]}, ${top[i]})`},
          svg("rect", {width: boxWidth[i], height: kBoxHeight, rx: 6}),
          svg("text", {x: 8, y: 19}, text[i][0])));
        return;
      }
      const node = nodes[row.index];
      const g = this.nodeElement(row.index, `translate(${left[i]}, ${top[i]})`);
      g.dataset.key = row.key;
      // Its place in the tree, for the tests and for whoever hears the drawing rather than sees it.
      g.dataset.level = row.level;
      if (row.parent !== null) {
        g.setAttribute("aria-label", `${g.getAttribute("aria-label")}, an option of ${nodes[rows[row.parent].index].text}`);
      }
      if (row.level === 0) g.classList.add("centre");
      g.append(svg("rect", {width: boxWidth[i], height: boxHeight[i], rx: 6}));
      g.append(textLines(text[i], {x: 8, y: 19}));
      g.append(svg("text", {class: "g", x: boxWidth[i] - 8, y: 19, "text-anchor": "end"}, valueLabel(node)));
      g.addEventListener("keydown", (event) => this.treeKey(event, rows, rowElements, i));
      drawing.append(g);
      this.drawnNodes.push(g);
      rowElements[i] = g;
      if (opens[i]) {
        const open = this.expanded.has(row.key);
        const count = this.options[row.index].length;
        const toggle = svg("g", {class: "toggle", tabindex: 0, role: "button", "aria-expanded": open ? "true" : "false",
          "data-key": row.key, "aria-label": `${open ? "hide" : "show"} the ${count} option${count === 1 ? "" : "s"} of ${node.text}`,
          transform: `translate(${left[i] + boxWidth[i] + kToggleGap}, ${top[i] + (kBoxHeight - kToggleSize) / 2})`});
        toggle.append(svg("title", {}, `${open ? "hide" : "show"} its ${count} option${count === 1 ? "" : "s"}`));
        toggle.append(svg("rect", {width: kToggleSize, height: kToggleSize, rx: 5}));
        toggle.append(svg("text", {x: kToggleSize / 2, y: kToggleSize / 2 + 6, "text-anchor": "middle"}, open ? "−" : "+"));
        onActivate(toggle, () => this.toggle(row.key, `.toggle[data-key="${row.key}"]`));
        toggle.addEventListener("keydown", (event) => this.treeKey(event, rows, rowElements, i));
        drawing.append(toggle);
      }
    });
    this.elements.picture.replaceChildren(drawing);
  }

  // Whether a row's options can be shown under it: an option of the centre
  // whose options are at hand (a neighbourhood one move deep has none).
  canOpen(row) {
    return row.level > 0 && row.level < kDeepestLevel && this.graph.nodes[row.index].listed !== false &&
           this.options[row.index].length > 0;
  }

  // The keys of a tree: up and down move between positions, right opens a
  // position's options, left closes them (or goes up to the position above).
  treeKey(event, rows, rowElements, i) {
    const row = rows[i];
    const step = (direction) => {
      for (let j = i + direction; j >= 0 && j < rows.length; j += direction) {
        if (rowElements[j] !== null) return rowElements[j].focus();
      }
    };
    const canOpen = this.canOpen(row);
    if (event.key === "ArrowDown") step(1);
    else if (event.key === "ArrowUp") step(-1);
    else if (event.key === "ArrowRight" && canOpen && !this.expanded.has(row.key)) {
      this.toggle(row.key, `g.node[data-key="${row.key}"]`);
    } else if (event.key === "ArrowLeft" && this.expanded.has(row.key)) {
      this.toggle(row.key, `g.node[data-key="${row.key}"]`);
    } else if (event.key === "ArrowLeft" && row.parent !== null) {
      rowElements[row.parent].focus();
    } else {
      return;
    }
    event.preventDefault();
  }

  // Opens or closes a row's options; the focus stays where it was (`refocus`).
  toggle(key, refocus) {
    if (this.expanded.has(key)) this.expanded.delete(key);
    else this.expanded.add(key);
    this.drawAroundCentre();
    this.selectNode(this.selected);
    const again = this.elements.picture.querySelector(refocus);
    if (again !== null) again.focus();
  }

  // Draws the graph around the position `text`: from the graph at hand, or
  // from the engine when only a neighbourhood is at hand.
  async centreOn(text) {
    if (text === this.graph.nodes[this.centre].text && this.drawnMode === "focus") return;
    if (this.partial === null) {
      this.centre = this.indexOf.get(text);
      this.expanded = new Set();
      this.selected = this.centre;
    } else {
      const generation = this.generation;
      this.elements.picture.classList.add("stale");
      const answer = await this.partial.around(text);
      // A new position typed meanwhile: its graph replaces this one.
      if (generation !== this.generation || (answer.error && answer.error.kind === "replaced")) return;
      this.elements.picture.classList.remove("stale");
      if (!answer.ok || !answer.ok.complete) {
        this.elements.info.append(h("p", {class: "warn"}, answer.ok
          ? `Too many positions within two moves of ${text} to draw.` : `Not drawn: ${answer.error.message}`));
        return;
      }
      this.load(answer.ok, 0);
    }
    const earlier = this.trail.indexOf(text);
    if (earlier >= 0) this.trail.length = earlier + 1;
    else this.trail.push(text);
    this.chosenMode = "focus";
    this.render();
    this.elements.picture.querySelector("g.node.centre").focus();
  }

  // The positions the graph was centred on, each a button back to it.
  drawTrail() {
    const trail = this.elements.trail;
    trail.replaceChildren("Centred on ");
    this.trail.forEach((text, i) => {
      if (i > 0) trail.append(" → ");
      trail.append(i === this.trail.length - 1
        ? h("strong", {"aria-current": "true"}, text)
        : h("button", {type: "button", onclick: () => this.centreOn(text)}, text));
    });
    trail.hidden = false;
  }

  selectNode(v) {
    this.selected = v;
    for (const g of this.drawnNodes) g.classList.toggle("selected", Number(g.dataset.index) === v);
    for (const e of this.drawnEdges) e.path.classList.toggle("chosen", e.from === v);
    const node = this.graph.nodes[v];
    const options = this.options[v].map((o) => this.graph.nodes[o.to]);
    const info = this.elements.info;
    info.replaceChildren();
    if (node.listed === false) {
      // A position at the edge of a neighbourhood: its options were not asked for.
      info.append(h("p", {id: "graph-selected"}, h("strong", {}, node.text),
        `: value ${valueText(node.value)}${node.value === 0 ? " (a P-position)" : ""}; centre the graph on it to see its options and their mex.`));
    } else {
      this.explainNode(node, options);
    }
    const actions = h("p", {class: "row"});
    if (this.drawnMode === "whole" && this.graph.nodes.length > 1) {
      actions.append(h("button", {type: "button", onclick: () => this.centreOn(node.text)}, `Draw the graph around ${node.text}`));
    } else if (this.drawnMode === "focus" && v !== this.centre) {
      actions.append(h("button", {type: "button", onclick: () => this.centreOn(node.text)}, `Centre the graph on ${node.text}`));
    }
    if (node.text !== this.rootText) {
      actions.append(h("button", {type: "button", onclick: () => this.choose(node.text)}, `Make ${node.text} the position`));
    }
    if (actions.childElementCount > 0) info.append(actions);
  }

  // The mex at a position whose options are all at hand.
  explainNode(node, options) {
    const info = this.elements.info;
    const finite = options.filter((o) => o.value !== null && typeof o.value !== "object");
    const values = [...new Set(finite.map((o) => Number(o.value)))].sort((a, b) => a - b);
    info.append(h("p", {id: "graph-selected"}, h("strong", {}, node.text), options.length === 0
      ? ": no move, so g = mex{} = 0 (a P-position: the player to move has lost)."
      : `: its ${options.length} option${options.length === 1 ? "" : "s"} have values {${values.join(", ")}}; the mex (least value not among them) is ${valueText(node.value)}` +
          (node.value === 0 ? ": a P-position, every move from it leads to a position of value other than 0." : ".")));
  }
}
