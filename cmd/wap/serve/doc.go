// Package serve is `wap serve`: one page and a JSON API that answer word
// problems with a trained model directory and show how ∂4 reached each
// answer.
//
// Routes:
//
//	GET  /              the page (index.html, app.js, style.css: embedded, no build step, nothing from another host)
//	POST /api/answer    {"question": "…"} → the object `wap answer --json` prints, byte for byte, followed by
//	                    question_parts, slots, trace, readings and formula_parts (answer.Explanation);
//	                    {"questions": ["…", …]} → {"answers": [...]}, each as `wap answer --json --file` prints
//	                    the question's line (line, question, …), with the same additions, or its error
//	GET  /api/model     what the model is: sketch, data, accuracy figures from config.json, example questions
//	GET  /healthz       {"status": "ok", "model": VERSION}
//
// Errors are one JSON object {"error": "…"} with the status that fits:
// 400 (invalid JSON, an empty question, a question the model cannot read —
// no numbers, too many, unknown words —), 404, 405 (with Allow), 413 (a
// body, question or list over its limit: the message names the limit),
// 415 (a body that is not application/json), 503 with Retry-After (the
// queue is full, or the server is shutting down).
//
// Decisions. The trace is the decided program's run on the symbolic
// machine with exact arithmetic — the run that computes the answer shown —,
// not ∂4's soft state: the slots' bars show ∂4's distributions, and the
// trace what the decisions taken do with the question's numbers.
// Questions are answered by a fixed pool of workers that take what the
// bounded queue holds, up to Config.Batch questions at a time, and run them
// through the model together (the reader reads them as one batch).
// DefaultConfig has a worker per CPU answering one question at a time:
// on two quiet cores two workers answered 297 questions a second at 16
// clients (p99 68 ms) where one answered 187 (p99 106 ms); a batch of ten
// questions took longer per question than ten alone, so workers take one.
// (On a machine loaded by other jobs two workers were no faster than one.)
// A request whose questions do not fit the queue is answered 503 at once, so memory is bounded by the queue, the body limit and the workers'
// batches. The model directory is checked every Config.Reload: a new
// version (config.json changed) is loaded whole (package modeldir publishes
// versions as a unit, model.Load checks every checksum) and replaces the
// old one between batches; a version that fails to load is logged and the
// old one kept. Requests never name a file: the only files read are the
// model directory's.
package serve
