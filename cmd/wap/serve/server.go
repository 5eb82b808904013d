package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
)

// Config sets a server's model and limits (DefaultConfig).
type Config struct {
	// ModelDir is the model directory answered from.
	ModelDir string
	// MaxBody bounds a request's body, MaxQuestion a question (bytes),
	// MaxQuestions the questions of one request.
	MaxBody      int64
	MaxQuestion  int
	MaxQuestions int
	// Queue bounds the questions waiting to be answered: a request whose
	// questions do not fit is answered 503.
	Queue int
	// Batch is the most questions a worker runs through the model
	// together, Workers the number of workers (0: one per CPU); by default
	// 1 and one per CPU: batching did not pay, a worker per core did (see
	// the package documentation).
	Batch   int
	Workers int
	// Wait bounds how long a request waits for its answers.
	Wait time.Duration
	// Reload is how often the model directory is checked for a new
	// version (0: never).
	Reload time.Duration
	// Log receives a line for every model loaded or refused.
	Log io.Writer
}

// DefaultConfig returns the limits `wap serve` uses, for the model
// directory dir.
func DefaultConfig(dir string) Config {
	return Config{ModelDir: dir, MaxBody: 64 << 10, MaxQuestion: 2000, MaxQuestions: 32, Queue: 256, Batch: 1, Workers: 0,
		Wait: 20 * time.Second, Reload: 2 * time.Second, Log: io.Discard}
}

// Server answers questions with the model of a model directory.
type Server struct {
	cfg     Config
	current atomic.Pointer[loaded]
	jobs    chan *job
	pending atomic.Int64 // questions queued or being answered
	stop    chan struct{}
	wg      sync.WaitGroup
	mu      sync.RWMutex // held to send a job, and to close the queue
	closed  bool
}

// loaded is one version of the model directory.
type loaded struct {
	ens     *answer.Ensemble
	cfg     model.Config
	vocab   *reader.Vocab
	version string // the SHA-256 of its config.json, in short
	info    modelInfo
}

// job is a request's questions, read by one version of the model, and
// where their answers go.
type job struct {
	ctx      context.Context
	model    *loaded
	problems []*model.Problem
	done     chan jobResult // buffered: a worker never waits on it
}

// jobResult is the answers of a job's problems, or why it has none.
type jobResult struct {
	sols []answer.Solution
	xs   []*answer.Explanation
	err  error
}

// New loads the model directory and starts the server's workers and, if
// Reload is set, its watch of the directory; Close stops them.
func New(cfg Config) (*Server, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.MaxBody < 1 || cfg.MaxQuestion < 1 || cfg.MaxQuestions < 1 || cfg.Queue < cfg.MaxQuestions || cfg.Batch < 1 || cfg.Wait <= 0 {
		return nil, fmt.Errorf("serve: limits out of range: %+v", cfg)
	}
	s := &Server{cfg: cfg, jobs: make(chan *job, cfg.Queue), stop: make(chan struct{})}
	m, err := load(cfg.ModelDir)
	if err != nil {
		return nil, err
	}
	s.current.Store(m)
	fmt.Fprintf(cfg.Log, "wap serve: model %s, version %s: %s\n", cfg.ModelDir, m.version, m.info.Description)
	for range cfg.Workers {
		s.wg.Add(1)
		go s.work()
	}
	if cfg.Reload > 0 {
		s.wg.Add(1)
		go s.watch()
	}
	return s, nil
}

// Close stops the workers (after the questions queued are answered) and
// the watch of the model directory; a request made afterwards is answered
// 503.
func (s *Server) Close() {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.stop)
		close(s.jobs)
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// Model returns the version of the model answering now.
func (s *Server) Model() string { return s.current.Load().version }

// load reads a version of the model directory.
func load(dir string) (*loaded, error) {
	version, err := configVersion(dir)
	if err != nil {
		return nil, fmt.Errorf("model %s: %w", dir, err)
	}
	ens, cfg, vocab, err := answer.Load(dir)
	if err != nil {
		return nil, err
	}
	m := &loaded{ens: ens, cfg: cfg, vocab: vocab, version: version}
	m.info = newModelInfo(dir, version, cfg, ens)
	return m, nil
}

