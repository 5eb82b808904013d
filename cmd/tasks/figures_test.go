package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/d4lang/d4/internal/cli"
)

// checkPNGFile checks that a command wrote a PNG image of a sensible size.
func checkPNGFile(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatalf("%s is not a PNG: %v", path, err)
	}
	if cfg.Width < 600 || cfg.Height < 300 {
		t.Errorf("%s is %d×%d pixels, too small to read", path, cfg.Width, cfg.Height)
	}
}

func TestTracePNGFlag(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "trace.png")
	var stdout, stderr bytes.Buffer
	args := []string{"sort", "--sketch", "compare", "--train-len", "2", "--test-len", "4", "--data", filepath.Join(dir, "ds"), "--trace-png", out}
	if code := cli.Main("tasks", commands, args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	checkPNGFile(t, out)
}

func TestTracePNGNeedsD4(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"sort", "--model", "seq2seq", "--trace-png", filepath.Join(t.TempDir(), "t.png")}
	if code := cli.Main("tasks", commands, args, &stdout, &stderr); code != 2 || !bytes.Contains(stderr.Bytes(), []byte("--trace-png draws a run of ∂4")) {
		t.Errorf("exit %d, stderr %q; want a usage error", code, stderr.String())
	}
}

func TestBenchPNGFlag(t *testing.T) {
	out := filepath.Join(t.TempDir(), "bench.png")
	var stdout, stderr bytes.Buffer
	args := []string{"bench", "--sort-lens", "2", "--add-lens", "2", "--hybrid-lens", "4", "--batch", "2", "--reps", "1", "--png", out}
	if code := cli.Main("tasks", commands, args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	checkPNGFile(t, out)
}
