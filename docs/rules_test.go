package docs

import "regexp"

// action is what the test does with a command.
type action int

const (
	// run runs the command as written and compares its output with the
	// page's (a sh block shows none: it must then succeed).
	run action = iota
	// runOnly runs the command as written on the smaller training of the
	// page's fixture; the page shows the full training's output, which is not
	// compared. The command must succeed.
	runOnly
	// reduce runs the rule's replacement instead: the same command with fewer
	// problems, updates or models. It must succeed.
	reduce
	// flags runs every d4, wap and tasks invocation of the command with --help
	// appended: each flag before it must exist and parse.
	flags
	// build is `go build -o NAME ./cmd/NAME`: the test has built NAME.
	build
	// goTest checks that the packages of a `go test` command exist and that
	// its -run, -bench and -fuzz patterns name tests they hold.
	goTest
	// script checks a shell script's syntax with bash -n.
	script
	// install is a package installation from a registry: not run.
	install
)

// rule classifies the commands its pattern matches (the command as
// normalised: `go run ./cmd/NAME` and `./NAME` read as NAME).
type rule struct {
	pattern *regexp.Regexp
	action  action
	why     string   // why a command is not run as written
	replace string   // reduce: the command to run instead
	needs   []string // "cc" (the CC data) or "node:PACKAGE" (a package on the command's NODE_PATH)
}

func r(pattern string, a action, why string) rule {
	return rule{pattern: regexp.MustCompile(pattern), action: a, why: why}
}

func (ru rule) needing(needs ...string) rule { ru.needs = needs; return ru }
func (ru rule) instead(cmd string) rule      { ru.replace = cmd; return ru }

// Why a command is checked rather than run.
const (
	fullModel    = "its output is that of the first command's model (minutes of training); run on the page's smaller fixture"
	minutes      = "trains for minutes (or hours) on two cores"
	fullData     = "needs the data or model of a training of minutes"
	reducedCC    = "CC's quick start, with 300 generated problems and one model for one epoch"
	registry     = "installs packages from the npm registry"
	experimentSh = "trains for tens of minutes"
	benchSecs    = "measures for about 20 s; run on a few short stories for milliseconds a figure"
	serves       = "serves until it is stopped (SIGINT); its flags are checked"
)

// rules classify every command the pages show; the first that matches wins.
var rules = []rule{
	// The README's word-problem quick start, on CC with fewer problems and updates.
	r(`^wap prepare data/cc --out data/prepared-cc +#`, reduce, reducedCC).instead("wap prepare data/cc --out data/prepared-cc --generated 300").needing("cc"),
	r(`^wap train --sketch sketches/wap\.fth --data data/prepared-cc --model models/cc +#`, reduce, reducedCC).
		instead("wap train --sketch sketches/wap.fth --data data/prepared-cc --model models/cc --models 1 --epochs 1 --cc-passes 1 --bag 0.01").needing("cc"),
	r(`^wap eval --data data/prepared-cc --model models/cc --split test +#`, reduce, reducedCC).instead("wap eval --data data/prepared-cc --model models/cc --split test").needing("cc"),
	r(`^wap eval --model models/cc --bench test +#`, reduce, reducedCC).instead("wap eval --model models/cc --bench test").needing("cc"),
	r(`^wap answer --model models/cc "A florist[^"]*"$`, reduce, reducedCC).
		instead(`wap answer --model models/cc "A florist had 50 roses. If she sold 15 of them and then later picked 21 more, how many roses would she have?"`).needing("cc"),

	// Commands whose output comes from the first command's model, run on the fixture.
	r(`^python3 scripts/safetensors_header\.py models/wap/`, runOnly, fullModel),
	r(`^jq '\{format, dev_accuracy`, runOnly, fullModel),
	r(`^wap eval --split dev --json \| jq \.accuracy$`, runOnly, fullModel),
	r(`^NODE_PATH=\S+ node scripts/prepared_stats\.cjs data/prepared$`, runOnly, fullModel).needing("node:@duckdb/node-api"),
	r(`^NODE_PATH=\S+ node scripts/check_tokenizer\.cjs data/prepared models/wap$`, runOnly, fullModel).
		needing("node:@duckdb/node-api", "node:@huggingface/transformers"),

	// Fast commands, run as written.
	r(`^d4 `, run, ""),
	r(`^tasks sort --sketch compare --train-len 3 --test-len (8|64) (--save models/compare > /dev/null|2> /dev/null)$`, run, ""),
	r(`^(wap|tasks) --version$`, run, ""),
	r(`^wap train --resume --lr 0\.02$`, run, ""),
	r(`^wap train --models 1 --model models/wap-1 > /dev/null 2>&1 &$`, run, ""),
	r(`^wap eval --data data/edited --split test$`, run, ""),
	r(`^(gforth|head|grep|ls|cat|cmp|printf|cp|until|kill|jq) `, run, ""),
	r(`^python3 scripts/(make_examples|safetensors_header)\.py\b`, run, ""),
	r(`^NODE_PATH=\S+ node scripts/jsonl_to_parquet\.cjs `, run, "").needing("node:@duckdb/node-api"),

	// wap bench, on a small batch for milliseconds a figure.
	r(`^wap bench --json +#`, reduce, benchSecs).instead("wap bench --json --seconds 0.03 --batch 4 --tokens 12 --models 2"),
	r(`^wap bench +#`, reduce, benchSecs).instead("wap bench --seconds 0.03 --batch 4 --tokens 12 --models 2"),

	// Commands of minutes or hours: their flags are checked.
	r(`^tasks (sort|add|table|bench)\b`, flags, minutes),
	r(`^wap (prepare|train|eval|answer)\b`, flags, fullData),
	r(`^wap serve\b`, flags, serves),

	r(`^go build -o (d4|wap|tasks) \./cmd/(d4|wap|tasks)$`, build, ""),
	r(`^go test `, goTest, "part of go test ./..."),
	r(`^scripts/dev_experiment\.sh `, script, experimentSh),
	r(`^npm install `, install, registry),
}

// fixtures are the commands a page's working directory is prepared with, the
// smaller trainings that stand for the first command's model.
var fixtures = map[string][]string{
	"docs/model-directories.md": {
		"wap prepare --synthetic --sizes 300,30,30 > /dev/null",
		"wap train --updates 1 > /dev/null 2>&1",
	},
	"docs/formats.md": {
		"wap prepare --synthetic --sizes 300,30,30 > /dev/null",
		"wap train --models 1 --updates 1 > /dev/null 2>&1",
	},
}
