// The page of `wap serve`. Every text that comes from a question or an
// answer is put in the page with textContent or setAttribute, never as
// HTML.
"use strict";

const $ = (id) => document.getElementById(id);

// el makes an element: el("span", {class: "x", text: "…", title: "…"}, child, …).
function el(tag, props, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null) continue;
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else if (k === "width") e.style.width = v; // CSSOM: the CSP allows no style attributes
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

const pct = (p) => (100 * p).toFixed(p >= 0.995 || p < 0.001 ? 0 : 1) + "%";
const palette = 8; // colours of the numbers: n0 … n7

// numberClass is the colour class of the question's number k.
const numberClass = (k) => "num n" + (k % palette);

// hot marks every element of number k (in the question, the formula, the
// bars and the trace) while the pointer is on one of them.
function hot(k, on) {
  for (const e of document.querySelectorAll('[data-number="' + k + '"]')) e.classList.toggle("hot", on);
}

// numberEl is a marked number of the question: text, colour, link.
function numberEl(tag, k, text, props) {
  const e = el(tag, Object.assign({class: numberClass(k), "data-number": String(k), text: text}, props || {}));
  e.addEventListener("mouseenter", () => hot(k, true));
  e.addEventListener("mouseleave", () => hot(k, false));
  e.addEventListener("focus", () => hot(k, true));
  e.addEventListener("blur", () => hot(k, false));
  return e;
}

// partsEl writes a formula or a question from its parts, numbers marked.
function partsEl(container, parts, link) {
  container.replaceChildren();
  for (const p of parts || []) {
    if (p.number === undefined) container.append(document.createTextNode(p.text));
    else container.append(link(p.number, p.text));
  }
}

// answerText writes a value of the answer (a number, or a fraction "7/3").
const answerText = (v) => (v === undefined || v === null ? "" : String(v));

let model = null;

async function loadModel() {
  try {
    const r = await fetch("/api/model");
    if (!r.ok) throw new Error((await r.json()).error);
    model = await r.json();
  } catch (e) {
    showError("Could not read the model's description: " + e.message);
    return;
  }
  $("about-text").textContent = "This is " + model.description + ". It answers problems of " + model.numbers +
    " numbers with one or two of + − × ÷.";
  const facts = $("about-facts");
  facts.replaceChildren();
  const fact = (k, v) => facts.append(el("dt", {text: k}), el("dd", {text: v}));
  fact("Accuracy on its dev set", model.dev_accuracy.toFixed(1) + "% (from config.json)");
  fact("Trained on", model.trained_on);
  fact("Models", String(model.models));
  fact("Training time", Math.round(model.train_seconds) + " s");
  fact("Sketch", model.sketch_file);
  fact("Version", model.version + (model.complete ? "" : " (still training)"));
  $("about-sketch").textContent = model.sketch;
  const ex = $("examples");
  ex.replaceChildren(el("span", {class: "try", text: "Try:"}));
  for (const q of model.examples) {
    const b = el("button", {type: "button", class: "example", text: q});
    b.addEventListener("click", () => {
      $("question").value = q;
      ask();
    });
    ex.append(b);
  }
}

function showError(msg) {
  $("error").textContent = msg;
  $("error").hidden = false;
}

async function ask() {
  const q = $("question").value;
  $("error").hidden = true;
  if (!q.trim()) {
    showError("Type a question first.");
    return;
  }
  $("submit").disabled = true;
  $("status").textContent = "Thinking…";
  try {
    const r = await fetch("/api/answer", {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({question: q}),
    });
    const obj = await r.json();
    if (!r.ok) {
      $("result").hidden = true;
      showError(obj.error || "The server answered " + r.status + ".");
      return;
    }
    show(obj);
  } catch (e) {
    showError("No answer from the server: " + e.message);
  } finally {
    $("submit").disabled = false;
    $("status").textContent = "";
  }
}

