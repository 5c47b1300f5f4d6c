// The user's own rule in JavaScript: `function moves(position)` returns the
// options. The engine values it through a callback (web/bindings/js_rule.hpp),
// tabulates it on heaps 0..N, looks for a period, and lets it join sums with
// the built-in games under its name. A rule that came with a link is shown,
// not run, until the user presses "Use this rule".

import {h, showError, clearError} from "./dom.js";
import {renderTable} from "./table.js";

const $ = (id) => document.getElementById(id);

export class RuleView {
  constructor(page) {
    this.page = page;
    this.used = null;  // {name, source} defined in the worker
    $("rule-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.use();
    });
    for (const [id, field] of [["rule-name", "ruleName"], ["rule-source", "ruleSource"]]) {
      $(id).addEventListener("input", () => {
        this.page.state[field] = $(id).value;
        this.page.commit();
      });
    }
    $("rule-upto").addEventListener("change", () => {
      this.page.state.ruleUpto = Math.max(0, Math.floor(Number($("rule-upto").value) || 0));
      this.page.commit();
    });
    $("rule-heaps").addEventListener("change", () => {
      this.page.state.ruleHeaps = $("rule-heaps").checked;
      $("rule-upto").disabled = !this.page.state.ruleHeaps;
      this.page.commit();
    });
  }

  load() {
    const s = this.page.state;
    $("rule-name").value = s.ruleName;
    $("rule-source").value = s.ruleSource;
    $("rule-upto").value = s.ruleUpto;
    $("rule-heaps").checked = s.ruleHeaps;
    $("rule-upto").disabled = !s.ruleHeaps;
    // Only a rule other than the page's own example needs reading first.
    const fromLink = this.used === null && location.hash.includes("rs=");
    $("rule-link-note").hidden = !fromLink;
  }

  async use() {
    const s = this.page.state;
    const name = s.ruleName.trim();
    $("rule-link-note").hidden = true;
    const defined = await this.page.engine.request("define_rule", {name, source: s.ruleSource});
    if (defined.error) {
      $("rule-result").replaceChildren();
      return showError($("rule-error"), defined.error);
    }
    this.used = {name, source: s.ruleSource};
    clearError($("rule-error"));
    this.page.fillRulesets();
    const result = $("rule-result");
    // Positions written with this rule can now be answered.
    if (this.page.state.expression.includes(name)) this.page.answerPosition();
    if (!s.ruleHeaps) {
      result.replaceChildren(h("p", {id: "rule-defined"}, `${name} is now a game of the expression language. Write a position `,
          `as JSON in double quotes, its own quotes written ': ${name}("[3,4,5]"), ${name}("{'a':1}"); a number stands `,
          `as it is: ${name}(7).`));
      return;
    }
    const table = await this.page.engine.request("table", {rule: name, upto: s.ruleUpto}, {lane: "rule"});
    if (table.error) {
      result.replaceChildren();
      if (table.error.kind === "stopped") return result.append(h("p", {class: "note"}, "Stopped."));
      if (table.error.kind !== "replaced") showError($("rule-error"), table.error);
      return;
    }
    renderTable(result, table.ok);
    result.dataset.seconds = table.seconds.toFixed(3);
    const example = `${name}(${Math.min(20, s.ruleUpto)}) + nim(3)`;
    result.append(h("p", {id: "rule-defined"}, `Your rule is now a game of the expression language: `,
        h("button", {type: "button", id: "rule-try", onclick: () => this.page.choosePosition(example)}, example)));
  }
}
