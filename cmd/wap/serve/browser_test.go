package serve

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/d4lang/d4/internal/testskip"
)

// screenshotFlag names where the browser test saves its screenshot of the
// page (docs/serve.png with the default model, for the README).
var screenshotFlag = flag.String("screenshot", "", "save the browser test's screenshot of the page to this PNG file")

// browser starts headless chromium (Debian's package), or skips the test
// when it is not installed.
func browser(t *testing.T) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		testskip.Skip(t, "chromium is not installed (apt-get install chromium): the page is not tested in a browser")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1100, 900),
		chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true), chromedp.Flag("disable-dev-shm-usage", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	return ctx
}

// js runs a script for its effect.
func js(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](expr)(ctx, t)
		return err
	})
}

// read reads the page (readPage) into st.
func read(st *pageState) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) (err error) {
		*st, err = chromedp.Evaluate[pageState](readPage)(ctx, t)
		return err
	})
}

// shown waits until the answer or the error is shown.
func shown(what string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Poll[any](what, chromedp.WithPollingTimeout(60*time.Second))(ctx, t)
		return err
	})
}

// get runs an action for its value into v.
func get[T any](a chromedp.Action[T], v *T) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) (err error) {
		*v, err = a(ctx, t)
		return err
	})
}

// pageState is what the test reads from the page after an answer.
type pageState struct {
	Answer      string   `json:"answer"`
	Formula     string   `json:"formula"`
	Read        string   `json:"read"`
	Marked      []string `json:"marked"`
	Linked      []string `json:"linked"` // the formula's numbers
	Slots       int      `json:"slots"`
	TraceRows   int      `json:"traceRows"`
	Error       string   `json:"error"`
	ErrorShown  bool     `json:"errorShown"`
	ResultShown bool     `json:"resultShown"`
	Pwned       any      `json:"pwned"`
	Images      int      `json:"images"`
	Violations  []string `json:"violations"`
	Overflow    bool     `json:"overflow"`
}

const readPage = `({
	answer: document.getElementById("answer").textContent,
	formula: document.getElementById("formula").textContent,
	read: document.getElementById("read").textContent,
	marked: [...document.querySelectorAll("#read .num")].map(e => e.textContent),
	linked: [...document.querySelectorAll("#formula .num")].map(e => e.textContent),
	slots: document.querySelectorAll("#slots .slot").length,
	traceRows: document.querySelectorAll("#trace tbody tr").length,
	error: document.getElementById("error").textContent,
	errorShown: !document.getElementById("error").hidden,
	resultShown: !document.getElementById("result").hidden,
	pwned: window.pwned === undefined ? null : window.pwned,
	images: document.querySelectorAll("main img").length,
	violations: window.violations || [],
	overflow: document.documentElement.scrollWidth > window.innerWidth + 1,
})`

// ask types a question, presses the button and waits for the answer or
// the error, and reads the page.
func ask(ctx context.Context, t *testing.T, question string) pageState {
	t.Helper()
	var st pageState
	err := chromedp.Do(ctx,
		js(`document.getElementById("result").hidden = true; document.getElementById("error").hidden = true; document.getElementById("question").value = ""`),
		chromedp.SendKeys(chromedp.ID("question"), question),
		chromedp.Click(chromedp.ID("submit")),
		shown(`!document.getElementById("result").hidden || !document.getElementById("error").hidden`),
		read(&st),
	)
	if err != nil {
		t.Fatalf("asking %q: %v", question, err)
	}
	return st
}

// The page as a person uses it, in a real browser: type a question and
// press the button, read the answer, the formula and the numbers marked;
// click an example; a hostile question is shown as text and runs no
// script; a question the model cannot read shows its error; nothing
// breaks the Content-Security-Policy; the page fits a phone's width.
func TestPageInBrowser(t *testing.T) {
	ctx := browser(t)
	_, ts := newTestServer(t, nil)
	const question = "Sam had 12 apples. He gave 5 of them to Ann. How many apples does Sam have now?"
	code, _, b := post(t, ts.URL, "application/json", jsonBody(map[string]string{"question": question}))
	var api struct {
		Answer  json.RawMessage `json:"answer"`
		Formula string          `json:"formula"`
		Numbers []string        `json:"numbers"`
	}
	if err := json.Unmarshal(b, &api); code != 200 || err != nil {
		t.Fatalf("the API: %d %v %s", code, err, b)
	}
	err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL),
		js(`window.violations = []; document.addEventListener("securitypolicyviolation", e => window.violations.push(e.violatedDirective))`),
		chromedp.WaitVisible(chromedp.CSS(".example")),
	)
	if err != nil {
		t.Fatal(err)
	}

	st := ask(ctx, t, question)
	if !st.ResultShown || st.Answer != string(api.Answer) || st.Formula != api.Formula || st.Read != question ||
		strings.Join(st.Marked, " ") != "12 5" || len(st.Linked) == 0 || st.Slots == 0 || st.TraceRows == 0 {
		t.Errorf("the page shows %+v; the API answered %s", st, b)
	}

	// An example, clicked, is asked.
	var first, value string
	err = chromedp.Do(ctx,
		js(`document.getElementById("result").hidden = true`),
		get(chromedp.TextContent(chromedp.CSS(".example")), &first),
		chromedp.Click(chromedp.CSS(".example")),
		shown(`!document.getElementById("result").hidden`),
		get(chromedp.Value(chromedp.ID("question")), &value),
		read(&st),
	)
	if err != nil {
		t.Fatal(err)
	}
	if first != examples[0] || value != examples[0] || st.Read != examples[0] || st.Answer == "" || len(st.Marked) < 2 {
		t.Errorf("example %q: question box %q, page %+v", first, value, st)
	}

	// A hostile question is text: no script runs, no element is made.
	const hostile = `<script>window.pwned = "script"</script> Sam has <img src=x onerror="window.pwned = 'img'"> 5 apples and buys 3 more. How many apples does he have?`
	st = ask(ctx, t, hostile)
	if !st.ResultShown || st.Read != hostile || st.Pwned != nil || st.Images != 0 || strings.Join(st.Marked, " ") != "5 3" {
		t.Errorf("hostile question: %+v", st)
	}
	const hostileError = `<img src=x onerror="window.pwned = 'error'"> no numbers here <b>at all</b>`
	st = ask(ctx, t, hostileError)
	if !st.ErrorShown || !strings.Contains(st.Error, `"<img"`) || st.Pwned != nil || st.Images != 0 {
		t.Errorf("hostile question without numbers: %+v", st)
	}

	// The answer people would look at, for the screenshot.
	var png []byte
	st = ask(ctx, t, examples[5])
	err = chromedp.Do(ctx, get(chromedp.FullScreenshot(100), &png))
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Violations) > 0 {
		t.Errorf("the page breaks its Content-Security-Policy: %v", st.Violations)
	}
	if len(png) < 1000 {
		t.Errorf("a screenshot of %d bytes", len(png))
	}
	out := filepath.Join(t.TempDir(), "serve.png")
	if *screenshotFlag != "" {
		out = *screenshotFlag
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}

	// On a phone's width nothing is wider than the screen.
	err = chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Sleep(200*time.Millisecond), read(&st), get(chromedp.FullScreenshot(100), &png))
	if err != nil || st.Overflow {
		t.Errorf("on a phone: %v, wider than the screen: %v", err, st.Overflow)
	}
	if *screenshotFlag != "" {
		os.WriteFile(strings.TrimSuffix(out, ".png")+"-phone.png", png, 0o644)
	}
}
