package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/cmd/wap/serve"
)

// postAnswer posts a body to the handler's /api/answer.
func postAnswer(t *testing.T, h http.Handler, body any) (int, []byte) {
	t.Helper()
	b, _ := json.Marshal(body)
	req := httptest.NewRequest("POST", "/api/answer", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// An answer of wap serve starts with the bytes `wap answer --json`
// prints for the same model and question (a list's, with those of `wap
// answer --json --file`), and a question the command refuses is refused
// with its error.
func TestServeAnswersAsTheCommandLine(t *testing.T) {
	dir := subtractModel(t)
	cfg := serve.DefaultConfig(dir)
	cfg.Reload = 0
	s, err := serve.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	h := s.Handler()
	questions := []string{subtracter, "Sam has 9 apples and eats 4. How many apples does he have?", "Sam has 12 apples and eats 3 and 4. How many apples does he have?"}
	for _, q := range questions {
		code, out, errs := runWap(t, "answer", "--json", "--model", dir, q)
		status, body := postAnswer(t, h, map[string]string{"question": q})
		if code != 0 || status != 200 || !bytes.HasPrefix(body, []byte(strings.TrimSuffix(out, "}\n")+`,"question_parts":`)) {
			t.Errorf("%q: wap answer --json: exit %d, %s%s\nwap serve: %d %s", q, code, out, errs, status, body)
		}
	}
	const bad = "Sam has some apples and eats them. How many apples does he have?"
	code, _, errs := runWap(t, "answer", "--json", "--model", dir, bad)
	status, body := postAnswer(t, h, map[string]string{"question": bad})
	var obj struct{ Error string }
	if err := json.Unmarshal(body, &obj); code == 0 || status != 400 || err != nil || obj.Error == "" || !strings.Contains(errs, obj.Error) {
		t.Errorf("%q: wap answer: exit %d, %s; wap serve: %d %s", bad, code, errs, status, body)
	}

	file := filepath.Join(t.TempDir(), "questions.txt")
	all := append(questions, bad)
	os.WriteFile(file, []byte(strings.Join(all, "\n")+"\n"), 0o644)
	_, out, _ := runWap(t, "answer", "--json", "--file", file, "--model", dir)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	status, body = postAnswer(t, h, map[string][]string{"questions": all})
	var list struct{ Answers []json.RawMessage }
	if err := json.Unmarshal(body, &list); status != 200 || err != nil || len(list.Answers) != len(lines) {
		t.Fatalf("wap serve: %d %v %s; wap answer --file: %s", status, err, body, out)
	}
	for i, a := range list.Answers {
		if want := strings.TrimSuffix(lines[i], "}"); !bytes.HasPrefix(a, []byte(want)) || strings.Contains(lines[i], `"error"`) && string(a) != lines[i] {
			t.Errorf("question %d: wap serve %s, wap answer --file %s", i+1, a, lines[i])
		}
	}
}

// wap serve refuses an address other machines reach without --public,
// arguments, and a model directory that is not one, before it listens.
func TestServeRefuses(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"serve", "--addr", "0.0.0.0:8080"}, 2, "not a loopback address"},
		{[]string{"serve", "--addr", ":8080"}, 2, "--public"},
		{[]string{"serve", "--addr", "8080"}, 2, "HOST:PORT"},
		{[]string{"serve", "extra"}, 2, "takes only flags"},
		{[]string{"serve", "--model", filepath.Join(t.TempDir(), "none"), "--addr", "127.0.0.1:0"}, 1, "none"},
	}
	for _, tt := range tests {
		code, _, errs := runWap(t, tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.msg) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("wap %v: exit %d, %q; want %d and one line holding %q", tt.args, code, errs, tt.code, tt.msg)
		}
	}
}
