// A heap rule's table as `grundy table RULE --upto N --json` gives it, drawn:
// the pattern in words (period, preperiod, proven or only detected, and the
// proof), a plot of g(n) with the preperiod shaded and one period marked, and
// the values twenty to a line.

import {h, svg} from "./dom.js";

// The CLI's words for a pattern (cli/table_command.cpp, pattern_words).
export function patternWords(p) {
  let words;
  if (p.kind === "periodic") words = `periodic with period ${p.period} after a preperiod of ${p.preperiod}`;
  else if (p.kind === "arithmetic") words = `arithmetic-periodic with period ${p.period} and saltus ${p.saltus} after a preperiod of ${p.preperiod}`;
  else words = "no period found in the table";
  words += ` — ${p.status}`;
  if (p.proven && p.proof) words += ` (${p.proof})`;
  return words;
}

const kPlotWidth = 760;
const kPlotHeight = 240;
const kMargin = {left: 40, right: 12, top: 30, bottom: 30};

function plot(values, pattern) {
  const n = values.length;
  const numbers = values.map(Number);
  // A loop, not Math.max(...numbers): spreading 10^5 arguments overflows the
  // call stack (a stopped Officers table of 128 833 values did).
  let top = 1;
  for (const v of numbers) if (v > top) top = v;
  const w = kPlotWidth - kMargin.left - kMargin.right;
  const hgt = kPlotHeight - kMargin.top - kMargin.bottom;
  const X = (i) => kMargin.left + (n <= 1 ? 0 : (i / (n - 1)) * w);
  const Y = (v) => kMargin.top + hgt - (v / top) * hgt;
  const picture = svg("svg", {class: "plot", viewBox: `0 0 ${kPlotWidth} ${kPlotHeight}`, width: "100%",
    role: "img", "aria-label": `plot of g(n) for n = 0..${n - 1}`, id: "table-plot"});
  const found = pattern.kind !== "none" && pattern.period > 0;
  if (found && pattern.preperiod > 0) {
    const end = Math.min(Number(pattern.preperiod), n - 1);
    picture.append(svg("rect", {class: "preperiod", x: kMargin.left, y: kMargin.top, width: Math.max(1, X(end) - kMargin.left), height: hgt}));
    picture.append(svg("text", {x: kMargin.left + 4, y: kMargin.top - 8}, `preperiod ${pattern.preperiod}`));
  }
  if (found) {
    const from = Number(pattern.preperiod);
    const to = Math.min(from + Number(pattern.period), n - 1);
    if (from < n) {
      picture.append(svg("rect", {class: "period", x: X(from), y: kMargin.top, width: Math.max(2, X(to) - X(from)), height: hgt}));
      // Beside the preperiod's label when there is one.
      const at = pattern.preperiod > 0 ? Math.max(X(from), kMargin.left + 110) : X(from);
      picture.append(svg("text", {x: Math.min(at, kPlotWidth - 150), y: kMargin.top - 8, fill: "#b3411b"},
          `one period: ${pattern.period}${pattern.proven ? " (proven)" : " (detected)"}`));
    }
  }
  picture.append(svg("line", {class: "axis", x1: kMargin.left, y1: kMargin.top + hgt, x2: kMargin.left + w, y2: kMargin.top + hgt}));
  picture.append(svg("line", {class: "axis", x1: kMargin.left, y1: kMargin.top, x2: kMargin.left, y2: kMargin.top + hgt}));
  picture.append(svg("text", {x: kMargin.left - 6, y: kMargin.top + 8, "text-anchor": "end"}, String(top)));
  picture.append(svg("text", {x: kMargin.left - 6, y: kMargin.top + hgt, "text-anchor": "end"}, "0"));
  picture.append(svg("text", {x: kMargin.left, y: kPlotHeight - 8}, "0"));
  picture.append(svg("text", {x: kMargin.left + w, y: kPlotHeight - 8, "text-anchor": "end"}, `n = ${n - 1}`));
  picture.append(svg("text", {x: 4, y: kMargin.top + hgt / 2}, "g(n)"));
  if (n <= 1500) {
    const points = numbers.map((v, i) => `M${X(i).toFixed(1)} ${Y(v).toFixed(1)}h0`).join("");
    picture.append(svg("path", {class: "bar", d: points, "stroke-width": n <= 300 ? 4 : 2.5, "stroke-linecap": "round"}));
  } else {
    // One vertical bar per pixel column, from its least to its largest value.
    const columns = Math.floor(w);
    let d = "";
    for (let c = 0; c < columns; ++c) {
      const a = Math.floor((c / columns) * n);
      const b = Math.max(a + 1, Math.floor(((c + 1) / columns) * n));
      let low = Infinity;
      let high = -Infinity;
      for (let i = a; i < b; ++i) {
        low = Math.min(low, numbers[i]);
        high = Math.max(high, numbers[i]);
      }
      d += `M${(kMargin.left + c + 0.5).toFixed(1)} ${Y(low).toFixed(1)}V${(Y(high) - 0.8).toFixed(1)}`;
    }
    picture.append(svg("path", {class: "bar", d, "stroke-width": 1}));
  }
  return picture;
}

