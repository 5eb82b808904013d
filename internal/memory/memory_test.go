package memory

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Available takes the smaller of MemAvailable and the cgroup's room, and
// Check refuses what does not fit, in one line with both figures.
func TestAvailableAndCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	oldInfo, oldCg := meminfo, cgroups
	defer func() { meminfo, cgroups = oldInfo, oldCg }()
	meminfo = write("meminfo", "MemTotal:       32000000 kB\nMemFree:  100 kB\nMemAvailable:    3774874 kB\n")
	cgroups = [][2]string{{filepath.Join(dir, "none"), filepath.Join(dir, "none")}}
	if b, from, ok := Available(); !ok || b != 3774874<<10 || !strings.Contains(from, "MemAvailable") {
		t.Errorf("MemAvailable alone: %d, %q, %v", b, from, ok)
	}
	cgroups = [][2]string{{write("max", "2147483648\n"), write("current", "1073741824\n")}}
	if b, from, ok := Available(); !ok || b != 1<<30 || !strings.Contains(from, "control group") {
		t.Errorf("a cgroup limit below MemAvailable: %d, %q, %v", b, from, ok)
	}
	cgroups = [][2]string{{write("max2", "max\n"), write("current2", "5\n")}}
	if b, _, _ := Available(); b != 3774874<<10 {
		t.Errorf("an unlimited cgroup: %d", b)
	}
	err := Check(13207024435, 0, "training 64 models at once")
	if err == nil || err.Error() != "training 64 models at once needs about 12.3 GB of memory, more than the 3.6 GB available (MemAvailable in "+meminfo+")" {
		t.Errorf("Check: %v", err)
	}
	if err := Check(100<<20, 0, "x"); err != nil {
		t.Errorf("what fits: %v", err)
	}
	if err := Check(300<<20, 200<<20, "x"); err == nil || !strings.Contains(err.Error(), "about 300 MB of memory, more than the 200 MB available (given)") {
		t.Errorf("a given figure: %v", err)
	}
	meminfo, cgroups = filepath.Join(dir, "nothing"), nil
	if err := Check(1<<62, 0, "x"); err != nil {
		t.Errorf("nothing known: %v, want no refusal", err)
	}
}

// $D4_MEMORY, when set, is the figure; a malformed one is an error.
func TestEnv(t *testing.T) {
	for v, want := range map[string]uint64{"3G": 3 << 30, "512m": 512 << 20, "1048576": 1 << 20, " 2K ": 2 << 10} {
		t.Setenv(Env, v)
		if b, from, err := Limit(0); b != want || from != "$D4_MEMORY" || err != nil {
			t.Errorf("%s=%q: %d, %q, %v; want %d", Env, v, b, from, err, want)
		}
	}
	for _, v := range []string{"", "x", "0", "-1G", "99999999999G", "1T"} {
		t.Setenv(Env, v)
		if err := Check(1, 0, "x"); err == nil || !strings.Contains(err.Error(), "$D4_MEMORY: ") {
			t.Errorf("%s=%q: %v, want an error", Env, v, err)
		}
	}
	t.Setenv(Env, "1G")
	if b, from, err := Limit(5); b != 5 || from != "given" || err != nil {
		t.Errorf("a given figure beside $D4_MEMORY: %d, %q, %v", b, from, err)
	}
}
