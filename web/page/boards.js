// Placement boards drawn and edited by clicking cells: the 2×2-block game,
// Cram and Node Kayles on a grid, several boards summed (a move is made on one
// of them, as the judge problems play them). The boards are written as the
// expression `cram(0000/0100) + blocks2x2(…)` and answered by the engine; a
// winning move, clicked, is made on the boards. The judge's own format (many
// cases of many boards, Yes or No) is answered as `grundy boards` answers it.

import {h, showError, clearError} from "./dom.js";
import {renderValue} from "./answer.js";

const $ = (id) => document.getElementById(id);
const kGames = [
  ["cram", "Cram (dominoes)"],
  ["blocks2x2", "2×2 blocks"],
  ["nodekayles_grid", "Node Kayles on the grid"],
];
const kMostSide = 16;

// "cram:0000/0100;blocks2x2:000/000" <-> [{game, rows: ["0000", "0100"]}]
function parseBoards(text) {
  const boards = [];
  for (const item of text.split(";")) {
    const [game, cells] = item.split(":");
    if (!kGames.some(([name]) => name === game) || cells === undefined) continue;
    const rows = cells.split("/").filter((row) => /^[01]+$/.test(row));
    if (rows.length === 0 || rows.some((row) => row.length !== rows[0].length)) continue;
    if (rows.length > kMostSide || rows[0].length > kMostSide) continue;
    boards.push({game, rows});
  }
  return boards;
}

function writeBoards(boards) {
  return boards.map((b) => `${b.game}:${b.rows.join("/")}`).join(";");
}

// A board in the expression language: its rows joined by "/" (one row ends
// with "/" so that it does not read as a number).
export function boardTerm(board) {
  return `${board.game}(${board.rows.join("/")}${board.rows.length === 1 ? "/" : ""})`;
}

export class BoardsView {
  constructor(page) {
    this.page = page;
    this.boards = [];
    $("boards-add").addEventListener("click", () => {
      this.boards.push({game: this.boards.length ? this.boards[this.boards.length - 1].game : "cram", rows: ["000", "000", "000"]});
      this.changed(true);
      this.render();
      const editors = document.querySelectorAll(".board-editor");
      editors[editors.length - 1].querySelector("select").focus();
    });
    $("boards-open").addEventListener("click", () => this.page.choosePosition(this.expression()));
    $("judge-run").addEventListener("click", () => this.judge());
    // examples/cases.txt: two cases.
    $("judge-text").value = "3\n2 2\n00\n00\n3 3\n000\n000\n000\n3 4\n0000\n0100\n0000\n1\n4 4\n0000\n0000\n0000\n0000\n";
  }

  load() {
    this.boards = parseBoards(this.page.state.boards);
    this.render();
    if (this.page.state.view === "boards") this.answer();
  }

  expression() {
    return this.boards.length === 0 ? "0" : this.boards.map(boardTerm).join(" + ");
  }

  changed(remember = false) {
    this.page.state.boards = writeBoards(this.boards);
    this.page.commit(remember);
    $("boards-expression").textContent = this.expression();
    this.answer();
  }

  render() {
    const list = $("boards-list");
    list.replaceChildren(...this.boards.map((board, index) => this.editor(board, index)));
    $("boards-expression").textContent = this.expression();
  }

