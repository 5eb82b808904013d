package serve

import (
	"bytes"
	"encoding/json"
	"flag"

	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/d4lang/d4/sketches"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/synth"
	"github.com/d4lang/d4/tasks/wap/training"
)

// modelFlag names a trained model directory for the tests instead of the
// tiny one they train (the browser test's screenshot for the docs, the
// long load test).
var modelFlag = flag.String("model", "", "a trained model directory to serve in the tests (default: a tiny model trained by the tests)")

var tiny struct {
	once sync.Once
	root string
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if tiny.root != "" {
		os.RemoveAll(tiny.root)
	}
	os.Exit(code)
}

// testModel returns the model directory the tests serve: -model, or a
// model of the default sketch trained once for all the tests on 300
// generated problems for a few epochs (two restarts: an ensemble, as the
// default model is), in a few seconds.
func testModel(t testing.TB) string {
	t.Helper()
	if *modelFlag != "" {
		return *modelFlag
	}
	tiny.once.Do(func() {
		tiny.root, tiny.err = os.MkdirTemp("", "wap-serve-test-")
		if tiny.err == nil {
			tiny.dir, tiny.err = trainTiny(tiny.root)
		}
	})
	if tiny.err != nil {
		t.Fatalf("training the tests' model: %v", tiny.err)
	}
	return tiny.dir
}

// trainTiny trains a small model of the default sketch into root/model.
func trainTiny(root string) (string, error) {
	prep := filepath.Join(root, "prepared")
	if _, err := prepare.Prepare(prepare.Config{Out: prep, Source: prepare.Synthetic([3]int{400, 100, 10}, 1, synth.GeneralMix), Seed: 1}); err != nil {
		return "", err
	}
	data, err := prepare.LoadPrepared(prep)
	if err != nil {
		return "", err
	}
	file, src, err := sketches.Load("wap_steps")
	if err != nil {
		return "", err
	}
	m, err := model.NewModel(file, src, data.Vocab.Size(), true, 1)
	if err != nil {
		return "", err
	}
	scored, err := training.Score(m, prepare.Problems(data.Train))
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, "model")
	w, err := training.OpenTrainingDir(dir, 2, false)
	if err != nil {
		return "", err
	}
	defer w.Close()
	cfg := training.DefaultTrainConfig()
	cfg.Epochs, cfg.Restarts, cfg.Bag, cfg.Lexicon = 4, 2, 1, true
	_, _, err = training.TrainModels(w, training.RunSpec{SketchFile: file, Sketch: src, Vocab: data.Vocab, Train: scored.Kept,
		Dev: prepare.Problems(data.Dev), Cfg: cfg, Base: model.Config{Data: data.Summary.Source, DataDir: prep, Generated: data.Summary.Generated}})
	return dir, err
}

