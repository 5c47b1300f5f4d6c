// An answer as `grundy value` and `grundy explain` give it, drawn: the value
// and the outcome in words, every winning move with the position after it (a
// button: it becomes the new position), boards drawn; the options with their
// values and the mex, or the binary xor column of a sum.

import {h, boardElement} from "./dom.js";
import {valueText} from "./json.js";

function drawingsOf(text, drawings) {
  return drawings && drawings[text] !== undefined ? drawings[text] : null;
}

// The winning (or drawing) moves as buttons; `choose(after)` makes the move.
export function movesList(moves, drawings, choose, label) {
  const list = h("ul", {class: "moves", "aria-label": label});
  for (const move of moves) {
    const board = drawingsOf(move.result, drawings);
    const before = drawingsOf(move.component_text, drawings);
    const button = h("button", {type: "button", class: "move", "data-after": move.after, onclick: () => choose(move.after, move)},
        h("span", {}, `${move.component_text}: ${move.action}`), " → ", h("span", {class: "move-after"}, move.after));
    if (board !== null) button.append(h("br"), boardElement(board, before));
    list.append(h("li", {}, button));
  }
  return list;
}

export function renderValue(container, answer, choose) {
  const a = answer.value;
  container.replaceChildren();
  const drawings = answer.drawings;
  const boards = a.components.map((c) => drawingsOf(c.text, drawings)).filter((d) => d !== null);
  if (boards.length > 0) container.append(h("div", {class: "boards-shown"}, boards.map((d) => boardElement(d))));
  if (a.play === "misere") container.append(h("p", {id: "play-line"}, "Play: misère (the player who makes the last move loses)"));
  const line = h("p", {class: "value-line", id: "value-line"});
  if (a.value !== null) {
    line.append(a.play === "misere" ? "Misère nim-value " : "Nim-value ", h("strong", {id: "nim-value"}, valueText(a.value)), " — ");
  } else if (a.value_note) {
    line.append("Nim-value not computed (", a.value_note, ") — ");
  }
  line.append(h("span", {id: "outcome", class: a.outcome === "P" ? "outcome-p" : ""}, answer.outcome_words));
  container.append(line);
  if (a.components.length > 1) {
    container.append(h("p", {class: "note"}, `${a.components.length} components: `,
        a.components.slice(0, 12).map((c) => `${c.text} = ${valueText(c.value)}`).join(", "),
        a.components.length > 12 ? ", …" : ""));
  }
  if (a.outcome === "N") {
    const total = a.winning_move_count;
    container.append(h("h3", {}, `Winning move${total === 1 ? "" : "s"} (${a.winning_move_count_is_lower_bound ? "at least " : ""}${total})`));
    if (a.reversal) container.append(h("p", {class: "note"}, "The last move raised a component with cycles: answer it there (the reversal rule)."));
    container.append(movesList(a.winning_moves, drawings, choose, "winning moves"));
    if (total > a.winning_moves.length) container.append(h("p", {class: "note"}, `… and ${total - a.winning_moves.length} more`));
  } else if (a.outcome === "D") {
    container.append(h("h3", {}, `Drawing moves (${a.drawing_move_count})`));
    container.append(movesList(a.drawing_moves, drawings, choose, "drawing moves"));
  } else {
    container.append(h("p", {id: "no-win"}, answer.no_move ? "No move is possible: the player to move has already lost."
        : "Every move loses against perfect play."));
  }
}

function binaryTable(e) {
  const table = h("table", {class: "components", "aria-label": "values in binary and their xor"});
  table.append(h("thead", {}, h("tr", {}, h("th", {}, "component"), h("th", {}, "g in binary"), h("th", {class: "num"}, "g"))));
  const body = h("tbody");
  for (const c of e.components) {
    body.append(h("tr", {}, h("td", {}, c.text), h("td", {}, c.binary !== undefined ? c.binary : valueText(c.value)),
        h("td", {class: "num"}, valueText(c.value))));
  }
  if (e.xor) body.append(h("tr", {class: "xor"}, h("td", {}, "xor"), h("td", {}, e.xor.binary), h("td", {class: "num"}, valueText(e.xor.value))));
  table.append(body);
  return table;
}

export function renderExplanation(container, answer, choose) {
  const e = answer.explain;
  container.replaceChildren();
  if (e.error) {
    container.append(h("p", {class: "note"}, e.error));
    return;
  }
  if (e.play === "misere") {
    if (e.misere_rule) container.append(h("p", {}, e.misere_rule + "."));
    else container.append(h("p", {class: "note"}, "Misère play of a single heap: its misère value comes from the rule's misère table."));
    return;
  }
  if (e.components.length === 0) {
    container.append(h("p", {}, "The empty game has no move: the player to move has lost."));
    return;
  }
  if (e.components.length === 1) {
    const name = e.components[0].text;
    if (e.option_count === 0) {
      container.append(h("p", {}, `${name} has no move: the player to move has lost, and its value is mex{} = 0.`));
      return;
    }
    container.append(h("p", {}, `${name} has ${e.options_complete ? "" : "more than "}${e.options.length} option${e.option_count === 1 ? "" : "s"}:`));
    const table = h("table", {class: "components", id: "options-table"});
    table.append(h("thead", {}, h("tr", {}, h("th", {}, "move"), h("th", {}, "leaves"), h("th", {class: "num"}, "g"))));
    const body = h("tbody");
    for (const o of e.options) {
      const board = drawingsOf(o.after, answer.drawings);
      const cell = h("td", {}, h("button", {type: "button", class: "link", onclick: () => choose(o.after)}, o.after));
      if (board !== null) cell.append(h("br"), boardElement(board, drawingsOf(name, answer.drawings)));
      body.append(h("tr", {}, h("td", {}, o.action), cell, h("td", {class: "num"}, valueText(o.value))));
    }
    table.append(body);
    container.append(h("div", {class: "scroll"}, table));
    if (e.options_complete && e.mex !== null) {
      const values = [...new Set(e.options.filter((o) => typeof o.value !== "object").map((o) => String(o.value)))]
          .sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1));
      container.append(h("p", {id: "mex-line"}, `Their values are {${values.join(", ")}}; the least value not among them (the mex) is `,
          h("strong", {}, String(e.mex)), `, so g(${name}) = ${e.mex}.`));
    } else if (e.pattern_note) {
      container.append(h("p", {}, `Too many options to list: ${e.pattern_note}.`));
    }
    return;
  }
  container.append(h("p", {}, "The value of a sum is the xor (nim-sum) of its components' values (Sprague–Grundy):"));
  container.append(h("div", {class: "scroll"}, binaryTable(e)));
  if (e.outcome === "N" && e.xor) {
    container.append(h("p", {}, `A winning move changes one component of value v into one of value v xor ${e.xor.value}, which makes the xor 0:`));
    const list = h("ul", {class: "moves"});
    for (const m of e.winning_moves) {
      list.append(h("li", {}, h("button", {type: "button", class: "move", onclick: () => choose(m.after)},
          `${m.component_text}: ${m.from_value} → ${m.from_value} xor ${e.xor.value} = ${m.to_value}: ${m.action} → `,
          h("span", {class: "move-after"}, m.after))));
    }
    container.append(list);
  } else if (e.outcome === "P" && e.xor) {
    container.append(h("p", {}, "The xor is 0: every move changes one component's value, so it leaves a xor that is not 0, from which the opponent can always return to 0."));
  }
}
