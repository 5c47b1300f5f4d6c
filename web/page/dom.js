// Small helpers for building the page: elements, error boxes with the column
// marked, boards drawn from their rows.

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) {
      element.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      element.className = value;
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) {
      element.addEventListener(name.slice(2), value);
    } else {
      element.setAttribute(name, String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

// The error box under an input: the CLI's one-line message, and when it names
// a column, the text with that character marked and a caret under it. Columns
// count characters (code points), as the CLI's do.
export function showError(box, error, text = null, input = null) {
  box.hidden = false;
  box.querySelector(".error-message").textContent = error.message;
  const place = box.querySelector(".error-place");
  if (place !== null) {
    place.replaceChildren();
    place.hidden = true;
    if (text !== null && error.column) {
      const characters = Array.from(text);
      const at = error.column - 1;
      const marked = at < characters.length ? characters[at] : " ";
      place.append(characters.slice(0, at).join(""), h("mark", {}, marked), characters.slice(at + 1).join(""),
          "\n" + " ".repeat(at) + "^ column " + error.column);
      place.hidden = false;
    }
  }
  box.dataset.column = error.column || "";
  if (input !== null) input.setAttribute("aria-invalid", "true");
}

export function clearError(box, input = null) {
  box.hidden = true;
  box.dataset.column = "";
  if (input !== null) input.removeAttribute("aria-invalid");
}

// A board from its drawing (rows of 0 free / 1 blocked, as `grundy value`
// prints it). `before`: the drawing before a move, whose newly blocked cells
// are shown as the piece just placed.
export function boardElement(drawing, before = null) {
  const rows = drawing.split("\n").filter((row) => row.length > 0);
  const old = before === null ? null : before.split("\n").filter((row) => row.length > 0);
  const columns = rows.length === 0 ? 0 : rows[0].length;
  const board = h("div", {class: "board", role: "img", "aria-label": `board: ${rows.join(" / ")}`});
  board.style.gridTemplateColumns = `repeat(${columns}, auto)`;
  rows.forEach((row, r) => {
    Array.from(row).forEach((cell, c) => {
      const placed = old !== null && old[r] !== undefined && old[r][c] === "0" && cell === "1";
      board.append(h("span", {class: placed ? "placed" : cell === "1" ? "blocked" : ""}));
    });
  });
  return board;
}

export function debounce(work, milliseconds) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => work(...args), milliseconds);
  };
}
