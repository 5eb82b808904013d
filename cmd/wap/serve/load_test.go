package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
)

// loadFlag runs the load test longer, at 1, 4 and 16 clients (the figures
// of docs/serve.md: go test ./cmd/wap/serve -run TestLoad -load 20s
// -model models/wap -v).
var loadFlag = flag.Duration("load", 0, "run the load test this long at each of 1, 4 and 16 clients and report the figures (default: 3 s at 16 clients)")

// batchFlag and workersFlag set Config.Batch and Config.Workers in the
// load test (to measure what they buy).
var (
	batchFlag   = flag.Int("batch", 0, "the load test's Config.Batch (default: DefaultConfig's)")
	workersFlag = flag.Int("workers", 0, "the load test's Config.Workers (default: DefaultConfig's)")
)

// maxHeap is the bound on the heap in use while the load test runs: the
// model, the queue's questions and the workers' batches.
const maxHeap = 512 << 20

// loadQuestions are the questions the load test's clients ask, in turn.
var loadQuestions = append(slices.Clone(examples),
	"Ann has 7 pens and gets 3 more. How many pens does she have?",
	"A farmer had 120 eggs. He sold 45 in the morning and 38 in the afternoon. How many eggs does he have left?",
	"Lisa has 4 bags with 9 marbles in each bag. She finds 7 more marbles. How many marbles does she have?",
	"There are 5 rows of 8 chairs. How many chairs are there?",
)

// commandLine returns what `wap answer --json` prints for each question
// with the model of dir: the command's own functions, run here.
func commandLine(t testing.TB, dir string, qs []string) [][]byte {
	t.Helper()
	ens, cfg, vocab, err := answer.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, q := range qs {
		p, err := answer.NewProblem(q, vocab, ens.Models[0].Layout)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		sols, err := ens.Solve([]*model.Problem{p})
		if err != nil || sols[0].Err != nil {
			t.Fatalf("%q: %v %v", q, err, sols[0].Err)
		}
		var b bytes.Buffer
		json.NewEncoder(&b).Encode(answer.NewJSON(p, sols[0], answer.TrainedOn(cfg)))
		out = append(out, bytes.TrimSuffix(b.Bytes(), []byte("}\n")))
	}
	return out
}

// loadResult is one run of the load test.
type loadResult struct {
	clients, requests, errors int
	seconds, cpu              float64 // wall-clock and CPU seconds (the process's, the clients' too)
	p50, p99                  time.Duration
	maxHeap                   uint64
	firstError                string
}

// runLoad runs clients that ask in turn until d has passed, and checks
// each answer against the command line's.
func runLoad(url string, clients int, d time.Duration, want [][]byte) loadResult {
	var (
		mu        sync.Mutex
		latencies []time.Duration
		errs      atomic.Int64
		first     atomic.Value
		heap      atomic.Uint64
	)
	stop := make(chan struct{})
	go func() { // sample the heap
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > heap.Load() {
				heap.Store(ms.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}, Timeout: 30 * time.Second}
	cpu0 := cpuSeconds()
	start := time.Now()
	end := start.Add(d)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for i := c; time.Now().Before(end); i += clients {
				k := i % len(loadQuestions)
				body, _ := json.Marshal(map[string]string{"question": loadQuestions[k]})
				t0 := time.Now()
				res, err := client.Post(url+"/api/answer", "application/json", bytes.NewReader(body))
				var b []byte
				if err == nil {
					b, err = io.ReadAll(res.Body)
					res.Body.Close()
					if err == nil && (res.StatusCode != 200 || !bytes.HasPrefix(b, want[k])) {
						err = fmt.Errorf("%q: %d %.300s", loadQuestions[k], res.StatusCode, b)
					}
				}
				mine = append(mine, time.Since(t0))
				if err != nil {
					errs.Add(1)
					first.CompareAndSwap(nil, err.Error())
				}
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	close(stop)
	r := loadResult{clients: clients, requests: len(latencies), errors: int(errs.Load()), seconds: time.Since(start).Seconds(), cpu: cpuSeconds() - cpu0, maxHeap: heap.Load()}
	if f, ok := first.Load().(string); ok {
		r.firstError = f
	}
	slices.Sort(latencies)
	if n := len(latencies); n > 0 {
		r.p50, r.p99 = latencies[n/2], latencies[min(n-1, n*99/100)]
	}
	return r
}

// A bounded load on loopback: clients ask without pause for a few seconds
// (-load: longer, at 1, 4 and 16 clients); no request fails, every answer
// is the command line's, and the heap stays under maxHeap.
func TestLoad(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "a load test of a few seconds")
	}
	dir := testModel(t)
	want := commandLine(t, dir, loadQuestions)
	_, ts := newTestServer(t, func(c *Config) {
		if *batchFlag > 0 {
			c.Batch = *batchFlag
		}
		if *workersFlag > 0 {
			c.Workers = *workersFlag
		}
	})
	if host, _, _ := net.SplitHostPort(strings.TrimPrefix(ts.URL, "http://")); !net.ParseIP(host).IsLoopback() {
		t.Fatalf("the test server is not on loopback: %s", ts.URL)
	}
	runs := []int{16}
	d := 3 * time.Second
	if *loadFlag > 0 {
		runs, d = []int{1, 4, 16}, *loadFlag
	}
	runLoad(ts.URL, 2, time.Second, want) // warm up
	for _, clients := range runs {
		r := runLoad(ts.URL, clients, d, want)
		line := fmt.Sprintf("%2d clients: %5d requests in %.1f s: %6.1f req/s, p50 %4.0f ms, p99 %4.0f ms, %.1f CPU ms a request, heap in use at most %d MiB (GOMAXPROCS %d)",
			clients, r.requests, r.seconds, float64(r.requests)/r.seconds, ms(r.p50), ms(r.p99), 1000*r.cpu/float64(max(r.requests, 1)), r.maxHeap>>20, runtime.GOMAXPROCS(0))
		t.Log(line)
		if *loadFlag > 0 {
			fmt.Fprintln(os.Stderr, line)
		}
		if r.errors > 0 || r.requests == 0 {
			t.Errorf("%d clients: %d of %d requests failed, the first: %s", clients, r.errors, r.requests, r.firstError)
		}
		if r.maxHeap > maxHeap {
			t.Errorf("%d clients: heap in use up to %d MiB, more than %d MiB", clients, r.maxHeap>>20, maxHeap>>20)
		}
	}
}