// newTestServer serves the test model on an httptest server.
func newTestServer(t testing.TB, change func(*Config)) (*Server, *httptest.Server) {
	t.Helper()
	cfg := DefaultConfig(testModel(t))
	cfg.Reload = 0
	if change != nil {
		change(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return s, ts
}

// post sends a JSON body to the server's /api/answer.
func post(t testing.TB, url, contentType, body string) (int, http.Header, []byte) {
	t.Helper()
	res, err := http.Post(url+"/api/answer", contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, b
}

// jsonBody is a JSON request body.
func jsonBody(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Every bad request is answered by one JSON object {"error": …} with the
// status that fits, and the limits are named.
func TestBadRequests(t *testing.T) {
	_, ts := newTestServer(t, func(c *Config) { c.MaxBody, c.MaxQuestion, c.MaxQuestions = 4000, 300, 3 })
	long := strings.Repeat("Sam has 5 apples. ", 20)
	tests := []struct {
		name, method, path, ctype, body string
		status                          int
		msg                             string // in the error
	}{
		{"wrong method", "GET", "/api/answer", "", "", 405, "GET is not allowed on /api/answer: use POST"},
		{"wrong method on the model", "POST", "/api/model", "application/json", "{}", 405, "use GET or HEAD"},
		{"wrong content type", "POST", "/api/answer", "text/plain", `{"question": "Sam has 5 apples and buys 3 more. How many?"}`, 415, "Content-Type: application/json"},
		{"no content type", "POST", "/api/answer", "", `{"question": "Sam has 5 apples and buys 3 more. How many?"}`, 415, "Content-Type: application/json"},
		{"invalid JSON", "POST", "/api/answer", "application/json", `{"question": "Sam`, 400, "not the JSON object"},
		{"not an object", "POST", "/api/answer", "application/json", `["Sam has 5 apples"]`, 400, "not the JSON object"},
		{"unknown field", "POST", "/api/answer", "application/json", `{"file": "/etc/passwd"}`, 400, `unknown field "file"`},
		{"two values", "POST", "/api/answer", "application/json", `{"question": "Sam has 5 apples and buys 3 more."} {}`, 400, "more than one JSON value"},
		{"neither", "POST", "/api/answer", "application/json", `{}`, 400, `either "question"`},
		{"both", "POST", "/api/answer", "application/json", `{"question": "a", "questions": ["b"]}`, 400, `either "question"`},
		{"empty question", "POST", "/api/answer", "application/json", `{"question": "  "}`, 400, "the question is empty"},
		{"empty in a list", "POST", "/api/answer", "application/json", `{"questions": ["Sam has 5 apples and buys 3 more.", ""]}`, 400, "question 2 is empty"},
		{"empty list", "POST", "/api/answer", "application/json", `{"questions": []}`, 400, "empty list"},
		{"no numbers", "POST", "/api/answer", "application/json", `{"question": "Sam has some apples and buys more. How many apples does he have?"}`, 400, "numbers"},
		{"too many numbers", "POST", "/api/answer", "application/json", jsonBody(map[string]string{"question": "Sam has 1 2 3 4 5 6 7 8 9 apples. How many?"}), 400, "numbers"},
		{"too long", "POST", "/api/answer", "application/json", jsonBody(map[string]string{"question": long}), 413, "360 bytes long, more than the limit of 300 bytes"},
		{"too many questions", "POST", "/api/answer", "application/json", jsonBody(map[string][]string{"questions": {"a 1", "b 2", "c 3", "d 4"}}), 413, "4 questions, more than the limit of 3"},
		{"body too large", "POST", "/api/answer", "application/json", jsonBody(map[string]string{"question": strings.Repeat("x", 5000)}), 413, "larger than the limit of 4000 bytes"},
		{"no such page", "GET", "/etc/passwd", "", "", 404, "no such page"},
		{"no file through the path", "GET", "/../../etc/passwd", "", "", 404, "no such page"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, ts.URL+tt.path, strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if tt.ctype != "" {
				req.Header.Set("Content-Type", tt.ctype)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var obj map[string]any
			err = json.NewDecoder(res.Body).Decode(&obj)
			msg, _ := obj["error"].(string)
			if res.StatusCode != tt.status || err != nil || len(obj) != 1 || !strings.Contains(msg, tt.msg) {
				t.Errorf("status %d, %v, %v; want %d and an error holding %q", res.StatusCode, obj, err, tt.status, tt.msg)
			}
			if ct := res.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			if tt.status == 405 && res.Header.Get("Allow") == "" {
				t.Error("405 without Allow")
			}
		})
	}
}

// A full queue answers 503 with Retry-After at once.
func TestQueueFull(t *testing.T) {
	s, ts := newTestServer(t, func(c *Config) { c.Queue, c.MaxQuestions = 2, 2 })
	s.pending.Add(1) // one question waits
	defer s.pending.Add(-1)
	code, h, b := post(t, ts.URL, "application/json", jsonBody(map[string][]string{"questions": {"Sam has 5 apples and buys 3 more. How many?", "Ann has 4 pens and 2 pencils. How many?"}}))
	if code != 503 || h.Get("Retry-After") == "" || !bytes.Contains(b, []byte("busy")) {
		t.Errorf("status %d, Retry-After %q, %s", code, h.Get("Retry-After"), b)
	}
	code, _, b = post(t, ts.URL, "application/json", jsonBody(map[string]string{"question": "Sam has 5 apples and buys 3 more. How many?"}))
	if code != 200 {
		t.Errorf("one question with room for it: status %d, %s", code, b)
	}
}

// The page and the model's description are served, with a Content-Security-Policy that allows no inline or
// foreign script.
func TestPageAndModel(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for path, want := range map[string]string{"/": "text/html", "/app.js": "text/javascript", "/style.css": "text/css"} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), want) || len(b) == 0 ||
			!strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") {
			t.Errorf("%s: %d %q, CSP %q", path, res.StatusCode, res.Header.Get("Content-Type"), csp)
		}
		if path == "/" && (bytes.Contains(b, []byte("<script>")) || bytes.Contains(b, []byte("http://")) || bytes.Contains(b, []byte("https://"))) {
			t.Error("the page has an inline script or names another host")
		}
		if path == "/app.js" && bytes.Contains(b, []byte("innerHTML")) {
			t.Error("the script uses innerHTML")
		}
	}
	res, err := http.Get(ts.URL + "/api/model")
	if err != nil {
		t.Fatal(err)
	}
	var info modelInfo
	err = json.NewDecoder(res.Body).Decode(&info)
	res.Body.Close()
	if err != nil || info.Models != 2 && *modelFlag == "" || info.Sketch == "" || len(info.Examples) == 0 || info.Numbers != "1 to 8" || info.Epochs == 0 {
		t.Errorf("model: %v, %+v", err, info)
	}
	res, err = http.Get(ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !bytes.Contains(b, []byte(`"status":"ok"`)) {
		t.Errorf("healthz: %d %s", res.StatusCode, b)
	}
}

// An answer explains itself: every example of the page is answered, with
// the question's parts spelling it, a slot view per decision, a trace
// that ends with the answer, and readings.
func TestAnswerExplained(t *testing.T) {
	_, ts := newTestServer(t, nil)
	code, _, b := post(t, ts.URL, "application/json", jsonBody(map[string][]string{"questions": examples}))
	if code != 200 {
		t.Fatalf("status %d: %s", code, b)
	}
	var res struct {
		Answers []struct {
			Line          int                     `json:"line"`
			Question      string                  `json:"question"`
			Answer        json.RawMessage         `json:"answer"`
			Choices       []int                   `json:"choices"`
			Error         string                  `json:"error"`
			QuestionParts []struct{ Text string } `json:"question_parts"`
			Slots         []json.RawMessage       `json:"slots"`
			Trace         []struct {
				Stack []struct{ Value json.RawMessage } `json:"stack"`
			} `json:"trace"`
			Readings []json.RawMessage `json:"readings"`
		} `json:"answers"`
	}
	if err := json.Unmarshal(b, &res); err != nil || len(res.Answers) != len(examples) {
		t.Fatalf("%v: %s", err, b)
	}
	for i, a := range res.Answers {
		var q strings.Builder
		for _, p := range a.QuestionParts {
			q.WriteString(p.Text)
		}
		if a.Error != "" || a.Line != i+1 || a.Question != examples[i] || q.String() != examples[i] || len(a.Slots) != len(a.Choices) || len(a.Readings) == 0 || len(a.Trace) == 0 {
			t.Errorf("answer %d: %+v", i, a)
			continue
		}
		last := a.Trace[len(a.Trace)-1].Stack
		if string(last[len(last)-1].Value) != string(a.Answer) {
			t.Errorf("answer %d: %s, the trace ends with %s", i, a.Answer, last[len(last)-1].Value)
		}
	}
}

// CheckAddr refuses an address other machines reach unless asked to.
func TestCheckAddr(t *testing.T) {
	for addr, ok := range map[string]bool{"127.0.0.1:8080": true, "localhost:0": true, "[::1]:80": true, "127.0.0.2:1": true,
		":8080": false, "0.0.0.0:8080": false, "192.168.1.2:80": false, "example.com:80": false, "8080": false} {
		if err := CheckAddr(addr, false); (err == nil) != ok {
			t.Errorf("CheckAddr(%q): %v", addr, err)
		}
	}
	if err := CheckAddr("0.0.0.0:8080", true); err != nil {
		t.Errorf("with public: %v", err)
	}
}

// waitFor polls until cond holds, for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}
