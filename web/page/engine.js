// The page's side of the worker (worker.js): requests in order, one at a time,
// each with its own stop signal; answers parsed with every integer exact.
//
// A request may name a `lane` ("value" while typing, "graph", …): a newer
// request in the same lane replaces an older one still waiting, and stops it
// if it is already running — so typing never queues stale work behind a long
// search. The Stop button stops the running request (and drops what waits).

import {parseExact} from "./json.js";

export class Engine {
  constructor() {
    this.worker = new Worker("worker.js");
    this.nextId = 1;
    this.waiting = [];     // requests not sent yet
    this.current = null;   // the request the worker is computing
    this.listeners = new Set();  // activity: (state) => void
    this.readyAt = null;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.worker.onmessage = (event) => this.received(event.data);
    this.worker.onerror = (event) => this.rejectReady(new Error(event.message || "the worker failed to start"));
  }

  // Resolves to {ok} or {error: {kind, message, column?}}; `raw` is the JSON
  // text as the module wrote it (the tests compare it with the CLI's).
  // `replaces`: further lanes whose work this request makes stale (a new
  // position replaces the explanation and the graph of the old one).
  request(op, args = {}, {lane = null, replaces = [], onProgress = null} = {}) {
    return new Promise((resolve) => {
      const request = {id: this.nextId++, op, args, lane, onProgress, resolve, started: 0, progress: ""};
      const stale = lane === null ? replaces : [lane, ...replaces];
      if (stale.length > 0) {
        for (const old of this.waiting.filter((r) => stale.includes(r.lane))) this.finish(old, {error: {kind: "replaced"}});
        this.waiting = this.waiting.filter((r) => !stale.includes(r.lane));
        if (this.current !== null && stale.includes(this.current.lane)) this.stopCurrent();
      }
      this.waiting.push(request);
      this.pump();
    });
  }

  // The Stop button: the running request and everything waiting.
  stopAll() {
    for (const r of this.waiting.splice(0)) this.finish(r, {error: {kind: "stopped", message: "stopped"}});
    this.stopCurrent();
    this.notify();
  }

  stopCurrent() {
    if (this.current !== null && this.current.stopUrl !== null) {
      URL.revokeObjectURL(this.current.stopUrl);
      this.current.stopUrl = null;
    }
  }

  onActivity(listener) {
    this.listeners.add(listener);
  }

  notify() {
    const state = this.current === null ? null
        : {op: this.current.op, since: this.current.started, progress: this.current.progress};
    for (const listener of this.listeners) listener(state);
  }

  pump() {
    if (this.current !== null || this.waiting.length === 0) return;
    const request = this.waiting.shift();
    request.stopUrl = URL.createObjectURL(new Blob(["running"]));
    request.started = performance.now();
    this.current = request;
    this.worker.postMessage({id: request.id, op: request.op, args: request.args, stopUrl: request.stopUrl});
    this.notify();
  }

  received(message) {
    if (message.type === "ready") {
      this.readyAt = performance.now();
      this.resolveReady();
      return;
    }
    if (message.type === "failed") {
      this.rejectReady(new Error(message.message));
      return;
    }
    const request = this.current;
    if (request === null || request.id !== message.id) return;
    if (message.type === "progress") {
      request.progress = message.text;
      if (request.onProgress) request.onProgress(message.text);
      this.notify();
      return;
    }
    if (request.stopUrl !== null) URL.revokeObjectURL(request.stopUrl);
    this.current = null;
    const answer = parseExact(message.raw);
    answer.raw = message.raw;
    answer.seconds = (performance.now() - request.started) / 1000;
    this.finish(request, answer);
    this.notify();
    this.pump();
  }

  finish(request, answer) {
    request.resolve(answer);
  }
}
