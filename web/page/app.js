// The page: six views over one engine (a Web Worker running grundy compiled to
// WebAssembly), the whole state in the address's fragment.

import {Engine} from "./engine.js";
import {h, showError, clearError, debounce} from "./dom.js";
import {readFragment, fragment} from "./state.js";
import {renderValue, renderExplanation} from "./answer.js";
import {GraphView} from "./graph.js";
import {renderTable} from "./table.js";
import {PlayView} from "./play.js";
import {BoardsView} from "./boards.js";
import {RuleView} from "./rule.js";
import {FilesView} from "./files.js";

const kViews = ["position", "table", "play", "boards", "rule", "files"];
// Work shorter than this shows no activity line (no flicker while typing).
const kActivityDelayMs = 300;
// Positions in a game graph listed whole at most; past it, the graph is drawn
// around one position from its neighbourhood (two moves deep, or one when
// that is too large), of at most these many positions and moves.
const kGraphLimit = 300;
const kNeighbourhoodLimit = 3000;
const kNeighbourhoodMoveLimit = 30000;

const $ = (id) => document.getElementById(id);

class Page {
  constructor() {
    this.engine = new Engine();
    this.state = readFragment(location.hash);
    this.timings = {start: performance.timeOrigin, firstAnswer: null, engineReady: null};
    this.views = {
      play: new PlayView(this),
      boards: new BoardsView(this),
      rule: new RuleView(this),
      files: new FilesView(this),
    };
    this.setUpTabs();
    this.setUpActivity();
    this.setUpPosition();
    this.setUpTable();
    window.addEventListener("hashchange", () => {
      if (location.hash === this.written) return;
      this.state = readFragment(location.hash);
      this.load();
    });
  }

  async start() {
    this.show();
    try {
      await this.engine.ready;
    } catch (error) {
      $("loading").textContent = `The engine could not start: ${error.message}. This page needs a browser with WebAssembly.`;
      return;
    }
    this.timings.engineReady = performance.now();
    $("loading").hidden = true;
    this.fillRulesets();
    await this.views.files.load();
    this.load();
  }

  // Everything shown follows the state (after a link was opened or changed).
  load() {
    this.show();
    $("expression").value = this.state.expression;
    $("misere").checked = this.state.misere;
    $("table-rule").value = this.state.tableRule;
    $("table-upto").value = this.state.tableUpto;
    $("table-misere").checked = this.state.tableMisere;
    this.views.play.load();
    this.views.boards.load();
    this.views.rule.load();
    this.views.files.render();
    this.answerPosition();
    if (this.state.view === "table") this.tabulate();
  }

  // Writes the state into the address; `remember` adds a history entry (a
  // move made, a view changed) instead of replacing the current one (typing).
  commit(remember = false) {
    const hash = fragment(this.state);
    if (hash === location.hash || (hash === "#" && location.hash === "")) return;
    this.written = hash;
    const url = location.pathname + location.search + hash;
    if (remember) history.pushState(null, "", url);
    else history.replaceState(null, "", url);
  }

