package main

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
)

// TestMain runs the command itself when the tests start it as a child
// process (WAP_TEST_MAIN=1), for the tests that kill it.
func TestMain(m *testing.M) {
	if os.Getenv("WAP_TEST_MAIN") == "1" {
		os.Exit(cli.Main("wap", commands, os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// `wap train` killed with SIGKILL at random moments, again and again,
// each run resuming the last: after every kill the model directory is
// absent (nothing published yet) or a whole model that agrees with its
// config.json (its dev accuracy is the one measured on it), and nothing
// stops the next run (the lock, leftovers).
func TestTrainKilledAtRandom(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "kills training runs for about 15 seconds")
	}
	dir := t.TempDir()
	prep, model := filepath.Join(dir, "prep"), filepath.Join(dir, "model")
	if code, _, errs := runWap(t, "prepare", "--synthetic", "--sizes", "40,20,10", "--out", prep); code != 0 {
		t.Fatalf("prepare: %s", errs)
	}
	p, err := prepare.LoadPrepared(prep)
	if err != nil {
		t.Fatal(err)
	}
	dev := prepare.Problems(p.Dev)
	rng := rand.New(rand.NewSource(1))
	stats := map[string]int{}
	// train runs wap train (resuming when there is a model) and kills it
	// after d unless it ends first; it reports whether it ended.
	train := func(d time.Duration) bool {
		args := []string{"train", "--data", prep, "--model", model, "--epochs", "3", "--models", "2", "--bag", "1", "--batch", "20"}
		if _, err := os.Stat(filepath.Join(model, "config.json")); err == nil {
			args = append(args, "--resume")
		}
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "WAP_TEST_MAIN=1")
		var errb strings.Builder
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("wap %s: %v: %s", strings.Join(args, " "), err, errb.String())
			}
			return true
		case <-time.After(d):
			cmd.Process.Kill()
			<-done
			return false
		}
	}
	// The kills fall within the time of a whole run on this machine, so
	// that most runs are killed however fast it is.
	start := time.Now()
	train(time.Hour)
	whole := time.Since(start)
	checkModelDir(t, model, dev, stats)
	os.RemoveAll(model)
	// At least 6 kills, however loaded the machine (a minute and a half at
	// most).
	for start := time.Now(); stats["killed"] < 6 && time.Since(start) < 90*time.Second; {
		if train(whole/20 + time.Duration(rng.Int63n(int64(whole*3/4)))) {
			stats["finished"]++
			checkModelDir(t, model, dev, stats)
			os.RemoveAll(model) // and train again from the start
			continue
		}
		stats["killed"]++
		if left, _ := filepath.Glob(filepath.Join(dir, ".model.new-*")); len(left) > 0 {
			stats["killed while publishing"]++
		}
		checkModelDir(t, model, dev, stats)
	}
	t.Logf("%v", stats)
	if stats["killed"] < 6 {
		t.Errorf("only %d kills", stats["killed"])
	}
}

// checkModelDir checks that the model directory is absent or a whole
// model whose config.json's dev accuracy is its own.
func checkModelDir(t *testing.T, model string, dev []*model.Problem, stats map[string]int) {
	t.Helper()
	e, cfg, _, err := answer.Load(model)
	if err != nil {
		if !strings.Contains(err.Error(), "no such directory") {
			t.Fatalf("after a kill: %v", err)
		}
		stats["absent"]++
		return
	}
	acc, err := e.ExactAccuracy(dev)
	if err != nil || acc != cfg.DevAccuracy {
		t.Fatalf("after a kill: dev accuracy %v (%v), config.json says %v", acc, err, cfg.DevAccuracy)
	}
	stats["members "+strings.Join(cfg.Members, "+")]++
}
