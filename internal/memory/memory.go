// Package memory says how much memory a run may take on this machine,
// so that a command refuses, before it starts, work whose estimate does
// not fit (or does less at once) instead of being killed for it later.
//
// Available is the smaller of what the kernel says can be allocated
// without swapping (MemAvailable in /proc/meminfo) and what the process's
// control group may still take (cgroup v2 memory.max less memory.current,
// or cgroup v1 memory.limit_in_bytes less memory.usage_in_bytes). Where
// neither can be read (not Linux), nothing is known and every check
// passes; $D4_MEMORY (Env), when set, is the figure instead. Check compares an estimate with it and refuses in one line
// with both figures.
package memory

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// The files Available reads; tests point them elsewhere.
var (
	meminfo = "/proc/meminfo"
	cgroups = [][2]string{ // limit, usage
		{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"},
		{"/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"},
	}
)

// Available returns the bytes a run may still allocate and where the
// figure comes from ("MemAvailable" or "the cgroup's limit"); ok is false
// when nothing could be read.
func Available() (bytes uint64, from string, ok bool) {
	if b, err := os.ReadFile(meminfo); err == nil {
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) >= 2 && f[0] == "MemAvailable:" {
				if kb, err := strconv.ParseUint(f[1], 10, 64); err == nil {
					bytes, from, ok = kb<<10, "MemAvailable in "+meminfo, true
				}
			}
		}
	}
	for _, c := range cgroups {
		limit, err1 := readUint(c[0])
		usage, err2 := readUint(c[1])
		if err1 != nil || err2 != nil {
			continue
		}
		left := uint64(0)
		if limit > usage {
			left = limit - usage
		}
		if !ok || left < bytes {
			bytes, from, ok = left, "the limit of the control group ("+c[0]+")", true
		}
		break
	}
	return bytes, from, ok
}

// readUint reads a file holding one number ("max" is no limit: an error).
func readUint(path string) (uint64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return strconv.ParseUint(string(bytes.TrimSpace(b)), 10, 64)
}

// Env names the environment variable that, when set, is the bytes a run
// may take instead of what the machine has ("3G", "512M", "1048576"): to
// leave room for other work on a shared machine.
const Env = "D4_MEMORY"

// Limit returns the bytes a run may take and where the figure comes from:
// avail when it is set ("given"), else $D4_MEMORY, else what Available
// says; 0 when nothing is known. A malformed $D4_MEMORY is an error.
func Limit(avail uint64) (bytes uint64, from string, err error) {
	if avail > 0 {
		return avail, "given", nil
	}
	if v, set := os.LookupEnv(Env); set {
		b, err := parseSize(v)
		if err != nil {
			return 0, "", fmt.Errorf("$%s: %w", Env, err)
		}
		return b, "$" + Env, nil
	}
	b, from, _ := Available()
	return b, from, nil
}

// parseSize reads a number of bytes with an optional suffix K, M or G
// (powers of 1024).
func parseSize(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	shift := 0
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K', 'k':
			shift = 10
		case 'M', 'm':
			shift = 20
		case 'G', 'g':
			shift = 30
		}
		if shift > 0 {
			t = t[:n-1]
		}
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil || v == 0 || v > (1<<62)>>shift {
		return 0, fmt.Errorf("%q is not a size in bytes (a positive number, with K, M or G after it)", s)
	}
	return v << shift, nil
}

// Check refuses work estimated to need more bytes than avail (0: what
// Limit says; nothing known passes): "WHAT needs about 12.3 GB of memory,
// more than the 3.6 GB available (MemAvailable in /proc/meminfo)". what
// names the work.
func Check(need, avail uint64, what string) error {
	avail, from, err := Limit(avail)
	if err != nil || avail == 0 || need <= avail {
		return err
	}
	return fmt.Errorf("%s needs about %s of memory, more than the %s available (%s)", what, Size(need), Size(avail), from)
}

// Size writes a number of bytes in MB or GB, "250 MB", "12.3 GB".
func Size(b uint64) string {
	if b < 1<<30 {
		return fmt.Sprintf("%d MB", (b+1<<19)>>20)
	}
	return fmt.Sprintf("%.1f GB", float64(b)/(1<<30))
}
