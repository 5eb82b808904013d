// Package modeldirtest holds what the fuzz tests of model directories
// (packages learn and tasks/wap/model) share: config.json edited as a
// hand would edit it, its checksums signed again, and the files written
// into a directory of their own. A hostile model directory is one whose
// checksums agree with its files: the loaders must then refuse what the
// files say, not only a checksum.
package modeldirtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/d4lang/d4/internal/modeldir"
)

// Edit returns config.json with change made to it as a JSON object.
func Edit(tb testing.TB, config []byte, change func(cfg map[string]any)) []byte {
	tb.Helper()
	var cfg map[string]any
	if err := json.Unmarshal(config, &cfg); err != nil {
		tb.Fatal(err)
	}
	change(cfg)
	b, err := json.Marshal(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// Sign returns config.json with the checksums of files in its
// files_sha256, when it is a JSON object that has one; else config as it
// is.
func Sign(config []byte, files map[string][]byte) []byte {
	var cfg map[string]any
	if json.Unmarshal(config, &cfg) != nil {
		return config
	}
	sums, ok := cfg["files_sha256"].(map[string]any)
	if !ok {
		return config
	}
	for name, b := range files {
		sums[name] = modeldir.SHA256(b)
	}
	b, err := json.Marshal(cfg)
	if err != nil {
		return config
	}
	return b
}

// Write writes config.json, signed (Sign) for the other files, and the
// files into a new directory, removed when the test ends, and returns it.
func Write(t *testing.T, config []byte, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	all := map[string][]byte{modeldir.ConfigFile: Sign(config, files)}
	for name, b := range files {
		all[name] = b
	}
	for name, b := range all {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
