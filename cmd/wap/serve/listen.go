package serve

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"
)

// Timeouts of the HTTP server: reading a request's header and body,
// keeping an idle connection; writing an answer may take as long as its
// wait (Config.Wait) and then some.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	idleTimeout       = 60 * time.Second
	maxHeaderBytes    = 16 << 10
)

// CheckAddr refuses an address that other machines could reach (not a
// loopback address, or every interface) unless public is set.
func CheckAddr(addr string, public bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %w (want HOST:PORT, e.g. 127.0.0.1:8080)", addr, err)
	}
	if public || host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("--addr %s is not a loopback address: other machines could reach the server; pass --public to serve them", addr)
}

// Serve serves s on addr until ctx is done, calling ready with the
// address once it listens; then it shuts down gracefully: it stops
// listening, lets the requests in flight finish (for as long as one may
// wait), and closes s.
func Serve(ctx context.Context, s *Server, addr string, ready func(net.Addr)) error {
	defer s.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: readHeaderTimeout, ReadTimeout: readTimeout,
		WriteTimeout: s.cfg.Wait + 10*time.Second, IdleTimeout: idleTimeout, MaxHeaderBytes: maxHeaderBytes,
		ErrorLog: log.New(s.cfg.Log, "wap serve: ", 0)}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	if ready != nil {
		ready(ln.Addr())
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), s.cfg.Wait+5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