// configVersion names the version of a model directory: the start of its
// config.json's SHA-256 (every other file's checksum is in it).
func configVersion(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, modeldir.ConfigFile))
	if err != nil {
		return "", err
	}
	return modeldir.SHA256(b)[:12], nil
}

// watch loads the model directory's new versions until Close.
func (s *Server) watch() {
	defer s.wg.Done()
	t := time.NewTicker(s.cfg.Reload)
	defer t.Stop()
	refused := ""
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		v, err := configVersion(s.cfg.ModelDir)
		if err != nil || v == s.current.Load().version || v == refused {
			continue // a directory being swapped is read at the next tick
		}
		m, err := load(s.cfg.ModelDir)
		if err != nil {
			refused = v
			fmt.Fprintf(s.cfg.Log, "wap serve: the new version %s of the model is refused, the old one answers: %v\n", v, err)
			continue
		}
		s.current.Store(m)
		fmt.Fprintf(s.cfg.Log, "wap serve: model %s, version %s loaded: %s\n", s.cfg.ModelDir, m.version, m.info.Description)
	}
}

// errBusy is the error of a request whose questions the queue cannot take.
var errBusy = errors.New("the server is busy: too many questions are waiting; try again in a second")

// errClosing is the error of a request made while the server shuts down.
var errClosing = errors.New("the server is shutting down")

// answer queues a job and waits for its answers.
func (s *Server) answer(ctx context.Context, m *loaded, ps []*model.Problem) (jobResult, error) {
	n := int64(len(ps))
	if s.pending.Add(n) > int64(s.cfg.Queue) {
		s.pending.Add(-n)
		return jobResult{}, errBusy
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Wait)
	defer cancel()
	j := &job{ctx: ctx, model: m, problems: ps, done: make(chan jobResult, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		s.pending.Add(-n)
		return jobResult{}, errClosing
	}
	s.jobs <- j // never blocks: the channel holds Queue jobs of one question or more
	s.mu.RUnlock()
	select {
	case r := <-j.done:
		return r, r.err
	case <-ctx.Done():
		return jobResult{}, fmt.Errorf("no answer within %v: %w", s.cfg.Wait, ctx.Err())
	}
}

// work answers queued jobs, up to Batch questions together, until the
// queue is closed.
func (s *Server) work() {
	defer s.wg.Done()
	for j := range s.jobs {
		batch, n := []*job{j}, len(j.problems)
	more:
		for n < s.cfg.Batch {
			select {
			case j, ok := <-s.jobs:
				if !ok {
					break more
				}
				batch, n = append(batch, j), n+len(j.problems)
			default:
				break more
			}
		}
		s.solve(batch)
		for _, j := range batch {
			s.pending.Add(-int64(len(j.problems)))
		}
	}
}

// solve answers a batch of jobs: those of one model version together, and
// one by one when that fails, so that an error belongs to its job.
func (s *Server) solve(batch []*job) {
	byModel := map[*loaded][]*job{}
	var order []*loaded
	for _, j := range batch {
		if err := j.ctx.Err(); err != nil {
			j.done <- jobResult{err: err} // the request is gone
			continue
		}
		if byModel[j.model] == nil {
			order = append(order, j.model)
		}
		byModel[j.model] = append(byModel[j.model], j)
	}
	for _, m := range order {
		js := byModel[m]
		var ps []*model.Problem
		for _, j := range js {
			ps = append(ps, j.problems...)
		}
		sols, xs, err := m.ens.Explain(ps)
		if err != nil && len(js) > 1 {
			for _, j := range js {
				s.solve([]*job{j})
			}
			continue
		}
		at := 0
		for _, j := range js {
			k := len(j.problems)
			if err != nil {
				j.done <- jobResult{err: err}
				continue
			}
			j.done <- jobResult{sols: sols[at : at+k], xs: xs[at : at+k]}
			at += k
		}
	}
}
