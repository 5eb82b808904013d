package modeldir

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/d4lang/d4/internal/testskip"
)

// version publishes files as the new version of dir.
func version(dir string, keep bool, files map[string]string) error {
	return Publish(dir, keep, func(tmp string) error {
		names := make([]string, 0, len(files))
		for n := range files {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(tmp, n)), 0o755); err != nil {
				return err
			}
			if err := WriteFile(filepath.Join(tmp, n), []byte(files[n])); err != nil {
				return err
			}
		}
		return nil
	})
}

// tree reads every file under dir (relative path → content).
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if !d.IsDir() {
			b, _ := os.ReadFile(path)
			rel, _ := filepath.Rel(dir, path)
			out[rel] = string(b)
		}
		return nil
	})
	return out
}

func TestPublish(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "models", "m")
	steps := []struct {
		keep  bool
		files map[string]string
		want  map[string]string
	}{
		{false, map[string]string{"a": "1", "sub/b": "1"}, map[string]string{"a": "1", "sub/b": "1"}},
		{true, map[string]string{"a": "2"}, map[string]string{"a": "2", "sub/b": "1"}},
		{true, map[string]string{"sub/c": "3"}, map[string]string{"a": "2", "sub/b": "1", "sub/c": "3"}},
		{false, map[string]string{"d": "4"}, map[string]string{"d": "4"}},
	}
	for i, s := range steps {
		if err := version(dir, s.keep, s.files); err != nil {
			t.Fatalf("version %d: %v", i+1, err)
		}
		if got := tree(t, dir); fmt.Sprint(got) != fmt.Sprint(s.want) {
			t.Errorf("version %d: %v, want %v", i+1, got, s.want)
		}
	}
	// Nothing is left beside the directory.
	if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 1 {
		t.Errorf("beside the directory: %v", entries)
	}
	// A failed build changes nothing.
	if err := Publish(dir, true, func(string) error { return fmt.Errorf("boom") }); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("failed build: %v", err)
	}
	if got := tree(t, dir); fmt.Sprint(got) != fmt.Sprint(steps[3].want) {
		t.Errorf("after a failed build: %v", got)
	}
	if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 1 {
		t.Errorf("a failed build left %v", entries)
	}
}

// errKill stands for a kill in the middle of a publication.
type errKill struct{ step string }

// A publication stopped at any step (as a kill would stop it) leaves the
// directory whole: the previous version or the new one, never a mix; Clean
// then removes the staging directories, and the next publication works.
func TestPublishKilledAtEveryStep(t *testing.T) {
	old := map[string]string{"config": "v1", "weights": "v1", "sub/weights": "v1"}
	next := map[string]string{"config": "v2", "weights": "v2", "sub/weights": "v2"}
	// Count the steps of a publication.
	var steps []string
	Fault = func(s string) { steps = append(steps, s) }
	dir := filepath.Join(t.TempDir(), "m")
	version(dir, false, old)
	steps = nil
	version(dir, true, next)
	defer func() { Fault = nil }()
	if len(steps) < 5 {
		t.Fatalf("steps %v", steps)
	}
	for k := range steps {
		dir := filepath.Join(t.TempDir(), "m")
		Fault = nil
		if err := version(dir, false, old); err != nil {
			t.Fatal(err)
		}
		n := 0
		Fault = func(s string) {
			if n++; n == k+1 {
				panic(errKill{s})
			}
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(errKill); !ok {
						panic(r)
					}
				}
			}()
			version(dir, true, next)
		}()
		Fault = nil
		got := tree(t, dir)
		if fmt.Sprint(got) != fmt.Sprint(old) && fmt.Sprint(got) != fmt.Sprint(next) {
			t.Errorf("killed before %q: the directory holds %v", steps[k], got)
		}
		if err := Clean(dir); err != nil {
			t.Fatal(err)
		}
		if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 1 {
			t.Errorf("killed before %q: Clean left %v", steps[k], entries)
		}
		if err := version(dir, true, map[string]string{"config": "v3"}); err != nil {
			t.Errorf("killed before %q: the next publication: %v", steps[k], err)
		}
	}
}

func TestCleanRemovesTemporaryFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	version(dir, false, map[string]string{"config.json": "{}", "restart-1/.checkpoint.json.tmp123": "half", ".x.tmp9": "half"})
	os.Mkdir(filepath.Join(filepath.Dir(dir), ".m.new-42"), 0o755)
	if err := Clean(dir); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, filepath.Dir(dir)); fmt.Sprint(got) != fmt.Sprint(map[string]string{"m/config.json": "{}"}) {
		t.Errorf("after Clean: %v", got)
	}
}