// show puts an answer on the page.
function show(a) {
  $("answer").textContent = answerText(a.answer);
  partsEl($("formula"), a.formula_parts, (k, text) =>
    numberEl("a", k, text, {id: "f-num-" + k, href: "#q-num-" + k, title: "number " + (k + 1) + " of the question"}));
  $("formula").append(document.createTextNode(" = " + answerText(a.answer)));
  $("confidence").textContent = "confidence " + pct(a.confidence);
  $("confidence-bar").style.width = (100 * a.confidence).toFixed(1) + "%";
  const aside = $("set-aside");
  if (a.set_aside) {
    const s = a.set_aside;
    aside.textContent = "The model's most probable reading was " + s.formula +
      (s.value !== undefined ? " = " + answerText(s.value) : "") + " (" + pct(s.p) + "), set aside: " + s.why +
      ". A word problem's answer is " + (s.why === "negative" ? "not negative" : "a number of the question's kind") + ".";
    aside.hidden = false;
  } else aside.hidden = true;

  const used = new Set((a.formula_parts || []).filter((p) => p.number !== undefined).map((p) => p.number));
  partsEl($("read"), a.question_parts, (k, text) =>
    numberEl(used.has(k) ? "a" : "mark", k, text, used.has(k)
      ? {id: "q-num-" + k, href: "#f-num-" + k, title: "number " + (k + 1) + ": used in the formula"}
      : {id: "q-num-" + k, class: numberClass(k) + " unused", title: "number " + (k + 1) + ": not used"}));

  const rs = $("readings");
  rs.replaceChildren();
  for (const r of a.readings || []) {
    const li = el("li", {class: r.chosen ? "chosen" : ""},
      el("span", {class: "r-formula", text: r.formula + (r.value !== undefined ? " = " + answerText(r.value) : "")}),
      el("span", {class: "meter small"}, el("span", {class: "fill", width: (100 * r.p).toFixed(1) + "%"})),
      el("span", {class: "r-p", text: pct(r.p)}),
      r.chosen ? el("span", {class: "tag", text: "answer"}) : null,
      r.why ? el("span", {class: "tag warn", text: "set aside: " + r.why}) : null);
    rs.append(li);
  }

  showSlots(a);
  showTrace(a);
  $("result").hidden = false;
}

// slotTitle says what a slot chooses.
function slotTitle(s) {
  const valid = s.options.filter((o) => o.valid);
  if (valid.length && valid.every((o) => o.number !== undefined)) return "which number";
  if (valid.length && valid.every((o) => ["+", "-", "*", "/"].includes(o.word))) return "which operation";
  if (s.kind === "permute") return "the numbers' order";
  return "which result";
}

function showSlots(a) {
  const box = $("slots");
  box.replaceChildren();
  a.slots.forEach((s, j) => {
    const valid = s.options.map((o, c) => [o, c]).filter(([o]) => o.valid);
    const hidden = s.options.length - valid.length;
    const list = el("div", {class: "bars"});
    valid.sort((x, y) => y[0].p - x[0].p);
    for (const [o, c] of valid) {
      const label = o.number !== undefined
        ? numberEl("span", o.number, (a.numbers || [])[o.number] || o.word, {title: "number " + (o.number + 1) + " of the question"})
        : el("span", {class: "word", text: o.word === "*" ? "×" : o.word === "/" ? "÷" : o.word === "-" ? "−" : o.word});
      list.append(el("div", {class: "bar-row" + (c === s.chosen ? " chosen" : "")},
        el("span", {class: "opt"}, label),
        el("span", {class: "meter"}, el("span", {class: "fill", width: Math.max(0.5, 100 * o.p).toFixed(1) + "%"})),
        el("span", {class: "p", text: pct(o.p)}),
        el("span", {class: "whatif", text: o.formula ? "→ " + o.formula + (o.value !== undefined ? " = " + answerText(o.value) : "") : ""})));
    }
    box.append(el("div", {class: "slot"},
      el("h3", {text: "Slot " + (j + 1) + ": " + slotTitle(s)},
        el("span", {class: "where", text: " · " + s.kind + ", line " + s.line})),
      list,
      hidden ? el("p", {class: "hint", text: hidden + " choice" + (hidden > 1 ? "s" : "") +
        " that would read a number the question does not have, or one another pick took, " + (hidden > 1 ? "are" : "is") + " never taken."}) : null));
  });
}

// cellEl writes a value of the data stack.
function cellEl(c, a) {
  const v = answerText(c.value);
  if (c.number !== undefined) return numberEl("span", c.number, (a.numbers || [])[c.number] || v, {class: numberClass(c.number) + " cell"});
  return el("span", {class: "cell" + (c.formula ? " computed" : ""), text: v, title: c.formula ? c.formula + " = " + v : null});
}

function showTrace(a) {
  const t = $("trace");
  t.replaceChildren(el("thead", {}, el("tr", {},
    el("th", {text: "step"}), el("th", {text: "pc"}), el("th", {text: "word"}), el("th", {text: "data stack"}))));
  const body = el("tbody");
  for (const r of a.trace) {
    const stack = el("td", {class: "stack"});
    for (const c of r.stack) stack.append(cellEl(c, a));
    const word = r.slot !== undefined
      ? el("td", {class: "word"}, el("span", {class: "slotword", text: "slot " + (r.slot + 1) + " → " + r.word}))
      : el("td", {class: "word", text: r.word});
    body.append(el("tr", {class: r.slot !== undefined ? "slotrow" : ""},
      el("td", {text: String(r.n)}), el("td", {text: String(r.pc)}), word, stack));
  }
  t.append(body);
}

document.addEventListener("DOMContentLoaded", () => {
  $("ask").addEventListener("submit", (e) => {
    e.preventDefault();
    ask();
  });
  $("question").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) ask();
  });
  $("about-button").addEventListener("click", () => {
    const about = $("about");
    about.hidden = !about.hidden;
    $("about-button").setAttribute("aria-expanded", String(!about.hidden));
  });
  loadModel();
});
