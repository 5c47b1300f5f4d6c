// The page's Web Worker: the only place the WebAssembly module runs, so that a
// long search never freezes the page. It answers one request at a time:
//
//   page -> worker  {id, op, args, stopUrl}   args as web/bindings/requests.cpp reads them
//   worker -> page  {id, type: "progress", text}
//                   {id, type: "answer", raw}  raw: the module's JSON answer, as text
//                   {type: "ready"} once, or {type: "failed", message}
//
// Stop: while the module computes, this worker cannot receive messages, so the
// Context's poll hook asks synchronously: the page made a blob: URL for the
// request (stopUrl) and revokes it to stop it; a synchronous request for a
// revoked URL fails. It costs a few milliseconds, so it is asked at most every
// kStopCheckMs (measured in docs/web.md). SharedArrayBuffer would be cheaper but
// needs cross-origin isolation headers, which a folder of static files cannot
// send.
//
// The user's rules are JavaScript functions kept here; the module calls them
// through grundyHost.ruleMoves and gets their options in the format of
// web/bindings/js_rule.hpp. Positions cross as canonical JSON.
"use strict";

importScripts("grundy.js");

const kStopCheckMs = 150;

let module = null;
let session = 0;
let running = null;  // {id, stopUrl, lastCheck, stopped}
const rules = new Map();  // name -> the user's function

// An option made of several games side by side (their values are xored).
class Sum {
  constructor(parts) {
    this.parts = parts;
  }
}
function sum(...parts) {
  return new Sum(parts);
}

// JSON with sorted keys, no spaces, and "'" written \u0027 (js_rule.hpp).
function canonical(value, rule) {
  const seen = new Set();
  const walk = (v) => {
    if (v === null || typeof v === "boolean" || typeof v === "string") return v;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) throw new Error(`${v} is not a position (a JSON value)`);
      return v;
    }
    if (typeof v === "bigint") throw new Error(`the BigInt ${v} is not a position (use a number)`);
    if (v instanceof Sum) throw new Error("sum(…) is an option, not a position inside one");
    if (typeof v !== "object") throw new Error(`${typeof v} is not a position (a JSON value)`);
    if (seen.has(v)) throw new Error("a position refers to itself");
    seen.add(v);
    let out;
    if (Array.isArray(v)) {
      out = v.map(walk);
    } else {
      out = {};
      for (const key of Object.keys(v).sort()) out[key] = walk(v[key]);
    }
    seen.delete(v);
    return out;
  };
  const text = JSON.stringify(walk(value));
  if (text === undefined) throw new Error(`${String(value)} is not a position (a JSON value)`);
  return text.replace(/'/g, "\\u0027");
}

function describe(json) {
  return json.length > 80 ? json.slice(0, 77) + "…" : json;
}

const host = {
  stopRequested() {
    if (running === null) return false;
    if (running.stopped) return true;
    const now = performance.now();
    if (now - running.lastCheck < kStopCheckMs) return false;
    running.lastCheck = now;
    const check = new XMLHttpRequest();
    check.open("GET", running.stopUrl, false);
    try {
      check.send();
    } catch (revoked) {
      running.stopped = true;
    }
    return running.stopped;
  },
  progress(text) {
    if (running !== null) postMessage({id: running.id, type: "progress", text});
  },
  ruleMoves(name, positionJson) {
    const moves = rules.get(name);
    if (moves === undefined) return `!the rule ${name} is not defined here`;
    const position = JSON.parse(positionJson);
    let options;
    try {
      options = moves(position);
    } catch (error) {
      return `!your rule ${name} failed at position ${describe(positionJson)}: ${error}`;
    }
    if (options === null || typeof options !== "object" || typeof options[Symbol.iterator] !== "function") {
      return `!your rule ${name} returned ${describe(String(options))} at position ${describe(positionJson)}: ` +
          "it must return a list of options";
    }
    const lines = [];
    try {
      for (const option of options) {
        const parts = option instanceof Sum ? option.parts : [option];
        lines.push("+" + parts.map((part) => canonical(part)).join("\t"));
      }
    } catch (error) {
      return `!your rule ${name} gave an option of ${describe(positionJson)} that is not a position: ${error.message}`;
    }
    return lines.join("\n");
  },
  canonicalJson(text) {
    try {
      return canonical(JSON.parse(text));
    } catch (error) {
      return "!" + error.message;
    }
  },
};

function call(request) {
  const text = JSON.stringify(request);
  const size = module.lengthBytesUTF8(text) + 1;
  const input = module._malloc(size);
  module.stringToUTF8(text, input, size);
  const output = module._grundy_request(session, input);
  module._free(input);
  const answer = module.UTF8ToString(output);
  module._grundy_free(output);
  return answer;
}

function errorAnswer(kind, message) {
  return JSON.stringify({error: {kind, message}});
}

// The user's rule: its source defines `function moves(position)`; sum(a, b, …)
// is in scope. Compiled here, where it cannot touch the page.
function defineRule(name, source) {
  let moves;
  try {
    moves = new Function("sum", `"use strict";\n${source}\n;return typeof moves === "function" ? moves : undefined;`)(sum);
  } catch (error) {
    return errorAnswer("rule", `your rule ${name}: ${error.name}: ${error.message}`);
  }
  if (typeof moves !== "function") {
    return errorAnswer("rule", `your rule ${name} must define function moves(position)`);
  }
  const answer = call({op: "define_rule", name});
  if (JSON.parse(answer).ok !== undefined) rules.set(name, moves);
  return answer;
}

function handle(message) {
  const {id, op, args, stopUrl} = message;
  running = {id, stopUrl, lastCheck: performance.now(), stopped: false};
  let raw;
  try {
    if (op === "define_rule") {
      raw = defineRule(args.name, args.source);
    } else if (op === "resources") {
      // What this worker fetched (the page's own list does not hold it).
      raw = JSON.stringify({ok: performance.getEntriesByType("resource").map((e) => ({
        name: e.name, transferSize: e.transferSize, encodedBodySize: e.encodedBodySize, duration: e.duration}))});
    } else {
      raw = call(Object.assign({op}, args));
    }
  } catch (error) {
    // A trap in the module (it should not happen): say so, and keep answering.
    raw = errorAnswer("internal", `grundy: internal error: ${error}`);
  }
  running = null;
  postMessage({id, type: "answer", raw});
}

const waiting = [];
onmessage = (event) => {
  if (module === null) {
    waiting.push(event.data);
  } else {
    handle(event.data);
  }
};

createGrundyModule({grundyHost: host}).then(
    (ready) => {
      module = ready;
      session = module._grundy_session_new();
      postMessage({type: "ready"});
      for (const message of waiting.splice(0)) handle(message);
    },
    (error) => postMessage({type: "failed", message: String(error)}));
