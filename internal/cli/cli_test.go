package cli

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

func TestCheckFinite(t *testing.T) {
	tests := []struct {
		args []string
		want string // "": no error
	}{
		{[]string{"--lr", "0.5", "--noise", "0"}, ""},
		{[]string{"--lr", "nan"}, "--lr must be a finite number, got NaN"},
		{[]string{"--noise", "-Inf"}, "--noise must be a finite number, got -Inf"},
		{[]string{"--noise", "1e400"}, "invalid value"}, // refused by the flag package itself
	}
	for _, tc := range tests {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(new(bytes.Buffer))
		fs.Float64("lr", 1, "")
		fs.Float64("noise", 0, "")
		fs.Int("epochs", 3, "")
		err := fs.Parse(tc.args)
		if err == nil {
			err = CheckFinite(fs)
		}
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

func TestLineWriter(t *testing.T) {
	var b bytes.Buffer
	l := &LineWriter{W: &b}
	l.EndLine() // nothing open
	l.Write([]byte("epoch 1\n"))
	l.EndLine()
	l.Write([]byte("\r[=====>    ] 50%"))
	l.EndLine()
	l.Write([]byte("error\n"))
	if want := "epoch 1\n\r[=====>    ] 50%\nerror\n"; b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
}

func TestVersion(t *testing.T) {
	if v := Version("wap"); !strings.HasPrefix(v, "wap ") || !strings.Contains(v, "go1.") {
		t.Errorf("version line %q", v)
	}
}

func TestChanges(t *testing.T) {
	if got := Changes(Compare("--lr", 0.01, 0.02), Compare("--batch", 50, 50), Compare("--optim", "all", "naive")); got != "--lr 0.01, now 0.02; --optim all, now naive" {
		t.Errorf("Changes = %q", got)
	}
	if got := Changes(Compare("--seed", int64(1), int64(1))); got != "" {
		t.Errorf("Changes of equal settings = %q", got)
	}
}
