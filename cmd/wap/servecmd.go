package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/d4lang/d4/cmd/wap/serve"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/tasks/wap/model"
)

// serveCmd is wap serve: the page and the API (package serve) until
// SIGINT or SIGTERM.
func serveCmd(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("wap serve", "usage: wap serve [--model DIR] [--addr 127.0.0.1:8080] [--public]\n"+
		"Serves a page that answers word problems and shows how ∂4 reached each answer, and its JSON API\n"+
		"(POST /api/answer, GET /api/model, GET /healthz; see docs/serve.md), until interrupted (SIGINT, SIGTERM):\n"+
		"requests in flight finish first. A new version of the model directory is picked up while it serves.", stderr)
	modelDir := fs.String("model", model.DefaultDir, "model directory")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on, HOST:PORT (a loopback address unless --public)")
	public := fs.Bool("public", false, "allow an --addr that other machines can reach")
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	if err := serve.CheckAddr(*addr, *public); err != nil {
		return cli.Usagef("%v", err)
	}
	cfg := serve.DefaultConfig(*modelDir)
	cfg.Log = stderr
	s, err := serve.New(cfg)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve.Serve(ctx, s, *addr, func(a net.Addr) {
		fmt.Fprintf(stderr, "wap serve: listening on http://%s/ (Ctrl-C stops)\n", a)
	})
}