  // ---- tabs ----
  setUpTabs() {
    const tabs = kViews.map((v) => $(`tab-${v}`));
    tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => this.switchTo(kViews[i]));
      tab.addEventListener("keydown", (event) => {
        const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
        if (step === 0) return;
        const next = (i + step + tabs.length) % tabs.length;
        tabs[next].focus();
        this.switchTo(kViews[next]);
      });
    });
  }

  switchTo(view) {
    if (this.state.view === view) return;
    this.state.view = view;
    this.commit(true);
    this.show();
    if (view === "table" && $("table-result").childElementCount === 0) this.tabulate();
    if (view === "play") this.views.play.shown();
    if (view === "boards") this.views.boards.answer();
  }

  show() {
    for (const v of kViews) {
      const selected = v === this.state.view;
      $(`view-${v}`).hidden = !selected;
      const tab = $(`tab-${v}`);
      tab.setAttribute("aria-selected", selected ? "true" : "false");
      tab.tabIndex = selected ? 0 : -1;
    }
  }

  // ---- the activity line and Stop ----
  setUpActivity() {
    let timer = null;
    this.engine.onActivity((activity) => {
      clearTimeout(timer);
      if (activity === null) {
        $("activity").hidden = true;
        return;
      }
      const update = () => {
        $("activity-text").textContent = activity.progress || `Working (${activity.op})…`;
        $("activity").hidden = false;
      };
      const waited = performance.now() - activity.since;
      if (waited >= kActivityDelayMs) update();
      else timer = setTimeout(update, kActivityDelayMs - waited);
    });
    $("stop").addEventListener("click", () => this.engine.stopAll());
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !$("activity").hidden) this.engine.stopAll();
    });
  }

  // ---- Position ----
  setUpPosition() {
    const input = $("expression");
    const typed = debounce(() => this.answerPosition(), 60);
    input.addEventListener("input", () => {
      this.typing = true;
      this.state.expression = input.value;
      this.commit();
      typed();
    });
    $("misere").addEventListener("change", () => {
      this.state.misere = $("misere").checked;
      this.commit();
      this.answerPosition();
    });
    for (const button of document.querySelectorAll("button.example")) {
      button.addEventListener("click", () => this.choosePosition(button.textContent));
    }
    this.graphView = new GraphView({note: $("graph-note"), mode: $("graph-mode"), trail: $("graph-trail"),
      picture: $("graph-picture"), info: $("graph-node")}, (after) => this.choosePosition(after));
  }

  // A new position from a click (a winning move, an option, a node): remembered
  // in the history, so Back returns to the position before.
  choosePosition(text) {
    this.state.expression = text;
    this.state.view = "position";
    $("expression").value = text;
    this.commit(true);
    this.show();
    this.answerPosition();
    $("expression").focus();
  }

  // While a new position is being answered, the old answer is shown faded.
  stale(on) {
    for (const id of ["answer", "explanation", "graph"]) $(id).classList.toggle("stale", on);
  }

  async answerPosition() {
    this.typing = false;
    const text = this.state.expression;
    this.stale(true);
    const args = {expression: text, misere: this.state.misere};
    const answer = await this.engine.request("value", args, {lane: "value", replaces: ["explain", "graph"]});
    if (answer.error && (answer.error.kind === "replaced")) return;
    if (text !== this.state.expression) return;
    $("answer").classList.remove("stale");
    const box = $("expression-error");
    const input = $("expression");
    const hideRest = () => {
      $("explanation").hidden = true;
      $("graph").hidden = true;
    };
    if (answer.error) {
      hideRest();
      if (answer.error.kind === "stopped") {
        $("answer").replaceChildren(h("p", {class: "note", id: "stopped"}, "Stopped. What was finished is kept: ask again to go on from there."));
        clearError(box, input);
        this.answered = text;
        return;
      }
      $("answer").replaceChildren();
      showError(box, answer.error, text, input);
      this.answered = text;
      return;
    }
    clearError(box, input);
    if (this.timings.firstAnswer === null) {
      this.timings.firstAnswer = performance.now();
      $("timing").textContent = `First answer ${(this.timings.firstAnswer / 1000).toFixed(2)} s after the page began to load.`;
    }
    this.lastValue = answer.ok;
    this.answered = text;
    const choose = (after) => this.choosePosition(after);
    renderValue($("answer"), answer.ok, choose);
    // Then why, and the picture (each may be stopped or replaced by typing).
    const explained = await this.engine.request("explain", args, {lane: "explain"});
    if (text !== this.state.expression) return;
    if (explained.error && explained.error.kind === "replaced") return;
    if (explained.error && explained.error.kind === "stopped") {
      $("explanation").hidden = true;
      $("graph").hidden = true;
      return;
    }
    $("explanation").classList.remove("stale");
    if (explained.ok) {
      renderExplanation($("explanation-body"), explained.ok, choose);
      $("explanation").hidden = false;
    } else {
      $("explanation").hidden = true;
    }
    if (this.state.misere) {
      $("graph").hidden = true;
      return;
    }
    const graph = await this.engine.request("graph", {expression: text, limit: kGraphLimit}, {lane: "graph"});
    if (text !== this.state.expression) return;
    $("graph").classList.remove("stale");
    if (graph.ok && graph.ok.complete) {
      // Shown before it is drawn: the view measures its box to choose the drawing.
      $("graph").hidden = false;
      this.graphView.show(graph.ok);
    } else if (graph.ok) {
      const around = async (position) => {
        const request = (depth) => this.engine.request("graph", {expression: position, limit: kNeighbourhoodLimit,
          edge_limit: kNeighbourhoodMoveLimit, depth}, {lane: "graph"});
        const twoMoves = await request(2);
        return twoMoves.ok && !twoMoves.ok.complete ? request(1) : twoMoves;
      };
      const neighbourhood = await around(text);
      if (text !== this.state.expression) return;
      if (neighbourhood.ok && neighbourhood.ok.complete) {
        $("graph").hidden = false;
        this.graphView.showAround(neighbourhood.ok, kGraphLimit, around);
      } else if (neighbourhood.ok) {
        this.graphView.tooLarge(`More than ${kGraphLimit} positions can be reached from here, and more than ` +
          `${kNeighbourhoodLimit} positions or ${kNeighbourhoodMoveLimit} moves within one move: too many to draw.`);
        $("graph").hidden = false;
      } else {
        $("graph").hidden = true;
      }
    } else {
      $("graph").hidden = true;
    }
  }

  // ---- Table ----
  setUpTable() {
    $("table-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.state.tableRule = $("table-rule").value;
      this.state.tableUpto = Math.max(0, Math.floor(Number($("table-upto").value) || 0));
      this.state.tableMisere = $("table-misere").checked;
      this.commit(true);
      this.tabulate();
    });
    for (const button of document.querySelectorAll("button.table-example")) {
      button.addEventListener("click", () => {
        $("table-rule").value = button.dataset.rule;
        $("table-upto").value = button.dataset.upto;
        $("table-misere").checked = false;
        $("table-form").requestSubmit();
      });
    }
  }

  async tabulate() {
    const rule = this.state.tableRule;
    const args = {rule, upto: this.state.tableUpto, misere: this.state.tableMisere};
    $("table-result").replaceChildren(h("p", {class: "note"}, "Computing…"));
    const answer = await this.engine.request("table", args, {lane: "table"});
    if (answer.error && answer.error.kind === "replaced") return;
    const box = $("table-error");
    if (answer.error) {
      $("table-result").replaceChildren(answer.error.kind === "stopped" ? h("p", {class: "note"}, "Stopped.") : "");
      if (answer.error.kind !== "stopped") showError(box, answer.error, rule, $("table-rule"));
      return;
    }
    clearError(box, $("table-rule"));
    renderTable($("table-result"), answer.ok);
    $("table-result").dataset.seconds = answer.seconds.toFixed(3);
  }

  async fillRulesets() {
    const answer = await this.engine.request("rulesets");
    if (!answer.ok) return;
    const body = document.querySelector("#rulesets tbody");
    body.replaceChildren(...answer.ok.map((r) => h("tr", {}, h("td", {}, r.syntax), h("td", {}, r.description))));
  }
}

const page = new Page();
// The browser tests (web/tests) and the curious reach the page through this.
window.grundyPage = page;
page.start();