  editor(board, index) {
    const rows = board.rows.length;
    const columns = board.rows[0].length;
    const select = h("select", {"aria-label": `game of board ${index + 1}`, onchange: () => {
      board.game = select.value;
      this.changed();
    }}, kGames.map(([name, words]) => h("option", {value: name, selected: name === board.game}, words)));
    const size = (what, value) => h("input", {type: "number", min: 1, max: kMostSide, value, "aria-label": `${what} of board ${index + 1}`,
      onchange: (event) => {
        const n = Math.min(kMostSide, Math.max(1, Math.floor(Number(event.target.value) || 1)));
        const newRows = what === "rows" ? n : rows;
        const newColumns = what === "columns" ? n : columns;
        board.rows = Array.from({length: newRows}, (_, r) =>
          Array.from({length: newColumns}, (_, c) => (board.rows[r] && board.rows[r][c]) || "0").join(""));
        this.changed();
        this.render();
      }});
    const cells = h("div", {class: "cells", role: "grid", "aria-label": `board ${index + 1}: ${rows} rows, ${columns} columns`});
    cells.style.gridTemplateColumns = `repeat(${columns}, auto)`;
    const buttons = [];
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < columns; ++c) {
        const blocked = board.rows[r][c] === "1";
        const button = h("button", {type: "button", "aria-pressed": blocked ? "true" : "false", tabindex: r === 0 && c === 0 ? 0 : -1,
          "aria-label": `row ${r + 1}, column ${c + 1}`, "data-row": r, "data-column": c,
          onclick: () => {
            const row = Array.from(board.rows[r]);
            row[c] = row[c] === "1" ? "0" : "1";
            board.rows[r] = row.join("");
            button.setAttribute("aria-pressed", row[c] === "1" ? "true" : "false");
            this.changed();
          },
          onkeydown: (event) => {
            const moves = {ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0]};
            const step = moves[event.key];
            if (!step) return;
            event.preventDefault();
            const nr = Math.min(rows - 1, Math.max(0, r + step[0]));
            const nc = Math.min(columns - 1, Math.max(0, c + step[1]));
            const next = buttons[nr * columns + nc];
            for (const b of buttons) b.tabIndex = -1;
            next.tabIndex = 0;
            next.focus();
          }});
        buttons.push(button);
        cells.append(button);
      }
    }
    return h("fieldset", {class: "board-editor"},
        h("legend", {}, `Board ${index + 1}`),
        h("div", {class: "row"},
            h("label", {}, "Game ", select),
            h("label", {}, "Rows ", size("rows", rows)),
            h("label", {}, "Columns ", size("columns", columns)),
            h("button", {type: "button", onclick: () => {
              board.rows = board.rows.map((row) => "0".repeat(row.length));
              this.changed();
              this.render();
            }}, "Free every cell"),
            h("button", {type: "button", onclick: () => {
              this.boards.splice(index, 1);
              this.changed(true);
              this.render();
            }}, "Remove")),
        cells);
  }

  async answer() {
    const expression = this.expression();
    const answer = await this.page.engine.request("value", {expression}, {lane: "boards"});
    if (answer.error && answer.error.kind === "replaced") return;
    if (expression !== this.expression()) return;
    if (answer.error) {
      $("boards-answer").replaceChildren();
      if (answer.error.kind === "stopped") {
        $("boards-answer").append(h("p", {class: "note"}, "Stopped."));
      } else {
        showError($("boards-error"), answer.error);
      }
      return;
    }
    clearError($("boards-error"));
    // A winning move clicked is made on the boards: its board after the move
    // replaces the one it was made on.
    renderValue($("boards-answer"), answer.ok, (after, move) => {
      const drawing = answer.ok.drawings[move.result];
      if (drawing === undefined) return this.page.choosePosition(after);
      this.boards[move.component].rows = drawing.split("\n").filter((row) => row.length > 0);
      this.changed(true);
      this.render();
    });
  }

  async judge() {
    const answer = await this.page.engine.request("boards", {text: $("judge-text").value, game: $("judge-game").value}, {lane: "judge"});
    const out = $("judge-answer");
    if (answer.error) {
      out.replaceChildren();
      if (answer.error.kind !== "replaced") showError($("judge-error"), answer.error);
      return;
    }
    clearError($("judge-error"));
    out.replaceChildren(h("ol", {id: "judge-cases"}, answer.ok.cases.map((c) => h("li", {},
        h("strong", {}, c.answer), ` — values ${c.boards.map((b) => b.value).join(" xor ")} = ${c.xor}`,
        c.winning_move_count > 0 ? `; ${c.winning_move_count} winning move${c.winning_move_count === 1 ? "" : "s"}, e.g. board ${c.winning_moves[0].board}: ${c.winning_moves[0].action}` : ""))));
  }
}
