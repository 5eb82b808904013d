package serve

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
)

//go:embed static
var static embed.FS

// asset is a file of the page.
type asset struct {
	contentType string
	body        []byte
}

// assets are the page's files by path: the only files a request can get.
var assets = func() map[string]asset {
	out := map[string]asset{}
	for path, file := range map[string]string{"/": "index.html", "/app.js": "app.js", "/style.css": "style.css"} {
		b, err := static.ReadFile("static/" + file)
		if err != nil {
			panic(err) // embedded at build time: cannot happen
		}
		ct := map[string]string{".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}[filepath.Ext(file)]
		out[path] = asset{contentType: ct, body: b}
	}
	return out
}()

// contentSecurity is the page's Content-Security-Policy: its own script
// and style only, requests to itself only, nothing inline, no frames.
const contentSecurity = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler returns the server's routes (see the package documentation).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/answer", s.methods(s.answerHandler, http.MethodPost))
	mux.HandleFunc("/api/model", s.methods(s.modelHandler, http.MethodGet, http.MethodHead))
	mux.HandleFunc("/healthz", s.methods(s.healthHandler, http.MethodGet, http.MethodHead))
	mux.HandleFunc("/", s.methods(s.assetHandler, http.MethodGet, http.MethodHead))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurity)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cache-Control", "no-store")
		mux.ServeHTTP(w, r)
	})
}

// methods answers a request of another method than those allowed 405.
func (s *Server) methods(h http.HandlerFunc, allowed ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for _, m := range allowed {
			if r.Method == m {
				h(w, r)
				return
			}
		}
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("%s is not allowed on %s: use %s", r.Method, r.URL.Path, strings.Join(allowed, " or ")))
	}
}

// writeJSON writes v as the response, with the encoder `wap answer
// --json` prints with (so that an answer is the same bytes).
func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		status, b = http.StatusInternalServerError, bytes.Buffer{}
		json.NewEncoder(&b).Encode(map[string]string{"error": "writing the answer: " + err.Error()})
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// writeError writes {"error": "…"} with the status.
func writeError(w http.ResponseWriter, status int, err error) {
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

// assetHandler serves the page's files.
func (s *Server) assetHandler(w http.ResponseWriter, r *http.Request) {
	a, ok := assets[r.URL.Path]
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Errorf("no such page: %s (the page is /, the API /api/answer and /api/model)", r.URL.Path))
		return
	}
	w.Header().Set("Content-Type", a.contentType)
	w.Write(a.body)
}

// healthHandler says the server answers, and with which model version.
func (s *Server) healthHandler(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "model": s.Model()})
}

// modelHandler describes the model.
func (s *Server) modelHandler(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.current.Load().info)
}

// request is the body of POST /api/answer: one question or a list.
type request struct {
	Question  *string  `json:"question"`
	Questions []string `json:"questions"`
}

// answerObject is an answer as the API gives it: the object of `wap answer
// --json` (for a list, of `wap answer --json --file`), then the
// question's parts and the explanation.
type answerObject struct {
	answer.JSON
	QuestionParts []answer.Part `json:"question_parts,omitempty"`
	*answer.Explanation
}

// statusError is an error with the HTTP status that answers it.
type statusError struct {
	status int
	err    error
}

func (e statusError) Error() string { return e.err.Error() }

// readRequest reads and checks the body of POST /api/answer: its
// questions, and whether it is a list.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request) ([]string, bool, error) {
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		return nil, false, statusError{http.StatusUnsupportedMediaType, fmt.Errorf("the request body must be JSON with Content-Type: application/json, not %q", ct)}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, false, statusError{http.StatusRequestEntityTooLarge, fmt.Errorf("the request body is larger than the limit of %d bytes", s.cfg.MaxBody)}
	case err != nil:
		return nil, false, statusError{http.StatusBadRequest, fmt.Errorf("reading the request body: %w", err)}
	}
	var req request
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, false, statusError{http.StatusBadRequest, fmt.Errorf(`the request body is not the JSON object {"question": "…"} or {"questions": ["…", …]}: %v`, err)}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false, statusError{http.StatusBadRequest, errors.New("the request body holds more than one JSON value")}
	}
	list := req.Questions != nil
	qs := req.Questions
	switch {
	case list == (req.Question != nil):
		return nil, false, statusError{http.StatusBadRequest, errors.New(`give either "question" (a string) or "questions" (a list of strings)`)}
	case !list:
		qs = []string{*req.Question}
	case len(qs) == 0:
		return nil, false, statusError{http.StatusBadRequest, errors.New(`"questions" is an empty list`)}
	case len(qs) > s.cfg.MaxQuestions:
		return nil, false, statusError{http.StatusRequestEntityTooLarge, fmt.Errorf("the request holds %d questions, more than the limit of %d a request", len(qs), s.cfg.MaxQuestions)}
	}
	for i, q := range qs {
		name := "the question"
		if list {
			name = fmt.Sprintf("question %d", i+1)
		}
		switch {
		case len(q) > s.cfg.MaxQuestion:
			return nil, false, statusError{http.StatusRequestEntityTooLarge, fmt.Errorf("%s is %d bytes long, more than the limit of %d bytes", name, len(q), s.cfg.MaxQuestion)}
		case strings.TrimSpace(q) == "":
			return nil, false, statusError{http.StatusBadRequest, fmt.Errorf("%s is empty", name)}
		}
	}
	return qs, list, nil
}

// answerHandler answers POST /api/answer.
func (s *Server) answerHandler(w http.ResponseWriter, r *http.Request) {
	qs, list, err := s.readRequest(w, r)
	if err != nil {
		var se statusError
		errors.As(err, &se)
		writeError(w, se.status, se.err)
		return
	}
	m := s.current.Load()
	objs := make([]answerObject, len(qs))
	var ps []*model.Problem
	var at []int
	for i, q := range qs {
		p, err := answer.NewProblem(q, m.vocab, m.ens.Models[0].Layout)
		if err != nil {
			objs[i].Error = err.Error()
			continue
		}
		ps, at = append(ps, p), append(at, i)
		objs[i].QuestionParts, _ = answer.QuestionParts(q, m.ens.Models[0].Layout) // only the page's highlights
	}
	if len(ps) > 0 {
		res, err := s.answer(r.Context(), m, ps)
		if err != nil {
			writeError(w, http.StatusServiceUnavailable, err)
			return
		}
		for k, i := range at {
			parts := objs[i].QuestionParts
			objs[i] = answerObject{JSON: answer.NewJSON(ps[k], res.sols[k], answer.TrainedOn(m.cfg))}
			if res.sols[k].Err == nil {
				objs[i].QuestionParts, objs[i].Explanation = parts, res.xs[k]
			}
		}
	}
	if !list {
		if e := objs[0].Error; e != "" {
			writeError(w, http.StatusBadRequest, errors.New(e))
			return
		}
		writeJSON(w, http.StatusOK, objs[0])
		return
	}
	for i := range objs {
		objs[i].Line, objs[i].Question = i+1, qs[i]
		if objs[i].Error != "" {
			objs[i].QuestionParts = nil
		}
	}
	writeJSON(w, http.StatusOK, map[string][]answerObject{"answers": objs})
}
