// Play against perfect play, as `grundy play` does: on your turn every move is
// a button (or type the position after your move); the computer answers with a
// winning move when it has one and says why, otherwise with the move that
// leaves you the fewest winning replies. Whoever cannot move loses.

import {h, showError, clearError, boardElement} from "./dom.js";

const $ = (id) => document.getElementById(id);
const kMenu = 200;

export class PlayView {
  constructor(page) {
    this.page = page;
    this.log = [];
    $("play-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.newGame();
    });
  }

  load() {
    const s = this.page.state;
    $("play-start").value = s.playStart;
    for (const radio of document.querySelectorAll('input[name="play-first"]')) radio.checked = radio.value === s.playFirst;
    if (s.view === "play") this.shown();
  }

  // The view was opened: go on with the game in progress, if any.
  shown() {
    const s = this.page.state;
    if (s.playPosition !== "" && $("play-game").childElementCount === 0) this.step();
  }

  newGame() {
    const s = this.page.state;
    s.playStart = $("play-start").value;
    s.playFirst = document.querySelector('input[name="play-first"]:checked').value;
    s.playPosition = s.playStart;
    s.playTurn = s.playFirst;
    this.log = [];
    $("play-log").replaceChildren();
    this.page.commit(true);
    this.step();
  }

  record(who, move) {
    const entry = h("li", {class: who}, `${who === "you" ? "You" : "Computer"}: ${move.component_text}: ${move.action} → ${move.after}`,
        move.reason ? h("span", {class: "note"}, ` (${move.reason})`) : "");
    $("play-log").append(entry);
  }

  positionBlock(expression, components = [], drawings = {}) {
    const block = h("div", {}, h("p", {}, "Position: ", h("code", {id: "play-position"}, expression)));
    for (const text of components) {
      if (drawings[text] !== undefined) block.append(boardElement(drawings[text]));
    }
    return block;
  }

  finish(result) {
    const s = this.page.state;
    $("play-game").append(h("p", {class: "result", id: "play-result"}, result),
        h("p", {class: "note"}, result === "you win" ? "The computer has no move left: whoever cannot move loses."
            : "You have no move left: whoever cannot move loses. Press New game to try again — from an N-position, " +
              "the winning moves of the Position view win every time."));
    s.playPosition = "";
    this.page.commit();
  }

  async step() {
    const s = this.page.state;
    const expression = s.playPosition;
    const game = $("play-game");
    if (s.playTurn === "me") {
      const answer = await this.page.engine.request("moves", {expression, limit: kMenu}, {lane: "play"});
      if (answer.error) return this.failed(answer.error, expression);
      clearError($("play-error"), $("play-start"));
      game.replaceChildren(this.positionBlock(answer.ok.expression, answer.ok.components, answer.ok.drawings));
      const moves = answer.ok.moves;
      if (moves.length === 0) return this.finish("you lose");
      game.append(h("p", {}, "Your move:"));
      const list = h("ul", {class: "moves", id: "play-moves"});
      for (const move of moves) {
        const board = answer.ok.drawings[move.result];
        const button = h("button", {type: "button", class: "move", "data-after": move.after, onclick: () => this.mine(move)},
            `${move.component_text}: ${move.action} → `, h("span", {class: "move-after"}, move.after));
        if (board !== undefined) button.append(h("br"), boardElement(board, answer.ok.drawings[move.component_text] ?? null));
        list.append(h("li", {}, button));
      }
      game.append(list);
      if (answer.ok.more) {
        const typed = h("input", {type: "text", spellcheck: "false", "aria-label": "the position after your move"});
        game.append(h("form", {class: "row", onsubmit: (event) => {
          event.preventDefault();
          this.typed(expression, typed.value);
        }}, h("label", {}, `… more than ${kMenu} moves: type the position after yours `, typed), h("button", {type: "submit"}, "Move")));
      }
      list.querySelector("button").focus({preventScroll: true});
      return;
    }
    game.replaceChildren(this.positionBlock(expression), h("p", {class: "note"}, "The computer is thinking…"));
    const answer = await this.page.engine.request("computer_move", {expression}, {lane: "play"});
    if (answer.error) return this.failed(answer.error, expression);
    if (answer.ok.move === null) {
      game.replaceChildren(this.positionBlock(expression));
      return this.finish("you win");
    }
    const move = answer.ok.move;
    this.record("computer", move);
    s.playPosition = move.after;
    s.playTurn = "me";
    this.page.commit();
    this.step();
  }

  mine(move) {
    const s = this.page.state;
    this.record("you", move);
    s.playPosition = move.after;
    s.playTurn = "computer";
    this.page.commit(true);
    this.step();
  }

  async typed(expression, text) {
    const answer = await this.page.engine.request("move_to", {expression, typed: text}, {lane: "play"});
    if (answer.error) return showError($("play-error"), answer.error);
    if (answer.ok.move === null) {
      return showError($("play-error"), {message: `no legal move leads to ${text}`});
    }
    clearError($("play-error"));
    this.mine(answer.ok.move);
  }

  failed(error, expression) {
    if (error.kind === "replaced") return;
    if (error.kind === "stopped") {
      $("play-game").replaceChildren(h("p", {class: "note"}, "Stopped. Press New game, or open this view again to go on."));
      return;
    }
    showError($("play-error"), error, expression, $("play-start"));
  }
}
