//go:build unix

package docs

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// commandTimeout bounds one command; the slowest the pages run take seconds.
const commandTimeout = 3 * time.Minute

// session is one bash process in which a page's commands run in order, so that
// a background job, $! and files persist from one command to the next.
type session struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	dir    string // the working directory
	tmp    string // where each command's stdout, stderr and status go
	marker string
}

// result is what a command did.
type result struct {
	stdout, stderr string
	status         int
}

// shown is the output as a console shows it: stdout, and stderr when the
// command failed.
func (r result) shown() string {
	if r.status != 0 {
		return r.stdout + r.stderr
	}
	return r.stdout
}

// newSession starts bash in dir with path first on PATH.
func newSession(dir, tmp, path string) (*session, error) {
	c := exec.Command("bash", "--noprofile", "--norc")
	c.Dir = dir
	c.Env = append(os.Environ(), "PATH="+path+string(os.PathListSeparator)+os.Getenv("PATH"))
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Stderr = io.Discard
	in, err := c.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := c.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := c.Start(); err != nil {
		return nil, fmt.Errorf("starting bash: %w", err)
	}
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	return &session{cmd: c, in: in, out: bufio.NewReader(out), dir: dir, tmp: tmp, marker: "done-" + hex.EncodeToString(b)}, nil
}

// run runs text in the session and waits for it, at most commandTimeout.
func (s *session) run(text string) (result, error) {
	o, e, st := filepath.Join(s.tmp, "stdout"), filepath.Join(s.tmp, "stderr"), filepath.Join(s.tmp, "status")
	script := fmt.Sprintf("{\n%s\n} >%q 2>%q </dev/null; echo $? >%q; echo %s\n", text, o, e, st, s.marker)
	if _, err := io.WriteString(s.in, script); err != nil {
		return result{}, fmt.Errorf("writing to bash: %w", err)
	}
	done := make(chan error, 1)
	go func() {
		for {
			line, err := s.out.ReadString('\n')
			if err != nil || strings.TrimSpace(line) == s.marker {
				done <- err
				return
			}
		}
	}()
	select {
	case err := <-done:
		if err != nil {
			return result{}, fmt.Errorf("bash ended: %w", err)
		}
	case <-time.After(commandTimeout):
		s.close()
		return result{}, fmt.Errorf("did not finish within %v", commandTimeout)
	}
	return readResult(o, e, st)
}

func readResult(stdout, stderr, status string) (result, error) {
	o, err := os.ReadFile(stdout)
	if err != nil {
		return result{}, err
	}
	e, err := os.ReadFile(stderr)
	if err != nil {
		return result{}, err
	}
	st, err := os.ReadFile(status)
	if err != nil {
		return result{}, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(st)))
	if err != nil {
		return result{}, fmt.Errorf("exit status %q: %w", st, err)
	}
	return result{stdout: string(o), stderr: string(e), status: n}, nil
}

// close ends bash and every job it started.
func (s *session) close() {
	s.in.Close()
	syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
	s.cmd.Wait()
}
