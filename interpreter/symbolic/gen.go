//go:build ignore

// Gen writes prims_gen.go, the symbolic machine's primitive words, from
// their descriptions in forth.Prims (package primgen). Run it with
// go generate ./interpreter/symbolic after changing forth.Prims.
package main

import (
	"log"
	"os"

	"github.com/d4lang/d4/interpreter/symbolic/internal/primgen"
)

func main() {
	src, err := primgen.Source()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(primgen.File, src, 0o644); err != nil {
		log.Fatal(err)
	}
}