func TestLock(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "models", "m")
	l, err := Lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(dir); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("being written by another process (pid %d)", os.Getpid())) {
		t.Errorf("second lock: %v", err)
	}
	l.Unlock()
	l, err = Lock(dir)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	l.Unlock()
	if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 0 {
		t.Errorf("unlock left %v", entries)
	}
	// Not a directory, or not writable: refused before any work.
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	if _, err := Lock(file); err == nil || !strings.Contains(err.Error(), "is not a directory") {
		t.Errorf("lock of a file: %v", err)
	}
	if runtime.GOOS == "linux" {
		if _, err := Lock("/proc/self/model"); err == nil || !strings.Contains(err.Error(), "cannot be written") {
			t.Errorf("lock in /proc: %v", err)
		}
	}
}

// A writer killed while it holds the lock does not leave it stuck.
func TestLockOfAKilledProcess(t *testing.T) {
	if os.Getenv("MODELDIR_HOLD") != "" {
		if _, err := Lock(os.Getenv("MODELDIR_HOLD")); err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		fmt.Println("locked")
		time.Sleep(time.Minute)
		return
	}
	if runtime.GOOS == "windows" {
		testskip.Skip(t, "no flock")
	}
	dir := filepath.Join(t.TempDir(), "m")
	cmd := exec.Command(os.Args[0], "-test.run", "^TestLockOfAKilledProcess$")
	cmd.Env = append(os.Environ(), "MODELDIR_HOLD="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 7)
	if _, err := out.Read(buf); err != nil || string(buf) != "locked\n" {
		t.Fatalf("child: %q %v", buf, err)
	}
	if _, err := Lock(dir); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("pid %d", cmd.Process.Pid)) {
		t.Errorf("lock held by the child: %v", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	l, err := Lock(dir)
	if err != nil {
		t.Fatalf("lock after the holder was killed: %v", err)
	}
	l.Unlock()
}

// Open cleans what a killed writer left and runs the caller's check under
// the lock, releasing it when the check fails.
func TestOpen(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	version(dir, false, map[string]string{"config.json": "{}", ".model.safetensors.tmp7": "half"})
	os.Mkdir(filepath.Join(filepath.Dir(dir), ".m.new-3"), 0o755)
	tests := []struct {
		name  string
		check func() error
		err   string
	}{
		{"no check", nil, ""},
		{"the check sees a clean directory", func() error {
			if got := tree(t, filepath.Dir(dir)); fmt.Sprint(got) != fmt.Sprint(map[string]string{"m/config.json": "{}", ".m.lock": fmt.Sprintln(os.Getpid())}) {
				return fmt.Errorf("the check saw %v", got)
			}
			return nil
		}, ""},
		{"a failed check", func() error { return fmt.Errorf("not a model") }, "not a model"},
	}
	for _, tc := range tests {
		l, err := Open(dir, tc.check)
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
		if l != nil {
			if _, err := Lock(dir); err == nil {
				t.Errorf("%s: the directory is not locked", tc.name)
			}
			l.Unlock()
		}
		if l2, err := Lock(dir); err != nil {
			t.Errorf("%s: the lock was not released: %v", tc.name, err)
		} else {
			l2.Unlock()
		}
	}
}

// SHA256 agrees with the digests of FIPS 180-2's test vectors.
func TestSHA256(t *testing.T) {
	for in, want := range map[string]string{
		"":    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	} {
		if got := SHA256([]byte(in)); got != want {
			t.Errorf("SHA256(%q) = %s, want %s", in, got, want)
		}
	}
}

// A symbolic link to a directory is written through: the directory it
// names gets the versions and the link stays; a link to nothing is refused.
func TestCreateThroughSymlink(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "real")
	version(target, false, map[string]string{"config.json": "{}"})
	link := filepath.Join(root, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	w, err := Create(link, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = w.Publish(false, func(v *Version) error { return v.WriteFile("config.json", []byte(`{"v":2}`)) })
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link (%v)", err)
	}
	if got := tree(t, target); got["config.json"] != `{"v":2}` {
		t.Errorf("the target holds %v", got)
	}
	dangling := filepath.Join(root, "dangling")
	if err := os.Symlink(filepath.Join(root, "absent"), dangling); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(dangling, true, nil); err == nil || !strings.Contains(err.Error(), "is a symbolic link to "+filepath.Join(root, "absent")+", which does not exist") {
		t.Errorf("a link to nothing: %v", err)
	}
}

// A step that fails (a full disk) fails the publication, which leaves the
// directory as it was and nothing beside it.
func TestPublishFails(t *testing.T) {
	for _, step := range []string{"link", "write b", "swap"} {
		dir := filepath.Join(t.TempDir(), "m")
		version(dir, false, map[string]string{"a": "1"})
		Fail = func(s string) error {
			if s == step {
				return fmt.Errorf("no space left on device")
			}
			return nil
		}
		err := version(dir, true, map[string]string{"a": "2", "b": "3"})
		Fail = nil
		if err == nil || !strings.Contains(err.Error(), "no space left on device") {
			t.Errorf("%s: error %v", step, err)
		}
		if got := tree(t, filepath.Dir(dir)); fmt.Sprint(got) != fmt.Sprint(map[string]string{"m/a": "1"}) {
			t.Errorf("%s: left %v", step, got)
		}
	}
}