// cpuSeconds is the CPU time the process has used, user and system.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// ms is a duration in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// A request in flight when the server is told to stop is answered; then
// the server stops listening and Serve returns.
func TestGracefulShutdown(t *testing.T) {
	cfg := DefaultConfig(testModel(t))
	cfg.Reload = 0
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrc, done := make(chan string, 1), make(chan error, 1)
	go func() { done <- Serve(ctx, s, "127.0.0.1:0", func(a net.Addr) { addrc <- a.String() }) }()
	url := "http://" + <-addrc
	type reply struct {
		code int
		body []byte
	}
	got := make(chan reply, 1)
	go func() {
		code, _, b := post(t, url, "application/json", jsonBody(map[string][]string{"questions": loadQuestions}))
		got <- reply{code, b}
	}()
	if !waitFor(10*time.Second, func() bool { return s.pending.Load() > 0 }) {
		t.Fatal("the request never reached the queue")
	}
	cancel()
	r := <-got
	if r.code != 200 || !bytes.Contains(r.body, []byte(`"answers"`)) {
		t.Errorf("the request in flight: %d %.200s", r.code, r.body)
	}
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("the server still answers after shutting down")
	}
}

// A new version of the model directory, published as a unit, is picked up
// while the server answers; a directory left broken is refused and the
// version before it answers on.
func TestReload(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "model")
	if err := os.CopyFS(dir, os.DirFS(testModel(t))); err != nil {
		t.Fatal(err)
	}
	var log syncBuffer
	s, ts := newTestServer(t, func(c *Config) { c.ModelDir, c.Reload, c.Log = dir, 20*time.Millisecond, &log })
	before := s.Model()
	models, _, vocab, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	// A new version: the ensemble's first model alone.
	w, err := modeldir.Create(dir, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	weights, err := models[0].Weights()
	if err == nil {
		err = w.Publish(false, func(v *modeldir.Version) error {
			_, err := model.WriteModel(v, models[0], model.Config{Data: "synthetic", Epoch: 7}, vocab, weights)
			return err
		})
	}
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !waitFor(20*time.Second, func() bool { return s.Model() != before }) {
		t.Fatalf("the new version was not picked up: %s", log.String())
	}
	var info modelInfo
	res, err := http.Get(ts.URL + "/api/model")
	if err == nil {
		err = json.NewDecoder(res.Body).Decode(&info)
		res.Body.Close()
	}
	if err != nil || info.Models != 1 || info.Epoch != 7 || info.Version != s.Model() {
		t.Errorf("after the new version: %v %+v", err, info)
	}
	// A broken version (a config.json whose weights' checksum does not
	// hold) is refused; the last good one answers.
	good := s.Model()
	cfgFile := filepath.Join(dir, modeldir.ConfigFile)
	b, _ := os.ReadFile(cfgFile)
	key := []byte(`"` + modeldir.WeightsFile + `": "`)
	at := bytes.Index(b, key) + len(key)
	if at < len(key) {
		t.Fatalf("%s records no checksum of the weights: %s", cfgFile, b)
	}
	if b[at] == '0' { // another hex digit
		b[at] = '1'
	} else {
		b[at] = '0'
	}
	if err := os.WriteFile(cfgFile, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if !waitFor(20*time.Second, func() bool { return strings.Contains(log.String(), "refused") }) {
		t.Fatalf("the broken version was not refused: %s", log.String())
	}
	if code, _, body := post(t, ts.URL, "application/json", jsonBody(map[string]string{"question": examples[0]})); code != 200 || s.Model() != good {
		t.Errorf("after a broken version: %d %.200s, model %s (was %s)", code, body, s.Model(), good)
	}
}

// syncBuffer is a buffer safe for the server's log and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
