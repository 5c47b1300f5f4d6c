// The whole state of the page, kept in the address's fragment so that a
// position, a table, a game in progress, boards, a rule or files can be shared
// as a link. Only what differs from the defaults is written; files only while
// they are short (an address of megabytes is no link).

export const kMostFileText = 8000;

export const kGrundysGame = `// Grundy's game: split a heap into two unequal heaps.
function moves(n) {
  const options = [];
  for (let a = 1; 2 * a < n; a++) options.push(sum(a, n - a));
  return options;
}`;

export const defaults = {
  view: "position",
  expression: "nim(3,4,5)",
  misere: false,
  tableRule: "kayles",
  tableUpto: 100,
  tableMisere: false,
  playStart: "kayles(9)",
  playFirst: "me",
  playPosition: "",   // the game in progress ("" when none)
  playTurn: "me",
  boards: "cram:0000/0000/0000",
  ruleName: "mine",
  ruleSource: kGrundysGame,
  ruleUpto: 100,
  ruleHeaps: true,
  files: {},
};

// name in the state -> key in the fragment
const keys = {
  view: "v", expression: "e", misere: "m", tableRule: "tr", tableUpto: "tu", tableMisere: "tm",
  playStart: "ps", playFirst: "pf", playPosition: "pp", playTurn: "pt", boards: "b",
  ruleName: "rn", ruleSource: "rs", ruleUpto: "ru", ruleHeaps: "rh", files: "f",
};

export function readFragment(hash) {
  const state = structuredClone(defaults);
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  for (const [name, key] of Object.entries(keys)) {
    if (!params.has(key)) continue;
    const text = params.get(key);
    const fallback = defaults[name];
    if (typeof fallback === "boolean") {
      state[name] = text === "1";
    } else if (typeof fallback === "number") {
      const n = Number(text);
      if (Number.isFinite(n) && n >= 0) state[name] = Math.floor(n);
    } else if (name === "files") {
      try {
        const files = JSON.parse(text);
        if (files !== null && typeof files === "object") state.files = files;
      } catch (ignored) {
        // A damaged link: no files.
      }
    } else {
      state[name] = text;
    }
  }
  return state;
}

export function fragment(state) {
  const params = new URLSearchParams();
  for (const [name, key] of Object.entries(keys)) {
    const value = state[name];
    const fallback = defaults[name];
    if (name === "files") {
      const text = JSON.stringify(value);
      if (Object.keys(value).length > 0 && text.length <= kMostFileText) params.set(key, text);
    } else if (value !== fallback) {
      params.set(key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
    }
  }
  return "#" + params.toString();
}