function valuesTable(values, pattern, shown) {
  const table = h("table", {class: "values", id: "table-values"});
  const found = pattern.kind !== "none";
  const body = h("tbody");
  for (let start = 0; start < shown; start += 20) {
    const tr = h("tr", {}, h("th", {scope: "row"}, `${start}:`));
    for (let i = start; i < Math.min(shown, start + 20); ++i) {
      const classes = [];
      if (found && i < pattern.preperiod) classes.push("pre");
      if (found && i >= pattern.preperiod && (i - pattern.preperiod) % pattern.period === 0) classes.push("period-start");
      if (String(values[i]) === "0") classes.push("zero");
      tr.append(h("td", {class: classes.join(" ")}, String(values[i])));
    }
    body.append(tr);
  }
  table.append(body);
  return table;
}

export function renderTable(container, answer) {
  const t = answer;
  container.replaceChildren();
  const values = t.values || [];
  const p = t.pattern;
  const status = h("span", {class: "badge" + (p.proven ? " proven" : ""), id: "table-status"},
      p.proven ? "proven" : p.status === "detected" ? "detected, not proven" : "no period found");
  container.append(h("p", {id: "table-summary"}, h("strong", {}, t.rule), t.code && t.code !== t.rule ? ` (${t.code})` : "",
      t.play === "misere" ? " misère" : "", `: g(0..${values.length - 1}) `, status));
  container.append(h("p", {id: "table-pattern"}, "Pattern: ", patternWords(p)));
  if (t.interrupted) {
    container.append(h("p", {class: "warn"}, `Stopped after ${values.length} values; those are exact.`));
  } else if (t.computed !== undefined && t.computed < values.length) {
    container.append(h("p", {class: "note"}, `g(${t.computed}..${values.length - 1}) follow from the proven period.`));
  }
  if (values.length > 0) {
    // A long table with a period plots its preperiod and a few periods: the
    // rest repeats them, and 10^5 values in 720 pixel columns would only draw
    // a band from 0 to the largest value.
    let plotted = values;
    if (p.kind !== "none" && p.period > 0 && values.length > 1500) {
      const end = Math.max(300, Number(p.preperiod) + 4 * Number(p.period));
      if (end <= 1500 && end < values.length) plotted = values.slice(0, end);
    }
    container.append(plot(plotted, p));
    if (plotted.length < values.length) {
      container.append(h("p", {class: "note", id: "table-plot-note"},
          `The plot shows g(0..${plotted.length - 1}): the preperiod and at least four periods; from there on ` +
          (p.kind === "arithmetic" ? `g(n + ${p.period}) = g(n) + ${p.saltus}.` : `the values repeat with period ${p.period}.`)));
    }
  }
  let shown = Math.min(values.length, 2000);
  const holder = h("div", {class: "scroll"}, valuesTable(values, p, shown));
  container.append(holder);
  if (shown < values.length) {
    const more = h("button", {type: "button", onclick: () => {
      shown = Math.min(values.length, shown + 20000);
      holder.replaceChildren(valuesTable(values, p, shown));
      if (shown >= values.length) more.remove();
    }}, "Show more values");
    container.append(h("p", {}, more));
  }
}
