// Files that expressions name with @ (game graphs, boards): kept in the page's
// state and written into the module's memory, where `graph(@NAME)` and
// `nodekayles(@NAME)` read them as the CLI reads files on disk.

import {h, showError, clearError} from "./dom.js";
import {kMostFileText} from "./state.js";

const $ = (id) => document.getElementById(id);

// The repository's example files, copied beside the page by the build
// (web/CMakeLists.txt).
const kExamples = ["textbook.graph", "petersen.graph", "ferguson-triangle.graph", "wind-up.graph", "board.txt"];

export class FilesView {
  constructor(page) {
    this.page = page;
    $("files-add").addEventListener("click", () => {
      let n = 1;
      while (this.page.state.files[`file${n}.graph`] !== undefined) ++n;
      this.page.state.files[`file${n}.graph`] = "";
      this.save(true);
    });
    $("files-examples").addEventListener("click", async () => {
      for (const name of kExamples) {
        const response = await fetch(`examples/${name}`);
        if (response.ok) this.page.state.files[name] = await response.text();
      }
      this.save(true);
    });
    $("files-upload").addEventListener("change", async (event) => {
      for (const file of event.target.files) this.page.state.files[file.name] = await file.text();
      event.target.value = "";
      this.save(true);
    });
  }

  // Writes the files into the module (before the first expression is answered).
  async load() {
    await this.send();
  }

  async send() {
    const answer = await this.page.engine.request("set_files", {files: this.page.state.files});
    if (answer.error) showError($("files-error"), answer.error);
    else clearError($("files-error"));
    return answer;
  }

  async save(rerender) {
    this.page.commit(true);
    if (rerender) this.render();
    await this.send();
    this.page.answerPosition();
  }

  render() {
    const list = $("files-list");
    const names = Object.keys(this.page.state.files).sort();
    list.replaceChildren(...names.map((name) => {
      const text = h("textarea", {rows: 6, spellcheck: "false", "aria-label": `contents of ${name}`});
      text.value = this.page.state.files[name];
      text.addEventListener("change", () => {
        this.page.state.files[name] = text.value;
        this.save(false);
      });
      return h("div", {class: "file"},
          h("p", {class: "row"}, h("code", {}, `@${name}`),
              h("button", {type: "button", onclick: () => {
                delete this.page.state.files[name];
                this.save(true);
              }}, "Remove")),
          text);
    }));
    if (names.length === 0) list.append(h("p", {class: "note"}, "No files yet."));
    if (JSON.stringify(this.page.state.files).length > kMostFileText) {
      list.append(h("p", {class: "note warn", id: "files-not-in-link"},
          `These files are too long for the page's address (${kMostFileText.toLocaleString("en")} characters at most): a link to this page will not hold them.`));
    }
  }
}
